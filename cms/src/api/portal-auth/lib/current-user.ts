import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { authenticatedUser } from '../../../http/auth-state';
import { AUTH_MESSAGES } from './messages';
import type { SessionUserRow, UserRow } from './profile';
import { findUserById } from './users';

/** The signed-in user of an authenticated route, as the session strategy read it: SESSION_USER_FIELDS, role populated. */
export const signedInUser = (ctx: unknown): SessionUserRow => {
  const user = authenticatedUser(ctx);
  if (!user) throw new errors.UnauthorizedError(AUTH_MESSAGES.notSignedIn);
  return user as SessionUserRow;
};

/** The signed-in user's whole row, role populated, read now: for the routes that show or change the account itself. */
export const signedInAccount = async (strapi: Core.Strapi, ctx: unknown): Promise<UserRow> => {
  const user = await findUserById(strapi, signedInUser(ctx).id);
  if (!user) throw new errors.UnauthorizedError(AUTH_MESSAGES.notSignedIn);
  return user;
};
