/**
 * The sign-in's later steps, in a chunk of their own: 'Forgot password?', the two-factor code and the
 * reset e-mail's page. The first screen (landing and login) loads without them and stays inside its
 * JS budget (ARCHITECTURE: 170 KB gzipped; issue #26: 165 kB); the login screen fetches this chunk
 * once it is shown (preloadAuthSteps), so a step opens without a wait.
 */
export { ForgotPasswordForm } from './forgot-password-form';
export { ResetPasswordForm } from './reset-password-form';
export { TwoFactorStep } from './two-factor-step';
