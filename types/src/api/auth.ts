import type { UserProfile } from '../domain';

/**
 * The sign-in, session, account and user-management API (spec §2 Login / Users / Settings, §4, §5,
 * §7, §8). The server implements it in cms/src/api/portal-auth and cms/src/api/portal-user; the web
 * calls it from web/src/features/{auth,users,settings}/api. Paths are relative to /api.
 *
 * Sessions: a successful sign-in sets an httpOnly, SameSite=Strict cookie (SESSION_COOKIE) holding
 * the session token; page scripts never see it. Every later request is authenticated by that cookie
 * (the server also accepts `Authorization: Bearer <token>` for non-browser clients). The server
 * keeps one row per session, so logout, a password change or reset, deleting the account, or an
 * admin deleting the user ends those sessions at once.
 *
 * Errors use Strapi's envelope: `{ data: null, error: { status, name, message, details } }` where
 * `message` is the spec's wording and, for validation errors, `details.errors` is a list of
 * `{ path: [field], message }`. Every body is checked strictly: a field of the wrong type or a field
 * the route does not know is a 400. A request without a valid session is a 401 on every route that
 * needs one; a signed-in user without the right role gets a 403.
 *
 * Responses without a result type below: logout, change-password, delete-account and
 * forgot-password answer 204 with no body; GET me, PUT me, two-factor/confirm and
 * two-factor/disable answer 200 with the SessionProfile itself; GET portal-users answers
 * ManagedUser[], POST 201 with the ManagedUser, PUT 200 with the ManagedUser, DELETE 204.
 */

export const SESSION_COOKIE = 'pp_session';

export const AUTH_PATHS = {
  login: '/portal-auth/login',
  sendLoginCode: '/portal-auth/login/send-code',
  verifyLoginCode: '/portal-auth/login/verify',
  logout: '/portal-auth/logout',
  me: '/portal-auth/me',
  changePassword: '/portal-auth/change-password',
  deleteAccount: '/portal-auth/delete-account',
  forgotPassword: '/portal-auth/forgot-password',
  resetPassword: '/portal-auth/reset-password',
  twoFactorStart: '/portal-auth/two-factor/start',
  twoFactorConfirm: '/portal-auth/two-factor/confirm',
  twoFactorDisable: '/portal-auth/two-factor/disable',
  users: '/portal-users',
  user: (id: number | string) => `/portal-users/${id}`,
} as const;

/**
 * The profile as the server returns it: GET me, and after every successful sign-in. It is the user
 * profile of spec §3, with agentType derived by the server per spec §4 (null only when it cannot be).
 */
export type SessionProfile = UserProfile;

export type LoginUserType = 'admin' | 'agent';

/** POST login. The admin screen accepts only admins; the agent screen agents and admins. */
export interface LoginInput {
  email: string;
  password: string;
  userType: LoginUserType;
}

/**
 * 200 with either a session (cookie set, `profile` given) or a pending second factor (no cookie,
 * no session: only a challenge id that is good for nothing but send-code and verify).
 * Errors: 400 'Invalid email or password'; 403 'Invalid account type';
 * 429 'Too many failed login attempts. Please try again later' (this client address failed too
 * often, on this account or across accounts). An account with many recent failures is never
 * refused, but each attempt on it is answered only after a delay of up to 10 s (SECURITY.md).
 */
export type LoginResult =
  { status: 'signed-in'; profile: SessionProfile } | { status: 'two-factor-required'; challengeId: string; maskedPhone: string; expiresAt: string };

/**
 * POST send-code: sends the 6-digit SMS code for a pending challenge; again only after 60 s (an
 * earlier resend is a 429 whose `details.resendAvailableAt` says when). Sending replaces the
 * previous code. 502 'Failed to send verification code. Please try again.' when the SMS gateway fails.
 */
export interface SendCodeInput {
  challengeId: string;
}
/** Errors: 400 'Verification session expired. Please try again.'; 429 'Too many attempts. Please try again later.' */
export interface SendCodeResult {
  maskedPhone: string;
  /** When the next send is allowed (ISO). */
  resendAvailableAt: string;
}

/**
 * POST verify. Errors: 400 'Invalid verification code. Please try again.'; 400 'Verification
 * session expired. Please try again.' (the challenge is used, older than 10 minutes, or has had 5
 * wrong codes). On success the session cookie is set.
 */
export interface VerifyCodeInput {
  challengeId: string;
  code: string;
}
export interface VerifyCodeResult {
  profile: SessionProfile;
}

/** PUT me: the fields a user may change about themselves. Anything else in the body is refused (400). */
export interface UpdateMeInput {
  firstName?: string;
  lastName?: string | null;
  phoneNumber?: string | null;
}

/**
 * POST change-password. Errors: 400 'Incorrect password. Please try again.', 'New passwords do not
 * match', 'Password does not meet all requirements' (details.errors lists the unmet rules). 204: every
 * session of the user ends and this browser gets a fresh session cookie.
 */
export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** POST delete-account. Errors: 400 'Incorrect password. Please try again.' 204: the account and its sessions are gone, the cookie is cleared. */
export interface DeleteAccountInput {
  password: string;
}

/**
 * POST forgot-password. Errors: 400 'Please enter your email address', 'Invalid email address'; 404
 * 'No account found with this email address'; 429 'Too many attempts. Please try again later.';
 * 502 'Failed to send password reset email. Please try again later.' The e-mail links to
 * `/reset-password?code=<code>&userType=<admin|agent>`; the code is single-use and lasts 1 hour.
 */
export interface ForgotPasswordInput {
  email: string;
  userType: LoginUserType;
}

/**
 * POST reset-password: the code from the e-mailed link. Errors: 400 'This password reset link is
 * invalid or has expired.', 'Passwords do not match' and the password messages. No session is
 * created; every existing session of the user ends.
 */
export interface ResetPasswordInput {
  code: string;
  password: string;
  passwordConfirmation: string;
}
export interface ResetPasswordResult {
  userType: LoginUserType;
}

/**
 * POST two-factor/start: phone entry of the setup; sends the code to that phone at once. Errors:
 * 'Please enter a phone number.', 'Invalid phone number: … Please use international format (e.g.,
 * +974XXXXXXXX for Qatar)', 429 'Too many attempts. Please try again later.' (also for a new start
 * within 60 s of the last one, with `details.resendAvailableAt`), 502 'Failed to send verification
 * code. Please try again.'
 */
export interface TwoFactorStartInput {
  phoneNumber: string;
}
export interface TwoFactorStartResult {
  challengeId: string;
  maskedPhone: string;
  resendAvailableAt: string;
  expiresAt: string;
}

/** POST two-factor/confirm. Errors: 'Please enter a valid 6-digit verification code', 'Invalid verification code. Please try again.', 410 'Verification code has expired. Please request a new code.' Turns SMS two-factor on with the verified phone. */
export interface TwoFactorConfirmInput {
  challengeId: string;
  code: string;
}

/** A row of the Users tab (GET portal-users, admin only). */
export type ManagedUser = SessionProfile & {
  blocked: boolean;
  createdAt: string;
  /** Failed sign-ins on this account lately (5 or more in 15 minutes): each attempt is answered only after a delay (SECURITY.md). */
  signInThrottled: boolean;
};

// POST portal-users: createUserSchema and CreateUserInput in ./users.ts.
// PUT portal-users/:id: updateUserSchema and UpdateUserInput in ./users.ts.
