import type { Core } from '@strapi/strapi';
import { portalAuthSettings } from './config';
import { SESSION_TOUCH_INTERVAL_MS } from './limits';
import { SESSION_ROLE_FIELDS, SESSION_USER_FIELDS, USER_UID, type SessionUserRow } from './profile';
import { digest, OPAQUE_TOKEN_PATTERN, randomToken } from './tokens';
import { sessionUserQuery } from '../../../db';
import { announce } from '../../live/lib/changes';

/**
 * Server-side sessions: the browser holds a random token, the database holds its HMAC with the user
 * and the expiry. A token is good exactly as long as its row exists, so ending a session (logout,
 * password change or reset, account deletion) takes effect on the very next request.
 */
const SESSION_UID = 'api::portal-auth.portal-session';
const ROLE_UID = 'plugin::users-permissions.role';

interface SessionRow {
  id: number;
  userId: number;
  expiresAt: string | Date;
  lastSeenAt: string | Date | null;
}

export interface IssuedSession {
  token: string;
  expiresAt: Date;
}

export interface ActiveSession {
  id: number;
  userId: number;
}

const time = (value: string | Date | null) => (value ? new Date(value).getTime() : 0);

export const createSession = async (strapi: Core.Strapi, userId: number): Promise<IssuedSession> => {
  const token = randomToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + portalAuthSettings(strapi).sessionTtlHours * 3_600_000);
  await strapi.db.query(SESSION_UID).create({ data: { tokenHash: digest(strapi, token), userId, expiresAt, lastSeenAt: now } });
  return { token, expiresAt };
};

/**
 * Whether a session row is still live: an expired one is deleted, and a live one's lastSeenAt is
 * brought up to date at most once per SESSION_TOUCH_INTERVAL_MS.
 */
const stillLive = async (strapi: Core.Strapi, row: Pick<SessionRow, 'id' | 'expiresAt' | 'lastSeenAt'>) => {
  const sessions = strapi.db.query(SESSION_UID);
  const now = Date.now();
  if (time(row.expiresAt) <= now) {
    await sessions.delete({ where: { id: row.id } });
    return false;
  }
  if (now - time(row.lastSeenAt) > SESSION_TOUCH_INTERVAL_MS) {
    await sessions.update({ where: { id: row.id }, data: { lastSeenAt: new Date(now) } });
  }
  return true;
};

/** The live session a token stands for, or null (unknown, ended or expired). */
export const resolveSession = async (strapi: Core.Strapi, token: string): Promise<ActiveSession | null> => {
  if (!OPAQUE_TOKEN_PATTERN.test(token)) return null;
  const row = (await strapi.db.query(SESSION_UID).findOne({ where: { tokenHash: digest(strapi, token) } })) as SessionRow | null;
  if (!row || !(await stillLive(strapi, row))) return null;
  return { id: row.id, userId: row.userId };
};

export interface SessionUser {
  session: ActiveSession;
  /**
   * The user's SESSION_USER_FIELDS with the role's SESSION_ROLE_FIELDS (role null without one), as the
   * query engine reads them with that select and populate; null if the user is gone.
   */
  user: SessionUserRow | null;
}

/**
 * What resolveSession gives, together with the session's user and the user's role, read in one
 * query (db/session-queries.ts): this runs on every authenticated request.
 */
export const createSessionUserReader = (strapi: Core.Strapi) => {
  const query = sessionUserQuery<SessionUserRow>(strapi, {
    sessionUid: SESSION_UID,
    userUid: USER_UID,
    userFields: SESSION_USER_FIELDS,
    roleUid: ROLE_UID,
    roleFields: SESSION_ROLE_FIELDS,
  });
  return async (token: string): Promise<SessionUser | null> => {
    if (!OPAQUE_TOKEN_PATTERN.test(token)) return null;
    const found = await query(digest(strapi, token));
    if (!found || !(await stillLive(strapi, found.session))) return null;
    return { session: { id: found.session.id, userId: found.session.userId }, user: found.user };
  };
};

export const endSession = async (strapi: Core.Strapi, token: string) => {
  if (!OPAQUE_TOKEN_PATTERN.test(token)) return;
  const sessions = strapi.db.query(SESSION_UID);
  const row = (await sessions.findOne({ where: { tokenHash: digest(strapi, token) }, select: ['userId'] })) as { userId: number } | null;
  await sessions.deleteMany({ where: { tokenHash: digest(strapi, token) } });
  // Its live streams end at once, on every instance.
  if (row) await announce(strapi, { kind: 'sessions', userId: Number(row.userId) });
};

/** Ends every session of a user, and sweeps expired rows of anyone while at it. */
export const endUserSessions = async (strapi: Core.Strapi, userId: number) => {
  await strapi.db.query(SESSION_UID).deleteMany({ where: { $or: [{ userId }, { expiresAt: { $lt: new Date() } }] } });
  await announce(strapi, { kind: 'sessions', userId });
};
