import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { errors } from '@strapi/utils';
import { maskPhone, type LoginInput, type LoginUserType, type Role, type SessionProfile } from '@repo/types';
import { checkCode, createChallenge, findOpenChallenge } from './challenges';
import { presentedToken, setSessionCookie } from './cookies';
import { forbidden } from '../../../http/errors';
import { AUTH_MESSAGES } from './messages';
import { portalRoleOf, toSessionProfile, type UserRow } from './profile';
import { createSession, endSession } from './sessions';
import { admitPasswordCheck } from './sign-in-throttle';
import { sendChallengeCode } from './sms-code';
import { findUserByEmail, findUserById, normaliseEmail, passwordMatches, updateUser } from './users';

/**
 * The two-step sign-in (spec §4 Login flow). The password step hands out a session only when no
 * second factor is due; otherwise it opens a challenge, and only a verified SMS code turns that
 * challenge into a session.
 */
export type PasswordStep = { kind: 'signed-in'; user: UserRow } | { kind: 'two-factor-required'; challengeId: string; maskedPhone: string; expiresAt: Date };

/** The admin screen admits admins only; the agent screen agents and admins (spec §5). */
export const accountTypeAllows = (role: Role | null, userType: LoginUserType) => role === 'admin' || (role === 'agent' && userType === 'agent');

/** SMS two-factor is on, or the phone an admin entered still awaits its first-login verification. */
export const needsSecondFactor = (user: UserRow) =>
  Boolean(user.phoneNumber) && ((Boolean(user.twoFactorEnabled) && user.twoFactorMethod === 'sms') || Boolean(user.phoneVerificationPending));

const invalidCredentials = () => new errors.ValidationError(AUTH_MESSAGES.invalidCredentials);

export const passwordStep = async (strapi: Core.Strapi, input: LoginInput, address: string): Promise<PasswordStep> => {
  const email = normaliseEmail(input.email);
  if (!email || !input.password) throw invalidCredentials();
  // Counted before the check and given back on success: parallel guesses cannot slip past the limits.
  const attempt = await admitPasswordCheck(strapi, email, address);
  const user = await findUserByEmail(strapi, email);
  if (!(await passwordMatches(strapi, user, input.password)) || !user || user.blocked) throw invalidCredentials();
  await attempt.succeeded();

  if (!accountTypeAllows(portalRoleOf(user), input.userType)) throw forbidden(AUTH_MESSAGES.invalidAccountType);
  if (!needsSecondFactor(user)) return { kind: 'signed-in', user };
  const phoneNumber = user.phoneNumber as string;
  const { challengeId, expiresAt } = await createChallenge(strapi, { purpose: 'login', userId: user.id, userType: input.userType, phoneNumber });
  return { kind: 'two-factor-required', challengeId, maskedPhone: maskPhone(phoneNumber), expiresAt };
};

const expired = () => new errors.ValidationError(AUTH_MESSAGES.sessionExpired);

export const sendLoginCode = async (strapi: Core.Strapi, challengeId: string, address: string) => {
  const challenge = await findOpenChallenge(strapi, challengeId, 'login');
  if (!challenge) throw expired();
  const { resendAvailableAt } = await sendChallengeCode(strapi, challenge, address);
  return { maskedPhone: maskPhone(challenge.phoneNumber), resendAvailableAt: resendAvailableAt.toISOString() };
};

/** The user a right code signs in, plus whether that code also verified a pending phone. */
export const verifyLoginCode = async (strapi: Core.Strapi, challengeId: string, code: string) => {
  const challenge = await findOpenChallenge(strapi, challengeId, 'login');
  if (!challenge) throw expired();
  const result = await checkCode(strapi, challenge, code);
  if (result === 'expired') throw expired();
  if (result === 'invalid') throw new errors.ValidationError(AUTH_MESSAGES.invalidCode);
  const user = await findUserById(strapi, challenge.userId);
  // Deleted, blocked or re-phoned since the password step: this challenge no longer speaks for them.
  if (!user || user.blocked || user.phoneNumber !== challenge.phoneNumber) throw expired();
  if (!challenge.userType || !accountTypeAllows(portalRoleOf(user), challenge.userType)) {
    throw forbidden(AUTH_MESSAGES.invalidAccountType);
  }
  return user;
};

/**
 * Records the sign-in (spec §4: a pending phone becomes the verified two-factor phone; otherwise the
 * last login and, after a code, the last two-factor verification), then opens a fresh session.
 */
export const completeSignIn = async (strapi: Core.Strapi, ctx: Context, user: UserRow, via: 'password' | 'code'): Promise<SessionProfile> => {
  const now = new Date();
  const data: Partial<UserRow> =
    via === 'password'
      ? { lastLogin: now }
      : user.phoneVerificationPending
        ? { twoFactorEnabled: true, twoFactorMethod: 'sms', phoneVerified: true, phoneVerificationPending: false, pendingPhoneNumber: null, lastLogin: now }
        : { lastLogin: now, lastTwoFactorVerification: now };
  const updated = await updateUser(strapi, user.id, data);
  // A sign-in replaces whatever session this browser held: the old token must not outlive its cookie.
  const previous = presentedToken(ctx);
  if (previous) await endSession(strapi, previous);
  setSessionCookie(ctx, await createSession(strapi, user.id));
  return toSessionProfile(updated);
};
