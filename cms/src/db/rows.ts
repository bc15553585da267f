import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { idListValue, inIdList, isPostgres } from './sql-dialect';
import { metadataOf, tableOf } from './tables';

/**
 * Set-based writes on a content type's rows, for the hot paths and the conditional updates the
 * query engine cannot express (a compare-and-set, a lock, an UPDATE ... WHERE value differs).
 * Names are attribute names; tables and columns come from Strapi's metadata (tables.ts). Each runs
 * on the caller's transaction `trx` when given.
 */
const knexOf = (strapi: Core.Strapi): Knex => strapi.db.connection;
const on = (strapi: Core.Strapi, trx: Knex.Transaction | null | undefined, table: string) =>
  trx ? knexOf(strapi)(table).transacting(trx) : knexOf(strapi)(table);

/** `COALESCE(column, 1) + 1`: the next revision of a row that may predate revisions. */
const nextRevision = (strapi: Core.Strapi, column: string) => knexOf(strapi).raw('COALESCE(??, 1) + 1', [column]);

/**
 * PostgreSQL: locks the rows for this transaction, so a concurrent write of the same ids waits, then
 * sees what the first one committed. SQLite runs one write transaction at a time anyway.
 */
export const lockRows = async (strapi: Core.Strapi, trx: Knex.Transaction, uid: string, ids: readonly number[]) => {
  if (ids.length === 0 || !isPostgres(strapi)) return;
  await trx.raw(`select id from ?? where ${inIdList(strapi, 'id')} for update`, [tableOf(strapi, uid).table, idListValue(strapi, ids)]);
};

/**
 * Locks the rows whose `attribute` equals `value` with a write that changes nothing (it sets
 * `touched` to itself): on PostgreSQL a concurrent change of the same rows waits here; on SQLite the
 * write takes the database's write lock. Answers how many rows matched.
 */
export const touchRows = (strapi: Core.Strapi, trx: Knex.Transaction, uid: string, attribute: string, value: unknown, touched: string) => {
  const { table, column } = tableOf(strapi, uid);
  return on(strapi, trx, table)
    .where(column(attribute), value as Knex.Value)
    .update({ [column(touched)]: knexOf(strapi).ref(column(touched)) });
};

/**
 * Moves a row's `revision` on by one, atomically: with `expected`, only while the row is still at
 * that revision (a stale save matches nothing, and a concurrent save from the same revision waits
 * on the row's lock, then matches nothing); without it, unconditionally. True when the row moved.
 */
export const claimRevision = async (strapi: Core.Strapi, trx: Knex.Transaction, uid: string, id: number, expected?: number) => {
  const { table, column } = tableOf(strapi, uid);
  const revision = column('revision');
  let claim = on(strapi, trx, table).where('id', id);
  if (expected !== undefined) claim = claim.where(revision, expected);
  const moved = await claim.update({ [revision]: expected !== undefined ? expected + 1 : nextRevision(strapi, revision) });
  return Number(moved) > 0;
};

/**
 * Sets `attribute` to `value` on the listed rows where it differs (or is null), with updatedAt and
 * the next revision, in one UPDATE. Answers how many rows changed.
 */
export const changeAttribute = async (strapi: Core.Strapi, trx: Knex.Transaction, uid: string, ids: readonly number[], attribute: string, value: string) => {
  const { table, column } = tableOf(strapi, uid);
  const target = column(attribute);
  const revision = column('revision');
  const changed = await on(strapi, trx, table)
    .whereRaw(inIdList(strapi, '??'), ['id', idListValue(strapi, ids)])
    .where((query) => query.whereNull(target).orWhereNot(target, value))
    .update({ [target]: value, [column('updatedAt')]: new Date(), [revision]: nextRevision(strapi, revision) });
  return Number(changed);
};

/** One attribute of every row whose `where` attributes equal the given values; with no `trx`, what is committed. */
export const pluckAttribute = async (strapi: Core.Strapi, trx: Knex.Transaction | null, uid: string, where: Record<string, Knex.Value>, attribute: string) => {
  const { table, column } = tableOf(strapi, uid);
  const conditions = Object.fromEntries(Object.entries(where).map(([name, value]) => [column(name), value]));
  return (await on(strapi, trx, table).where(conditions).pluck(column(attribute))) as unknown[];
};

/** The distinct values of one attribute over the listed rows (the projects of a batch of units), on `trx` when given. */
export const distinctAttribute = async (strapi: Core.Strapi, trx: Knex.Transaction | null, uid: string, ids: readonly number[], attribute: string) => {
  if (ids.length === 0) return [];
  const { table, column } = tableOf(strapi, uid);
  return (await on(strapi, trx, table)
    .whereRaw(inIdList(strapi, '??'), ['id', idListValue(strapi, ids)])
    .distinct(column(attribute))
    .pluck(column(attribute))) as unknown[];
};

/**
 * Deletes rows with their components (`componentFields`, e.g. images, sale details): the component
 * rows, the join rows, then the rows, with a handful of set-based statements.
 */
export const deleteWithComponents = async (
  strapi: Core.Strapi,
  trx: Knex.Transaction,
  uid: string,
  ids: readonly number[],
  componentFields: readonly string[],
) => {
  const meta = metadataOf(strapi, uid);
  const joins = componentFields.map((field) => ({ field, ...meta.attributes[field] }));
  for (const { field, joinTable, target } of joins) {
    if (!joinTable || !target) continue;
    const componentTable = metadataOf(strapi, target).tableName;
    const linked = knexOf(strapi)(joinTable.name)
      .select(joinTable.inverseJoinColumn.name)
      .whereIn(joinTable.joinColumn.name, [...ids])
      .where('field', field);
    await on(strapi, trx, componentTable).whereIn('id', linked).del();
  }
  // The join table is shared by every component field of the type: one delete covers them all.
  const joinTable = joins.find((join) => join.joinTable)?.joinTable;
  if (joinTable)
    await on(strapi, trx, joinTable.name)
      .whereIn(joinTable.joinColumn.name, [...ids])
      .del();
  await on(strapi, trx, meta.tableName)
    .whereIn('id', [...ids])
    .del();
};

/**
 * A compare-and-set on one row outside any transaction: sets `data` on row `id` only while every
 * `where` attribute still has the given value and, with `below`, while that attribute is below the
 * bound; with `increment`, adds one to that attribute instead. True when the row matched.
 */
export const updateRowIf = async (
  strapi: Core.Strapi,
  uid: string,
  id: number,
  where: Record<string, Knex.Value>,
  change: { set: Record<string, Knex.Value> } | { increment: string; below: number },
) => {
  const { table, column } = tableOf(strapi, uid);
  const conditions = Object.fromEntries(Object.entries(where).map(([name, value]) => [column(name), value]));
  const query = knexOf(strapi)(table).where({ id, ...conditions });
  const matched =
    'set' in change
      ? await query.update(Object.fromEntries(Object.entries(change.set).map(([name, value]) => [column(name), value])))
      : await query.andWhere(column(change.increment), '<', change.below).increment(column(change.increment), 1);
  return Number(matched) > 0;
};
