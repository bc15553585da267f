import { Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { LoginUserType } from '@repo/types';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { TextField } from '@/components/forms/text-field';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { errorMessage } from '@/lib/api/api-error';
import { useForgotPassword } from '../api/forgot-password';
import { AUTH_TEXT } from '../utils/messages';
import { FormError } from '@/components/feedback/form-error';

export interface ForgotPasswordFormProps {
  userType: LoginUserType;
  initialEmail: string;
  /** The login form's address (Cancel and Return to Login lead there). */
  loginTo: string;
  onCancel: () => void;
}

/** Password reset (spec §2, §4): 'Reset Your Password', then 'Password Reset Email Sent'. */
export const ForgotPasswordForm = ({ userType, initialEmail, loginTo, onCancel }: ForgotPasswordFormProps) => {
  const { requestReset, isSending } = useForgotPassword();
  const [email, setEmail] = useState(initialEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const address = email.trim();
    setFieldError(address ? undefined : AUTH_TEXT.emailRequired);
    if (!address) return;
    try {
      await requestReset({ email: address, userType });
      setSentTo(address);
    } catch (cause) {
      setError(errorMessage(cause, AUTH_TEXT.resetFailed));
    }
  };

  if (sentTo) {
    return (
      <AuthLayout title={AUTH_TEXT.resetSentHeading}>
        <Stack gap="4" textAlign="center">
          <Text>{AUTH_TEXT.resetSent(sentTo)}</Text>
          <Link asChild colorPalette="brand" color="colorPalette.fg" alignSelf="center">
            <RouterLink to={loginTo}>{AUTH_TEXT.returnToLogin}</RouterLink>
          </Link>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={AUTH_TEXT.resetHeading}>
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="4">
          <Text color="fg.muted">{AUTH_TEXT.resetIntro}</Text>
          <FormError message={error} />
          <TextField label={AUTH_TEXT.emailLabel} type="email" autoComplete="email" value={email} onValueChange={setEmail} error={fieldError} required />
          <HStack gap="3">
            <Button variant="outline" flex="1" onClick={onCancel} disabled={isSending}>
              {AUTH_TEXT.cancel}
            </Button>
            <Button type="submit" colorPalette="brand" flex="1" loading={isSending} loadingText={AUTH_TEXT.sending}>
              {AUTH_TEXT.sendResetLink}
            </Button>
          </HStack>
        </Stack>
      </form>
    </AuthLayout>
  );
};
