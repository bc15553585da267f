import { errors } from '@strapi/utils';
import { authenticatedUser } from '../utils/auth-state';
import { AUTH_MESSAGES } from './messages';
import type { UserRow } from './profile';

/** The signed-in user of an authenticated route: the full row, role populated, as the session strategy loaded it. */
export const signedInUser = (ctx: unknown): UserRow => {
  const user = authenticatedUser(ctx);
  if (!user) throw new errors.UnauthorizedError(AUTH_MESSAGES.notSignedIn);
  return user as unknown as UserRow;
};
