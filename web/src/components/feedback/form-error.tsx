import { Alert, Button } from '@chakra-ui/react';

export interface FormErrorProps {
  message: string | null | undefined;
  /** Offered with a stale save (409): re-reads the record so the form starts from the latest version. */
  onReload?: () => void;
  reloadLabel?: string;
}

/** A form's own failure (not a field's), shown above its fields; nothing when there is none. */
export const FormError = ({ message, onReload, reloadLabel = 'Reload' }: FormErrorProps) =>
  message ? (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{message}</Alert.Title>
      </Alert.Content>
      {onReload && (
        <Button size="sm" variant="outline" onClick={onReload}>
          {reloadLabel}
        </Button>
      )}
    </Alert.Root>
  ) : null;
