import type { LoginUserType } from '@repo/types';
import { Navigate, useParams } from 'react-router-dom';
import { LoginScreen } from '@/features/auth/components/login-screen';
import { paths } from '@/config/paths';

export interface LoginRouteProps {
  userType: LoginUserType;
}

/** /admin/login and /agent/login; keyed so switching between them starts a fresh form. */
export const LoginRoute = ({ userType }: LoginRouteProps) => <LoginScreen key={userType} userType={userType} />;

/** /login/{userType}: where a password reset returns to. */
export const LoginReturnRoute = () => {
  const { userType } = useParams();
  if (userType !== 'admin' && userType !== 'agent') return <Navigate to={paths.home} replace />;
  return <LoginScreen key={userType} userType={userType} afterPasswordReset />;
};
