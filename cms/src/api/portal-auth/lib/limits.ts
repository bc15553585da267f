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
  /**
   * Failed password checks for one e-mail address (existing or not), from anywhere. Never refuses:
   * past `max` the account is throttled, each attempt answered only after SIGN_IN_DELAY, so an
   * attacker cannot lock its owner out (issue #25, finding 9).
   */
  loginFailuresPerAccount: { name: 'login-failure:account', max: 5, windowMs: 15 * MINUTE },
  /** Failed password checks for one e-mail address from one client address: that address is refused for that account. */
  loginFailuresPerAccountAndAddress: { name: 'login-failure:pair', max: 5, windowMs: 15 * MINUTE },
  /** Failed password checks from one client address, across accounts: credential stuffing. */
  loginFailuresPerAddress: { name: 'login-failure:address', max: 20, windowMs: 15 * MINUTE },
  /**
   * SMS codes sent to one account, sign-in and setup together: bounds SMS-pumping cost. Room for a
   * user whose codes do not arrive to try four times, each with one resend (issue #29, item 11).
   */
  smsPerAccount: { name: 'sms:account', max: 10, windowMs: HOUR },
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

/**
 * The delay before a throttled account's attempt is judged: the 6th failure within the window
 * waits 1 s, each further one twice as long, never more than 10 s. It applies to every attempt on
 * the account, the owner's right password included, so the owner still gets in (after at most
 * 10 s) while a guesser from one connection is held to one guess per 10 s.
 */
export const SIGN_IN_DELAY = { firstMs: 1_000, maxMs: 10_000 } as const;

/** The delay for an attempt on an account that already failed `failures` times within the window. */
export const signInDelayMs = (failures: number) => {
  const over = failures - RATE_LIMITS.loginFailuresPerAccount.max;
  return over < 0 ? 0 : Math.min(SIGN_IN_DELAY.maxMs, SIGN_IN_DELAY.firstMs * 2 ** over);
};

/** The longest window: older events count for nothing and are deleted. */
export const LONGEST_WINDOW_MS = Math.max(...Object.values(RATE_LIMITS).map((limit) => limit.windowMs));

/** A challenge (sign-in second step or phone setup) lives 10 minutes (ASVS 6.5.5) and dies after 5 wrong codes. */
export const CHALLENGE_TTL_MS = 10 * MINUTE;
export const CHALLENGE_MAX_WRONG_CODES = 5;
/** Codes one challenge may send: the first and four resends (60 s apart). More needs a new sign-in. */
export const CHALLENGE_MAX_SENDS = 5;

/** A password reset link lasts an hour. */
export const RESET_CODE_TTL_MS = HOUR;

/** lastSeenAt of a session is written at most this often, so reads do not turn into writes. */
export const SESSION_TOUCH_INTERVAL_MS = MINUTE;
