import { z } from 'zod';
import type {
  ChangePasswordInput,
  DeleteAccountInput,
  ForgotPasswordInput,
  LoginInput,
  ResetPasswordInput,
  SendCodeInput,
  TwoFactorConfirmInput,
  TwoFactorStartInput,
  UpdateMeInput,
  VerifyCodeInput,
} from './auth';

/**
 * Input schemas of the routes of ./auth.ts, read on the server with parseInput (cms/src/http/parse.ts).
 * They check shape only, bounded well above any real value so nothing huge reaches bcrypt or the
 * database; the rules with the spec's messages (e-mail format, password rules, phone format) run
 * after them, so a form and the server say the same thing. Every object is strict: an unknown field
 * is a 400 naming it.
 *
 * A module of their own: the web's entry chunk imports ./auth.ts (paths, types) but no schema, so
 * with the package's `sideEffects: false` the bundler leaves this module, and zod, out of it.
 */
const text = (max: number) => z.string().max(max);
const LOGIN_USER_TYPES = ['admin', 'agent'] as const;

export const loginInputSchema = z.strictObject({ email: text(254), password: text(256), userType: z.enum(LOGIN_USER_TYPES) }) satisfies z.ZodType<LoginInput>;

export const sendCodeInputSchema = z.strictObject({ challengeId: text(128) }) satisfies z.ZodType<SendCodeInput>;

export const verifyCodeInputSchema = z.strictObject({ challengeId: text(128), code: text(16) }) satisfies z.ZodType<VerifyCodeInput>;

// Exactly what a user may change about themselves: role, agent type, e-mail and project access are not here.
export const updateMeInputSchema = z.strictObject({
  firstName: text(100).optional(),
  lastName: text(100).nullable().optional(),
  phoneNumber: text(32).nullable().optional(),
}) satisfies z.ZodType<UpdateMeInput>;

export const changePasswordInputSchema = z.strictObject({
  currentPassword: text(256),
  newPassword: text(256),
  confirmPassword: text(256),
}) satisfies z.ZodType<ChangePasswordInput>;

export const deleteAccountInputSchema = z.strictObject({ password: text(256) }) satisfies z.ZodType<DeleteAccountInput>;

export const forgotPasswordInputSchema = z.strictObject({ email: text(254), userType: z.enum(LOGIN_USER_TYPES) }) satisfies z.ZodType<ForgotPasswordInput>;

export const resetPasswordInputSchema = z.strictObject({
  code: text(128),
  password: text(256),
  passwordConfirmation: text(256),
}) satisfies z.ZodType<ResetPasswordInput>;

export const twoFactorStartInputSchema = z.strictObject({ phoneNumber: text(32) }) satisfies z.ZodType<TwoFactorStartInput>;

export const twoFactorConfirmInputSchema = z.strictObject({ challengeId: text(128), code: text(16) }) satisfies z.ZodType<TwoFactorConfirmInput>;

/** The routes without input (logout, two-factor/disable): an empty body, or none. */
export const emptyInputSchema = z.strictObject({});
