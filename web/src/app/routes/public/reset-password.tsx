import { useSearchParams } from 'react-router-dom';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/** /reset-password?code=…&userType=…, the link of the reset e-mail. */
export const ResetPasswordRoute = () => {
  const [params] = useSearchParams();
  const userType = params.get('userType') === 'admin' ? 'admin' : 'agent';
  return <ResetPasswordForm code={params.get('code') || null} userType={userType} />;
};
