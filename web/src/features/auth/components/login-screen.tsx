import { Alert } from '@chakra-ui/react';
import type { LoginResult, LoginUserType, SessionProfile } from '@repo/types';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { FullScreenSpinner } from '@/components/feedback/full-screen-spinner';
import { InlineSpinner } from '@/components/feedback/inline-spinner';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { useSession } from '../hooks/use-session';
import { AUTH_TEXT } from '../utils/messages';
import { readRememberedEmail } from '../utils/remember-me';
import { ForgotPasswordForm, preloadAuthSteps, TwoFactorStep } from './lazy-auth-steps';
import { LoginForm } from './login-form';
import type { TwoFactorChallenge } from './two-factor-step';

export interface LoginScreenProps {
  userType: LoginUserType;
  /** Reached through the reset e-mail's return path (/login/{userType}): says the password was reset. */
  afterPasswordReset?: boolean;
}

/** The reset view lives in the URL, so 'Forgot password?' is a real link and Back returns to the form. */
const FORGOT_VIEW = 'forgot-password';

export const LoginScreen = ({ userType, afterPasswordReset = false }: LoginScreenProps) => {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const { refresh } = useSession();
  const [email, setEmail] = useState(() => readRememberedEmail() ?? '');
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);

  // The forgot-password form and the two-factor step come in a chunk of their own: fetched now, so
  // either opens at once.
  useEffect(preloadAuthSteps, []);

  const handleSignedIn = useCallback(
    async (profile: SessionProfile) => {
      await refresh(profile);
      // By role, not by screen: an admin signing in on the agent screen lands on the admin dashboard.
      navigate(paths.dashboard(profile.role), { replace: true });
    },
    [refresh, navigate],
  );

  const handleResult = (result: LoginResult) => {
    if (result.status === 'signed-in') void handleSignedIn(result.profile);
    else setChallenge({ challengeId: result.challengeId, maskedPhone: result.maskedPhone });
  };

  const handleExpired = useCallback((message: string) => {
    setChallenge(null);
    setError(message);
  }, []);

  if (searchParams.get('view') === FORGOT_VIEW) {
    return (
      <Suspense fallback={<FullScreenSpinner />}>
        <ForgotPasswordForm userType={userType} initialEmail={email} loginTo={pathname} onCancel={() => navigate(pathname)} />
      </Suspense>
    );
  }

  return (
    <AuthLayout title={AUTH_TEXT.loginHeading[userType]} subtitle={userType === 'agent' ? AUTH_TEXT.agentSubtitle : undefined}>
      {afterPasswordReset && !challenge && (
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Title>{AUTH_TEXT.passwordWasReset}</Alert.Title>
        </Alert.Root>
      )}
      {challenge ? (
        <Suspense fallback={<InlineSpinner label="Loading..." py="6" />}>
          <TwoFactorStep
            challenge={challenge}
            onSignedIn={(profile) => void handleSignedIn(profile)}
            onCancel={() => setChallenge(null)}
            onExpired={handleExpired}
          />
        </Suspense>
      ) : (
        <LoginForm
          userType={userType}
          email={email}
          onEmailChange={setEmail}
          error={error}
          onErrorChange={setError}
          onResult={handleResult}
          forgotPasswordTo={`${pathname}?view=${FORGOT_VIEW}`}
        />
      )}
    </AuthLayout>
  );
};
