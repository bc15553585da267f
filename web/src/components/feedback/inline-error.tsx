import { Alert } from '@chakra-ui/react';

export interface InlineErrorProps {
  message: string;
  title?: string;
}

/** A failed fetch, shown where its data would have been. */
export const InlineError = ({ message, title }: InlineErrorProps) => (
  <Alert.Root status="error" variant="subtle">
    <Alert.Indicator />
    <Alert.Content>
      {title && <Alert.Title>{title}</Alert.Title>}
      <Alert.Description>{message}</Alert.Description>
    </Alert.Content>
  </Alert.Root>
);
