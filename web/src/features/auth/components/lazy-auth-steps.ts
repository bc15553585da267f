import type { ComponentProps } from 'react';
import { lazyNamed } from '@/lib/lazy';

type Steps = typeof import('./auth-steps');
type PropsOf<Name extends keyof Steps> = ComponentProps<Steps[Name]>;

/** Loads the sign-in's later steps (auth-steps.ts); repeated calls share one download. */
export const loadAuthSteps = () => import('./auth-steps');

/** Fetches the steps' chunk ahead of need; a failure is left to the step that needs it, which shows it. */
export const preloadAuthSteps = () => {
  loadAuthSteps().catch(() => undefined);
};

export const ForgotPasswordForm = lazyNamed<'ForgotPasswordForm', PropsOf<'ForgotPasswordForm'>>(loadAuthSteps, 'ForgotPasswordForm');
export const ResetPasswordForm = lazyNamed<'ResetPasswordForm', PropsOf<'ResetPasswordForm'>>(loadAuthSteps, 'ResetPasswordForm');
export const TwoFactorStep = lazyNamed<'TwoFactorStep', PropsOf<'TwoFactorStep'>>(loadAuthSteps, 'TwoFactorStep');
