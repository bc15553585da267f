import type { LoginUserType } from '@repo/types';

/** Every string of the sign-in screens, in the spec's wording where the spec gives one. */
export const AUTH_TEXT = {
  loginHeading: { admin: 'Admin Login', agent: 'Agent Login' } satisfies Record<LoginUserType, string>,
  agentSubtitle: 'Sign in to browse the properties available to you',
  emailLabel: 'Email address',
  passwordLabel: 'Password',
  rememberMe: 'Remember me',
  forgotPassword: 'Forgot password?',
  logIn: 'Log in',
  loggingIn: 'Logging in...',
  emailRequired: 'Please enter your email address',
  passwordRequired: 'Please enter your password',
  loginFailed: 'Failed to log in. Please check your credentials.',
  passwordWasReset: 'Your password has been reset. Please log in with your new password.',

  codeSending: (maskedPhone: string) => `Sending a verification code to ${maskedPhone}...`,
  codeSent: (maskedPhone: string) => `A verification code was sent to ${maskedPhone}.`,
  codeLabel: 'Verification code',
  verify: 'Verify',
  verifying: 'Verifying...',
  cancel: 'Cancel',
  resend: 'Resend code',
  resendIn: (seconds: number) => `Resend code in ${seconds}s`,
  invalidCodeFormat: 'Please enter a valid 6-digit verification code',
  sendCodeFailed: 'Failed to send verification code. Please try again.',
  verifyFailed: 'An error occurred during verification. Please try again.',
  /** The server's wording for a challenge that is gone; the flow returns to the form. */
  sessionExpired: 'Verification session expired. Please try again.',

  resetHeading: 'Reset Your Password',
  resetIntro: "Enter your account's email address and we will send you a link to reset your password.",
  sendResetLink: 'Send Reset Link',
  sending: 'Sending...',
  resetFailed: 'Failed to send password reset email. Please try again later.',
  resetSentHeading: 'Password Reset Email Sent',
  // An unknown address is refused with 'No account found with this email address' (spec §8), so this
  // page is reached only for an account: it says the e-mail is sent, not 'if' it is.
  resetSent: (email: string) => `A link to reset your password has been sent to ${email}. Check your inbox.`,
  returnToLogin: 'Return to Login',

  newPasswordHeading: 'Choose a New Password',
  newPasswordLabel: 'New Password',
  confirmNewPasswordLabel: 'Confirm New Password',
  resetPassword: 'Reset Password',
  resetting: 'Resetting...',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordRequirements: 'Password does not meet all requirements',
  invalidResetLink: 'This password reset link is invalid or has expired.',
  resetPasswordFailed: 'Failed to reset your password. Please try again.',
  backToStart: 'Go to the start page',
} as const;
