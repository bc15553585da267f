import { Button, Stack } from '@chakra-ui/react';
import { isPasswordValid } from '@repo/types';
import { useState, type FormEvent } from 'react';
import { PasswordChecklist } from '@/components/forms/password-checklist';
import { TextField } from '@/components/forms/text-field';
import { toaster } from '@/components/ui/toaster';
import { ApiError, errorMessage } from '@/lib/api/api-error';
import { useChangePassword } from '../api/change-password';
import { SETTINGS_TEXT } from '../utils/messages';
import { SettingsSection } from './settings-section';

type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';
type PasswordErrors = Partial<Record<PasswordField, string[]>>;

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

const validate = (values: typeof EMPTY): PasswordErrors => {
  const errors: PasswordErrors = {};
  if (!values.currentPassword) errors.currentPassword = [SETTINGS_TEXT.currentPasswordRequired];
  if (!isPasswordValid(values.newPassword)) errors.newPassword = [SETTINGS_TEXT.passwordRequirements];
  if (values.newPassword !== values.confirmPassword) errors.confirmPassword = [SETTINGS_TEXT.newPasswordsDoNotMatch];
  return errors;
};

/** Change Password (spec §2, §5): the current password is re-checked by the server first. */
export const ChangePasswordForm = () => {
  const { changePassword, isChanging } = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const setField = (field: PasswordField) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await changePassword(values);
      setValues(EMPTY);
      toaster.success({ title: SETTINGS_TEXT.passwordUpdated });
    } catch (cause) {
      if (cause instanceof ApiError && Object.keys(cause.fieldErrors).length > 0) setErrors(cause.fieldErrors);
      else if (cause instanceof ApiError && cause.message === SETTINGS_TEXT.incorrectPassword) setErrors({ currentPassword: [cause.message] });
      else toaster.error({ title: errorMessage(cause, SETTINGS_TEXT.passwordUpdateFailed) });
    }
  };

  return (
    <SettingsSection title={SETTINGS_TEXT.passwordHeading}>
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="4" maxW="md">
          <TextField
            label={SETTINGS_TEXT.currentPassword}
            type="password"
            autoComplete="current-password"
            value={values.currentPassword}
            onValueChange={setField('currentPassword')}
            error={errors.currentPassword}
          />
          <TextField
            label={SETTINGS_TEXT.newPassword}
            type="password"
            autoComplete="new-password"
            value={values.newPassword}
            onValueChange={setField('newPassword')}
            error={errors.newPassword}
          />
          <PasswordChecklist password={values.newPassword} />
          <TextField
            label={SETTINGS_TEXT.confirmNewPassword}
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            onValueChange={setField('confirmPassword')}
            error={errors.confirmPassword}
          />
          <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={isChanging} loadingText={SETTINGS_TEXT.updatingPassword}>
            {SETTINGS_TEXT.updatePassword}
          </Button>
        </Stack>
      </form>
    </SettingsSection>
  );
};
