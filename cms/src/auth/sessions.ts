import type { Core } from '@strapi/strapi';
import { portalAuthSettings } from './config';
import { SESSION_TOUCH_INTERVAL_MS } from './limits';
import { digest, OPAQUE_TOKEN_PATTERN, randomToken } from './tokens';

/**
 * Server-side sessions: the browser holds a random token, the database holds its HMAC with the user
 * and the expiry. A token is good exactly as long as its row exists, so ending a session (logout,
 * password change or reset, account deletion) takes effect on the very next request.
 */
const SESSION_UID = 'api::portal-auth.portal-session';

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

/** The live session a token stands for, or null (unknown, ended or expired). */
export const resolveSession = async (strapi: Core.Strapi, token: string): Promise<ActiveSession | null> => {
  if (!OPAQUE_TOKEN_PATTERN.test(token)) return null;
  const sessions = strapi.db.query(SESSION_UID);
  const row = (await sessions.findOne({ where: { tokenHash: digest(strapi, token) } })) as SessionRow | null;
  if (!row) return null;
  const now = Date.now();
  if (time(row.expiresAt) <= now) {
    await sessions.delete({ where: { id: row.id } });
    return null;
  }
  if (now - time(row.lastSeenAt) > SESSION_TOUCH_INTERVAL_MS) {
    await sessions.update({ where: { id: row.id }, data: { lastSeenAt: new Date(now) } });
  }
  return { id: row.id, userId: row.userId };
};

export const endSession = async (strapi: Core.Strapi, token: string) => {
  if (!OPAQUE_TOKEN_PATTERN.test(token)) return;
  await strapi.db.query(SESSION_UID).deleteMany({ where: { tokenHash: digest(strapi, token) } });
};

/** Ends every session of a user, and sweeps expired rows of anyone while at it. */
export const endUserSessions = async (strapi: Core.Strapi, userId: number) => {
  await strapi.db.query(SESSION_UID).deleteMany({ where: { $or: [{ userId }, { expiresAt: { $lt: new Date() } }] } });
};
