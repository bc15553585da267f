import { LIMITS } from '../domain';
import type { FieldError } from './field-error';
import { passwordErrors } from './password';

/** Something@something.something with no spaces: the spec's "basic address pattern". */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const VALIDATION_MESSAGES = {
  requiredFields: 'All required fields must be filled',
  invalidEmail: 'Please enter a valid email address',
  passwordsDoNotMatch: 'Passwords do not match',
  invalidPhone: 'Please enter a valid phone number',
} as const;

/** Surrounding spaces are a paste artefact, not part of the address. */
export function isValidEmail(email: string | null | undefined): boolean {
  return typeof email === 'string' && EMAIL_PATTERN.test(email.trim());
}

export interface CreateUserFormValues {
  email?: string | null;
  password?: string | null;
  confirmPassword?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

const REQUIRED_CREATE_USER_FIELDS = ['email', 'password', 'confirmPassword', 'firstName'] as const;

function isBlank(value: string | null | undefined): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

/**
 * The Create New User form's checks (spec §5). Every problem is reported at once, each on its
 * field, so the form can mark all of them instead of revealing them one submit at a time.
 * Later checks run only on fields that are present: an absent email is "required", not "invalid".
 */
export function validateCreateUser(input: CreateUserFormValues): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of REQUIRED_CREATE_USER_FIELDS) {
    if (isBlank(input[field])) errors.push({ field, message: VALIDATION_MESSAGES.requiredFields });
  }
  if (!isBlank(input.email) && !isValidEmail(input.email)) {
    errors.push({ field: 'email', message: VALIDATION_MESSAGES.invalidEmail });
  }
  const password = input.password ?? '';
  if (!isBlank(password)) {
    for (const message of passwordErrors(password)) errors.push({ field: 'password', message });
  }
  if (!isBlank(password) && !isBlank(input.confirmPassword) && password !== input.confirmPassword) {
    errors.push({ field: 'confirmPassword', message: VALIDATION_MESSAGES.passwordsDoNotMatch });
  }
  return errors;
}

export type PhoneResult = { ok: true; phone: string } | { ok: false; error: string };

/**
 * A phone number in the international form SMS needs (spec §5): separators removed, leading
 * zeros stripped (so the '00' international prefix also works), '+' added when missing.
 * Parentheses and dots are removed along with spaces and dashes because people copy numbers
 * formatted as '(050) 123.4567'. The result must be '+' and 8 to 15 digits (E.164's maximum).
 */
export function normalisePhone(raw: string | null | undefined): PhoneResult {
  const compact = (raw ?? '').replace(/[\s\-().]/g, '');
  const digits = compact.replace(/^\+/, '').replace(/^0+/, '');
  const phone = `+${digits}`;
  if (!/^\+\d{8,15}$/.test(phone)) return { ok: false, error: VALIDATION_MESSAGES.invalidPhone };
  return { ok: true, phone };
}

/** Six asterisks and the last 4 digits (spec §2, two-factor step). */
export function maskPhone(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  return `******${digits.slice(-4)}`;
}

/** Exactly six ASCII digits, as the code input and the SMS provider expect. */
export function isSixDigitCode(code: string | null | undefined): boolean {
  return typeof code === 'string' && new RegExp(`^[0-9]{${LIMITS.verificationCodeLength}}$`).test(code);
}
