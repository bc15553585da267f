import { LIMITS } from '../domain';

export type PasswordRuleId = 'length' | 'uppercase' | 'lowercase' | 'number' | 'special';

export interface PasswordRule {
  id: PasswordRuleId;
  /** The line in the live checklist of the create-user and change-password forms. */
  label: string;
  /** The spec §5 message when the rule is not met. */
  message: string;
  test: (password: string) => boolean;
}

export interface PasswordRuleResult {
  id: PasswordRuleId;
  label: string;
  met: boolean;
}

/**
 * bcrypt, which hashes the passwords, silently ignores everything past 72 bytes: a longer
 * password would seem to work while only its start protects the account. Rejecting it is
 * beyond the spec, which sets no maximum.
 */
export const PASSWORD_MAX_BYTES = 72;
export const PASSWORD_TOO_LONG_MESSAGE = `Password must be at most ${PASSWORD_MAX_BYTES} bytes long`;

// Unicode classes so that 'É' counts as uppercase; a space is not a "special character"
// because a trailing space is more often a slip than a choice.
export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `At least ${LIMITS.passwordMinLength} characters`,
    message: `Password must be at least ${LIMITS.passwordMinLength} characters long`,
    // Counted in code points: an emoji is one character to the person typing it.
    test: (password) => [...password].length >= LIMITS.passwordMinLength,
  },
  {
    id: 'uppercase',
    label: 'One uppercase letter',
    message: 'Password must contain at least one uppercase letter',
    test: (password) => /\p{Lu}/u.test(password),
  },
  {
    id: 'lowercase',
    label: 'One lowercase letter',
    message: 'Password must contain at least one lowercase letter',
    test: (password) => /\p{Ll}/u.test(password),
  },
  {
    id: 'number',
    label: 'One number',
    message: 'Password must contain at least one number',
    test: (password) => /\p{Nd}/u.test(password),
  },
  {
    id: 'special',
    label: 'One special character',
    message: 'Password must contain at least one special character',
    test: (password) => /[^\p{L}\p{N}\s]/u.test(password),
  },
];

/** The UTF-8 length, counted by hand so the rule needs neither DOM nor Node globals. */
export function utf8ByteLength(value: string): number {
  let bytes = 0;
  for (const char of value) {
    const codePoint = char.codePointAt(0) ?? 0;
    // A lone surrogate is encoded as U+FFFD, three bytes, like TextEncoder does.
    bytes += codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** The live checklist: every spec rule with whether it is met. */
export function checkPassword(password: string): PasswordRuleResult[] {
  return PASSWORD_RULES.map((rule) => ({ id: rule.id, label: rule.label, met: rule.test(password) }));
}

/** The messages of the unmet rules in spec order, then the byte limit. Empty means acceptable. */
export function passwordErrors(password: string): string[] {
  const errors = PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.message);
  if (utf8ByteLength(password) > PASSWORD_MAX_BYTES) errors.push(PASSWORD_TOO_LONG_MESSAGE);
  return errors;
}

export function isPasswordValid(password: string): boolean {
  return passwordErrors(password).length === 0;
}
