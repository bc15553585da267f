import { NOT_SIGNED_IN } from '../../../http/auth-state';

/**
 * Every message the sign-in, account and user-management routes return to the portal. The quoted
 * ones are the spec's wording (spec §5, §8) and must not change; the others cover cases the spec
 * does not show, and say what went wrong.
 */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  tooManyFailedLogins: 'Too many failed login attempts. Please try again later',
  invalidAccountType: 'Invalid account type',
  sendCodeFailed: 'Failed to send verification code. Please try again.',
  invalidCode: 'Invalid verification code. Please try again.',
  sessionExpired: 'Verification session expired. Please try again.',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  enterPhone: 'Please enter a phone number.',
  invalidPhone: (phone: string) => `Invalid phone number: ${phone}. Please use international format (e.g., +974XXXXXXXX for Qatar)`,
  enterSixDigitCode: 'Please enter a valid 6-digit verification code',
  codeExpired: 'Verification code has expired. Please request a new code.',
  incorrectPassword: 'Incorrect password. Please try again.',
  newPasswordsDoNotMatch: 'New passwords do not match',
  passwordRequirements: 'Password does not meet all requirements',
  enterEmail: 'Please enter your email address',
  invalidEmailAddress: 'Invalid email address',
  noAccount: 'No account found with this email address',
  resetEmailFailed: 'Failed to send password reset email. Please try again later.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  firstNameRequired: 'First name is required',
  cannotDeleteSelf: 'You cannot delete your own account.',
  emailTaken: 'Email is already taken',
  notSignedIn: NOT_SIGNED_IN,
  crossSite: 'Cross-site request refused: the Origin does not match this server',
  adminsNotEditable: 'Administrators can only edit their own profile',
  adminsNotDeletable: 'Administrators cannot be deleted from user management',
  ownProfileFields: 'On your own profile you can change only your name and phone number',
  twoFactorPhoneLocked: 'This phone number receives your two-factor codes: set up two-factor authentication again to change it',
  userNotFound: (id: number | string) => `User ${id} not found`,
  unknownProjects: (ids: readonly number[]) => `Unknown project id(s): ${ids.join(', ')}`,
} as const;
