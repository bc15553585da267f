import { Button, Link, Stack } from '@chakra-ui/react';
import { isPasswordValid, type LoginUserType } from '@repo/types';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { InlineError } from '@/components/feedback/inline-error';
import { PasswordChecklist } from '@/components/forms/password-checklist';
import { TextField } from '@/components/forms/text-field';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api/api-error';
import { useResetPassword } from '../api/reset-password';
import { AUTH_TEXT } from '../utils/messages';
import { FormError } from '@/components/feedback/form-error';

export interface ResetPasswordFormProps {
  /** The code of the e-mailed link; null when the link carried none. */
  code: string | null;
  /** From the link; the server's answer has the final say. */
  userType: LoginUserType;
}

interface ResetErrors {
  password?: string[];
  passwordConfirmation?: string[];
}

/** The page the reset e-mail links to: a new password, then the login screen of the user's type. */
export const ResetPasswordForm = ({ code, userType }: ResetPasswordFormProps) => {
  const navigate = useNavigate();
  const { resetPassword, isResetting } = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<ResetErrors>({});
  const [linkError, setLinkError] = useState<string | null>(code ? null : AUTH_TEXT.invalidResetLink);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: ResetErrors = {};
    if (!isPasswordValid(password)) next.password = [AUTH_TEXT.passwordRequirements];
    if (password !== confirmation) next.passwordConfirmation = [AUTH_TEXT.passwordsDoNotMatch];
    setErrors(next);
    setError(null);
    if (next.password || next.passwordConfirmation || !code) return;
    try {
      const result = await resetPassword({ code, password, passwordConfirmation: confirmation });
      navigate(paths.loginReturn(result?.userType ?? userType), { replace: true });
    } catch (cause) {
      if (cause instanceof ApiError && Object.keys(cause.fieldErrors).length > 0) {
        setErrors({ password: cause.fieldErrors.password, passwordConfirmation: cause.fieldErrors.passwordConfirmation });
      } else if (cause instanceof ApiError && cause.message === AUTH_TEXT.invalidResetLink) {
        setLinkError(cause.message);
      } else {
        setError(errorMessage(cause, AUTH_TEXT.resetPasswordFailed));
      }
    }
  };

  if (linkError) {
    return (
      <AuthLayout title={AUTH_TEXT.resetHeading}>
        <Stack gap="4">
          <InlineError message={linkError} />
          <Link asChild colorPalette="brand" color="colorPalette.fg" alignSelf="center">
            <RouterLink to={paths.login(userType)}>{AUTH_TEXT.returnToLogin}</RouterLink>
          </Link>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={AUTH_TEXT.newPasswordHeading}>
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="4">
          <FormError message={error} />
          <TextField
            label={AUTH_TEXT.newPasswordLabel}
            type="password"
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
            error={errors.password}
            required
          />
          <PasswordChecklist password={password} />
          <TextField
            label={AUTH_TEXT.confirmNewPasswordLabel}
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onValueChange={setConfirmation}
            error={errors.passwordConfirmation}
            required
          />
          <Button type="submit" colorPalette="brand" loading={isResetting} loadingText={AUTH_TEXT.resetting}>
            {AUTH_TEXT.resetPassword}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
};
