import { Alert } from '@chakra-ui/react';

export interface FormErrorProps {
  message: string | null | undefined;
}

/** A form's own failure (not a field's), shown above its fields; nothing when there is none. */
export const FormError = ({ message }: FormErrorProps) =>
  message ? (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  ) : null;
