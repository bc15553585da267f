import { Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FullScreenSpinner } from '@/components/feedback/full-screen-spinner';
import { ResetPasswordForm } from '@/features/auth/components/lazy-auth-steps';

/** /reset-password?code=…&userType=…, the link of the reset e-mail. */
export const ResetPasswordRoute = () => {
  const [params] = useSearchParams();
  const userType = params.get('userType') === 'admin' ? 'admin' : 'agent';
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <ResetPasswordForm code={params.get('code') || null} userType={userType} />
    </Suspense>
  );
};
