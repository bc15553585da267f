import type { Core } from '@strapi/strapi';
import { entityColumns, selectRows } from './entity-row';
import { tableOf } from './tables';

/**
 * A session with its user and the user's role, read in one query: the query engine takes three
 * (session, user, role), and this runs on every authenticated request. Only the columns every
 * request needs are read: the whole user row with its role is about 40 columns, a third of them
 * datetimes, and reading and converting them cost more than the project read of the request it
 * authenticates (measured on PostgreSQL). The user comes back as the query engine returns it for the
 * same select and populate (entity-row.ts). The SQL is built from Strapi's metadata at the first call.
 */
export interface SessionWithUser<User> {
  session: { id: number; userId: number; expiresAt: string | Date; lastSeenAt: string | Date | null };
  /** The user's fields with `role` (null without one); null if the user is gone. */
  user: User | null;
}

export interface SessionUserModels {
  sessionUid: string;
  userUid: string;
  userFields: readonly string[];
  roleUid: string;
  roleFields: readonly string[];
}

export const sessionUserQuery = <User>(strapi: Core.Strapi, models: SessionUserModels) => {
  let prepared: { sql: string; readUser(row: Record<string, unknown>): User } | null = null;
  const prepare = () => {
    const sessions = tableOf(strapi, models.sessionUid);
    const users = entityColumns<Omit<User, 'role'>>(strapi, models.userUid, models.userFields);
    const roles = entityColumns(strapi, models.roleUid, models.roleFields);
    const link = users.joinTable('role');
    const sql = [
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
    const readUser = (row: Record<string, unknown>) =>
      ({ ...users.read(row, 'u'), role: row.r__id === null || row.r__id === undefined ? null : roles.read(row, 'r') }) as User;
    return { sql, readUser };
  };
  return async (tokenHash: string): Promise<SessionWithUser<User> | null> => {
    prepared ??= prepare();
    const [row] = await selectRows(strapi, prepared.sql, [tokenHash]);
    if (!row) return null;
    return {
      session: {
        id: Number(row.s__id),
        userId: Number(row.s__userId),
        expiresAt: row.s__expiresAt as string | Date,
        lastSeenAt: row.s__lastSeenAt as string | Date | null,
      },
      user: row.u__id === null || row.u__id === undefined ? null : prepared.readUser(row),
    };
  };
};
