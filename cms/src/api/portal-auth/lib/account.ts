import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { errors } from '@strapi/utils';
import { passwordErrors, type ChangePasswordInput } from '@repo/types';
import { clearSessionCookie, setSessionCookie } from './cookies';
import { fieldError, tooManyAttempts } from '../../../http/errors';
import { RATE_LIMITS } from './limits';
import { AUTH_MESSAGES } from './messages';
import { reserve } from './rate-limit';
import { createSession } from './sessions';
import { deleteUser, findUserById, passwordMatches, setPassword } from './users';

/**
 * Re-verifies the signed-in user's password before a sensitive change (ASVS 6.2.3, 7.5.3). Wrong
 * answers are counted per account, so a stolen session cannot be used to guess the password.
 */
const reauthenticate = async (strapi: Core.Strapi, userId: number, password: string, field: string) => {
  const attempt = await reserve(strapi, RATE_LIMITS.reauthFailuresPerAccount, `user:${userId}`);
  if (!attempt) throw tooManyAttempts(AUTH_MESSAGES.tooManyAttempts);
  const user = await findUserById(strapi, userId);
  if (!user) throw new errors.UnauthorizedError(AUTH_MESSAGES.notSignedIn);
  if (!(await passwordMatches(strapi, user, password))) throw fieldError(field, AUTH_MESSAGES.incorrectPassword);
  await attempt.release();
};

/**
 * Spec §5 order: the current password first, then the confirmation, then the rules. Every session
 * of the user ends (a thief's included) and this browser continues on a fresh one.
 */
export const changePassword = async (strapi: Core.Strapi, ctx: Context, userId: number, input: ChangePasswordInput) => {
  await reauthenticate(strapi, userId, input.currentPassword, 'currentPassword');
  if (input.newPassword !== input.confirmPassword) throw fieldError('confirmPassword', AUTH_MESSAGES.newPasswordsDoNotMatch);
  const unmet = passwordErrors(input.newPassword);
  if (unmet.length > 0) {
    throw new errors.ValidationError(AUTH_MESSAGES.passwordRequirements, {
      errors: unmet.map((message) => ({ path: ['newPassword'], message })),
    });
  }
  await setPassword(strapi, userId, input.newPassword);
  setSessionCookie(ctx, await createSession(strapi, userId));
};

export const deleteAccount = async (strapi: Core.Strapi, ctx: Context, userId: number, password: string) => {
  await reauthenticate(strapi, userId, password, 'password');
  await deleteUser(strapi, userId);
  clearSessionCookie(ctx);
};
