import type { Core } from '@strapi/strapi';
import { portalAuthSettings } from './config';
import { SESSION_TOUCH_INTERVAL_MS } from './limits';
import { SESSION_ROLE_FIELDS, SESSION_USER_FIELDS, USER_UID, type SessionUserRow } from './profile';
import { digest, OPAQUE_TOKEN_PATTERN, randomToken } from './tokens';
import { entityColumns, selectRows, tableOf } from '../../../db';
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
 * query: the query engine takes three (session, user, role), and this runs on every authenticated
 * request. Only the columns every request needs are read: the whole row with its role is about 40
 * columns, a third of them datetimes, and reading and converting them cost more than the project read
 * of the request it authenticates (measured on PostgreSQL). The user comes back as the query engine
 * returns it (db/entity-row.ts). The SQL is built from Strapi's metadata at the first call.
 */
export const createSessionUserReader = (strapi: Core.Strapi) => {
  let sql: string | null = null;
  let readUser: ((row: Record<string, unknown>) => Record<string, unknown>) | null = null;
  const prepare = () => {
    const sessions = tableOf(strapi, SESSION_UID);
    const users = entityColumns(strapi, USER_UID, SESSION_USER_FIELDS);
    const roles = entityColumns(strapi, ROLE_UID, SESSION_ROLE_FIELDS);
    const link = users.joinTable('role');
    readUser = (row) => ({ ...users.read(row, 'u'), role: row.r__id === null || row.r__id === undefined ? null : roles.read(row, 'r') });
    return [
      `select s.id as "s__id", s.${sessions.column('userId')} as "s__userId", s.${sessions.column('expiresAt')} as "s__expiresAt", s.${sessions.column('lastSeenAt')} as "s__lastSeenAt",`,
      `${users.select('u')}, ${roles.select('r')}`,
      `from ${sessions.table} as s`,
      `left join ${users.table} as u on u.id = s.${sessions.column('userId')}`,
      `left join ${link.name} as l on l.${link.joinColumn.name} = u.id`,
      `left join ${roles.table} as r on r.id = l.${link.inverseJoinColumn.name}`,
      `where s.${sessions.column('tokenHash')} = ?`,
      // A user has one role; should the link table ever hold two rows, the oldest link decides, every time.
      'order by l.id asc limit 1',
    ].join(' ');
  };
  return async (token: string): Promise<SessionUser | null> => {
    if (!OPAQUE_TOKEN_PATTERN.test(token)) return null;
    sql ??= prepare();
    const [row] = await selectRows(strapi, sql, [digest(strapi, token)]);
    if (!row) return null;
    const session = { id: Number(row.s__id), expiresAt: row.s__expiresAt as string | Date, lastSeenAt: row.s__lastSeenAt as string | Date | null };
    if (!(await stillLive(strapi, session))) return null;
    const user = row.u__id === null || row.u__id === undefined ? null : (readUser!(row) as unknown as SessionUserRow);
    return { session: { id: session.id, userId: Number(row.s__userId) }, user };
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
