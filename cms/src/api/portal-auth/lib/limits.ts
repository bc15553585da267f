/**
 * The numbers of the sign-in hardening, in one place. Windows are sliding; the counters live in the
 * database (auth_attempts), so a restart or a second server instance does not reset them.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface RateLimit {
  /** Prefix of the bucket, which also names the rule in logs. */
  name: string;
  max: number;
  windowMs: number;
}

export const RATE_LIMITS = {
  /** Failed password checks for one e-mail address, existing or not (NIST 800-63B allows at most 100). */
  loginFailuresPerAccount: { name: 'login-failure:account', max: 5, windowMs: 15 * MINUTE },
  /** Failed password checks from one client address, across accounts: credential stuffing. */
  loginFailuresPerAddress: { name: 'login-failure:address', max: 20, windowMs: 15 * MINUTE },
  /** SMS codes sent to one account, sign-in and setup together: bounds SMS-pumping cost. */
  smsPerAccount: { name: 'sms:account', max: 5, windowMs: HOUR },
  // Per address generously: an office of agents signs in from one address, and every send needs a password or session anyway.
  smsPerAddress: { name: 'sms:address', max: 50, windowMs: HOUR },
  /** Password reset e-mails asked for one address, and from one client address. */
  resetRequestsPerAccount: { name: 'reset-request:account', max: 3, windowMs: HOUR },
  resetRequestsPerAddress: { name: 'reset-request:address', max: 10, windowMs: HOUR },
  /** Reset links that did not match, per client address. */
  resetFailuresPerAddress: { name: 'reset-failure:address', max: 20, windowMs: 15 * MINUTE },
  /** Wrong current passwords on change-password and delete-account: a stolen session must not brute-force the password. */
  reauthFailuresPerAccount: { name: 'reauth-failure:account', max: 5, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimit>;

/** The longest window: older events count for nothing and are deleted. */
export const LONGEST_WINDOW_MS = Math.max(...Object.values(RATE_LIMITS).map((limit) => limit.windowMs));

/** A challenge (sign-in second step or phone setup) lives 10 minutes (ASVS 6.5.5) and dies after 5 wrong codes. */
export const CHALLENGE_TTL_MS = 10 * MINUTE;
export const CHALLENGE_MAX_WRONG_CODES = 5;

/** A password reset link lasts an hour. */
export const RESET_CODE_TTL_MS = HOUR;

/** lastSeenAt of a session is written at most this often, so reads do not turn into writes. */
export const SESSION_TOUCH_INTERVAL_MS = MINUTE;
