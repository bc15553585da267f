import { Button, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { TextField } from '@/components/forms/text-field';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toaster } from '@/components/ui/toaster';
import { ApiError, errorMessage } from '@/lib/api/api-error';
import { useDeleteAccount } from '../api/delete-account';
import { SETTINGS_TEXT } from '../utils/messages';
import { SettingsSection } from './settings-section';

export interface DangerZoneProps {
  /** The account is gone and so is the session; the screen leaves (to /login). */
  onAccountDeleted: () => void;
}

/** Delete Account: the password again, then a confirmation (spec §5). */
export const DangerZone = ({ onAccountDeleted }: DangerZoneProps) => {
  const { deleteAccount, isDeleting } = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(password ? undefined : SETTINGS_TEXT.deletePasswordRequired);
    if (password) setConfirming(true);
  };

  const handleConfirm = async () => {
    try {
      await deleteAccount({ password });
      setConfirming(false);
      onAccountDeleted();
    } catch (cause) {
      setConfirming(false);
      if (cause instanceof ApiError && (cause.fieldError('password') || cause.message === SETTINGS_TEXT.incorrectPassword)) {
        setError(cause.fieldError('password') ?? cause.message);
      } else {
        toaster.error({ title: errorMessage(cause, SETTINGS_TEXT.deleteFailed) });
      }
    }
  };

  return (
    <SettingsSection title={SETTINGS_TEXT.dangerHeading} tone="danger">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="4" maxW="md">
          <Text color="fg.muted">{SETTINGS_TEXT.dangerDescription}</Text>
          <TextField
            label={SETTINGS_TEXT.deletePassword}
            type="password"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
            error={error}
          />
          <Button type="submit" colorPalette="red" alignSelf="flex-start">
            {SETTINGS_TEXT.deleteAccount}
          </Button>
        </Stack>
      </form>
      <ConfirmDialog
        open={confirming}
        title={SETTINGS_TEXT.deleteAccount}
        confirmLabel={SETTINGS_TEXT.deleteAccount}
        busyLabel={SETTINGS_TEXT.deletingAccount}
        busy={isDeleting}
        onConfirm={() => void handleConfirm()}
        onCancel={() => setConfirming(false)}
      >
        <Text>{SETTINGS_TEXT.deleteConfirm}</Text>
      </ConfirmDialog>
    </SettingsSection>
  );
};
