import type { Core } from '@strapi/strapi';
import { PASSWORD_MAX_BYTES, utf8ByteLength } from '@repo/types';
import { USER_UID, type UserRow } from './profile';
import { cancelResetLinks, RESET_UID } from './reset-codes';
import { endUserSessions } from './sessions';

/** The users-permissions user service, as far as the portal uses it. */
interface UsersPermissionsUserService {
  validatePassword(password: string, hash: string): Promise<boolean>;
  add(values: Record<string, unknown>): Promise<UserRow>;
  edit(userId: number, values: Record<string, unknown>): Promise<UserRow | null>;
}

const userService = (strapi: Core.Strapi) => strapi.plugin('users-permissions').service('user') as UsersPermissionsUserService;

// A bcrypt hash of a random string nobody knows: unknown e-mail addresses cost the same bcrypt work
// as known ones, so response times do not reveal which accounts exist.
const DUMMY_HASH = '$2a$10$4HNNYU92KiRsuhIFuc8rvunMBlakJ7WojNA.zGuvzt7FGO/s0YWjq';

/** E-mail addresses are stored and compared lower case and trimmed. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export const findUserById = async (strapi: Core.Strapi, id: number) =>
  (await strapi.db.query(USER_UID).findOne({ where: { id }, populate: ['role'] })) as UserRow | null;

export const findUserByEmail = async (strapi: Core.Strapi, email: string) =>
  (await strapi.db.query(USER_UID).findOne({ where: { email: normaliseEmail(email), provider: 'local' }, populate: ['role'] })) as UserRow | null;

export const updateUser = async (strapi: Core.Strapi, id: number, data: Partial<UserRow>) =>
  (await strapi.db.query(USER_UID).update({ where: { id }, data, populate: ['role'] })) as UserRow;

/**
 * Whether the password is the user's. bcrypt reads only the first 72 bytes, so a longer attempt
 * would match a password that is its prefix: such attempts fail outright (passwords that long
 * cannot be set in the first place).
 */
export const passwordMatches = async (strapi: Core.Strapi, user: UserRow | null, password: string) => {
  const usable = utf8ByteLength(password) <= PASSWORD_MAX_BYTES;
  const hash = user?.password || DUMMY_HASH;
  const matches = await userService(strapi).validatePassword(usable ? password : '', hash);
  return Boolean(user?.password) && usable && matches;
};

/**
 * Sets a new password (hashed by the Document Service) and ends what the old one opened: every
 * session and every pending reset link (bootstrap/session-revocation.ts does the same for edits
 * made in the CMS panel).
 */
export const setPassword = async (strapi: Core.Strapi, userId: number, password: string) => {
  await userService(strapi).edit(userId, { password });
  await endUserSessions(strapi, userId);
  await cancelResetLinks(strapi, userId);
};

export const addUser = (strapi: Core.Strapi, values: Record<string, unknown>) => userService(strapi).add(values);

/** Deletes a user with everything that could still act for them: sessions, challenges, reset links. */
export const deleteUser = async (strapi: Core.Strapi, userId: number) => {
  await endUserSessions(strapi, userId);
  await strapi.db.query('api::portal-auth.auth-challenge').deleteMany({ where: { userId } });
  await strapi.db.query(RESET_UID).deleteMany({ where: { userId } });
  await strapi.db.query(USER_UID).delete({ where: { id: userId } });
};
