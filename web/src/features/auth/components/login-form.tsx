import { Button, Checkbox, HStack, Link, Stack } from '@chakra-ui/react';
import type { LoginResult, LoginUserType } from '@repo/types';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { TextField } from '@/components/forms/text-field';
import { errorMessage } from '@/lib/api/api-error';
import { useLogin } from '../api/login';
import { AUTH_TEXT } from '../utils/messages';
import { readRememberedEmail, saveRememberMe } from '../utils/remember-me';
import { FormError } from '@/components/feedback/form-error';

export interface LoginFormProps {
  userType: LoginUserType;
  email: string;
  onEmailChange: (email: string) => void;
  error: string | null;
  onErrorChange: (error: string | null) => void;
  onResult: (result: LoginResult) => void;
  /** Where 'Forgot password?' leads (the reset view of this screen). */
  forgotPasswordTo: string;
}

interface CredentialErrors {
  email?: string;
  password?: string;
}

export const LoginForm = ({ userType, email, onEmailChange, error, onErrorChange, onResult, forgotPasswordTo }: LoginFormProps) => {
  const { login, isLoggingIn } = useLogin();
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(() => readRememberedEmail() !== null);
  const [fieldErrors, setFieldErrors] = useState<CredentialErrors>({});

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors: CredentialErrors = {};
    if (!email.trim()) errors.email = AUTH_TEXT.emailRequired;
    if (!password) errors.password = AUTH_TEXT.passwordRequired;
    setFieldErrors(errors);
    onErrorChange(null);
    if (errors.email || errors.password) return;
    try {
      const result = await login({ email: email.trim(), password, userType });
      saveRememberMe(remember, email.trim());
      onResult(result);
    } catch (cause) {
      onErrorChange(errorMessage(cause, AUTH_TEXT.loginFailed));
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="4">
        <FormError message={error} />
        <TextField
          label={AUTH_TEXT.emailLabel}
          type="email"
          autoComplete="username"
          value={email}
          onValueChange={onEmailChange}
          error={fieldErrors.email}
          required
        />
        <TextField
          label={AUTH_TEXT.passwordLabel}
          type="password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
          error={fieldErrors.password}
          required
        />
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <Checkbox.Root checked={remember} onCheckedChange={(details) => setRemember(details.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{AUTH_TEXT.rememberMe}</Checkbox.Label>
          </Checkbox.Root>
          <Link asChild colorPalette="brand" color="colorPalette.fg" fontSize="sm">
            <RouterLink to={forgotPasswordTo}>{AUTH_TEXT.forgotPassword}</RouterLink>
          </Link>
        </HStack>
        <Button type="submit" colorPalette="brand" loading={isLoggingIn} loadingText={AUTH_TEXT.loggingIn} width="full">
          {AUTH_TEXT.logIn}
        </Button>
      </Stack>
    </form>
  );
};
