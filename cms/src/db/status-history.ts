import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { ENTRY_ATTRIBUTES } from './bulk-insert';
import { documentIdSql, documentIdTime, idListValue, inIdList, jsonObjectSql, placeholders } from './sql-dialect';
import { tableOf } from './tables';

interface StatusChanges {
  historyUid: string;
  unitUid: string;
  ids: readonly number[];
  status: string;
  /** Who made the change, and through which door ('portal' or 'cms-panel'); history rows record all three. */
  actor: { actorId: number | null; actorEmail: string; source: string };
}

/**
 * The 'status-changed' history entries of a bulk status change, for the listed units not in that
 * status yet, written by the database from the units' own rows in one INSERT ... SELECT on the
 * caller's transaction (thousands of entries, none passing through Node). The caller runs it before
 * its UPDATE, with the rows locked where the database needs it.
 */
export const insertStatusChanges = async (strapi: Core.Strapi, trx: Knex.Transaction, { historyUid, unitUid, ids, status, actor }: StatusChanges) => {
  if (ids.length === 0) return;
  const history = tableOf(strapi, historyUid);
  const units = tableOf(strapi, unitUid);
  const columns = [...ENTRY_ATTRIBUTES, 'unitId', 'projectId', 'unitNumber', 'action', 'before', 'after', 'actorId', 'actorEmail', 'source'].map(
    history.column,
  );
  const now = new Date();
  const sql = `insert into ?? (${placeholders(columns.length, '??')})
      select ${documentIdSql(strapi)}, ?, ?, ?, null, u.id, u.??, u.??, ?, ${jsonObjectSql(strapi, 'status', 'u.??')}, ?, ?, ?, ?
      from ?? as u
      where ${inIdList(strapi, 'u.id')} and (u.?? is null or u.?? <> ?)`;
  const statusColumn = units.column('unitStatus');
  await trx.raw(sql, [
    history.table,
    ...columns,
    documentIdTime(),
    now,
    now,
    now,
    units.column('projectId'),
    units.column('unitNumber'),
    'status-changed',
    statusColumn,
    JSON.stringify({ status }),
    actor.actorId,
    actor.actorEmail,
    actor.source,
    units.table,
    idListValue(strapi, ids),
    statusColumn,
    statusColumn,
    status,
  ]);
};
