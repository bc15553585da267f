import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { isValidEmail, passwordErrors, VALIDATION_MESSAGES, type ForgotPasswordInput, type LoginUserType, type ResetPasswordInput } from '@repo/types';
import { publicUrl } from '../../../server/public-url';
import { CHALLENGE_UID } from './challenges';
import { fieldError, HttpStatusError, tooManyAttempts } from '../../../http/errors';
import { RATE_LIMITS, RESET_CODE_TTL_MS } from './limits';
import { AUTH_MESSAGES } from './messages';
import { portalRoleOf } from './profile';
import { isExhausted, reserve, reserveAll } from './rate-limit';
import { RESET_UID } from './reset-codes';
import { resetEmail } from './reset-email';
import { clearSignInFailures } from './sign-in-throttle';
import { digest, OPAQUE_TOKEN_PATTERN, randomToken } from './tokens';
import { findUserByEmail, findUserById, normaliseEmail, setPassword } from './users';

/**
 * Password reset by e-mail (spec §2, §8): a random single-use code, stored as an HMAC, valid for an
 * hour. Using it sets the password and ends every session; it never signs anyone in, so the next
 * sign-in still asks for the second factor (ASVS 6.4.3).
 */

interface ResetRow {
  id: number;
  userId: number;
  userType: LoginUserType;
  used: boolean;
  expiresAt: string | Date;
}

const codeDigest = (strapi: Core.Strapi, code: string) => digest(strapi, `reset:${code}`);

export const requestPasswordReset = async (strapi: Core.Strapi, input: ForgotPasswordInput, address: string) => {
  const entered = input.email.trim();
  if (!entered) throw fieldError('email', AUTH_MESSAGES.enterEmail);
  if (!isValidEmail(entered)) throw fieldError('email', AUTH_MESSAGES.invalidEmailAddress);
  const email = normaliseEmail(entered);
  // Every request counts, found or not: the spec's "No account found" must not become a free oracle.
  const attempt = await reserveAll(strapi, [
    [RATE_LIMITS.resetRequestsPerAccount, email],
    [RATE_LIMITS.resetRequestsPerAddress, address],
  ]);
  if (!attempt) throw tooManyAttempts(AUTH_MESSAGES.tooManyAttempts);
  const user = await findUserByEmail(strapi, email);
  const role = user ? portalRoleOf(user) : null;
  if (!user || user.blocked || !role) throw new errors.NotFoundError(AUTH_MESSAGES.noAccount);

  // An agent asking on the admin screen is still sent back to the agent login, which admits them.
  const userType: LoginUserType = role === 'admin' ? input.userType : 'agent';
  const code = randomToken();
  const resets = strapi.db.query(RESET_UID);
  await resets.deleteMany({ where: { $or: [{ userId: user.id }, { expiresAt: { $lt: new Date() } }] } });
  await resets.create({
    data: { codeHash: codeDigest(strapi, code), userId: user.id, userType, used: false, expiresAt: new Date(Date.now() + RESET_CODE_TTL_MS) },
  });
  // From configuration only: a Host or X-Forwarded-Host header is the caller's to choose, and a link
  // built from it would hand the code to whoever sent the request (issue #25, finding 2).
  const link = `${publicUrl(strapi)}/reset-password?code=${encodeURIComponent(code)}&userType=${userType}`;
  try {
    await strapi
      .plugin('email')
      .service('email')
      .send({ to: user.email, ...resetEmail(link) });
  } catch (error) {
    strapi.log.error(`Could not send the password reset e-mail of user ${user.id}: ${error instanceof Error ? error.message : String(error)}`);
    await resets.deleteMany({ where: { userId: user.id } });
    await attempt.release();
    throw new HttpStatusError(502, AUTH_MESSAGES.resetEmailFailed);
  }
};

const invalidLink = () => new errors.ValidationError(AUTH_MESSAGES.resetLinkInvalid);

/** Finds the live reset a code stands for; wrong codes are counted per client address. */
const findLiveReset = async (strapi: Core.Strapi, code: string, address: string) => {
  if (await isExhausted(strapi, RATE_LIMITS.resetFailuresPerAddress, address)) throw tooManyAttempts(AUTH_MESSAGES.tooManyAttempts);
  const row = OPAQUE_TOKEN_PATTERN.test(code)
    ? ((await strapi.db.query(RESET_UID).findOne({ where: { codeHash: codeDigest(strapi, code) } })) as ResetRow | null)
    : null;
  if (!row || row.used || new Date(row.expiresAt).getTime() <= Date.now()) {
    await reserve(strapi, RATE_LIMITS.resetFailuresPerAddress, address);
    throw invalidLink();
  }
  return row;
};

export const resetPassword = async (strapi: Core.Strapi, input: ResetPasswordInput, address: string): Promise<{ userType: LoginUserType }> => {
  const reset = await findLiveReset(strapi, input.code, address);
  // A typo in the new password must not burn the link, so the rules come before the code is used.
  if (input.password !== input.passwordConfirmation) throw fieldError('passwordConfirmation', VALIDATION_MESSAGES.passwordsDoNotMatch);
  const [first, ...more] = passwordErrors(input.password);
  if (first) throw fieldError('password', first, more);
  const claimed = await strapi.db.query(RESET_UID).updateMany({ where: { id: reset.id, used: false }, data: { used: true } });
  const user = claimed.count === 1 ? await findUserById(strapi, reset.userId) : null;
  if (!user) throw invalidLink();
  // setPassword also cancels every reset link of the account, this one included.
  await setPassword(strapi, user.id, input.password);
  // The owner's way back in when sign-ins are refused or slowed (issue #25, finding 9).
  await clearSignInFailures(strapi, user.email);
  await strapi.db.query(CHALLENGE_UID).deleteMany({ where: { userId: user.id } });
  return { userType: reset.userType };
};
