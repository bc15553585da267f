import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { documentIds } from './document-id';
import { rowsOf, sqliteValue } from './pooled-read';
import { placeholders } from './sql-dialect';
import { metadataOf } from './tables';

/**
 * Bind parameters one statement may carry: SQLite's SQLITE_MAX_VARIABLE_NUMBER (32,766 since 3.32),
 * the lower of the two databases' limits (PostgreSQL allows 65,535). rows x columns stays under it.
 */
export const MAX_BINDINGS = 32_766;
/** Rows per statement at most, whatever the bind limit would allow: larger statements gain nothing. */
export const MAX_CHUNK_ROWS = 1000;

/** Lets other requests be answered between statements: better-sqlite3 runs each one synchronously. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export const chunkRows = (columns: number) => Math.max(1, Math.min(MAX_CHUNK_ROWS, Math.floor(MAX_BINDINGS / columns)));

// Strapi stores JSON attributes as JSON text on both databases (on PostgreSQL in a jsonb column that
// it reads back as text), so the value is serialised here exactly as its JSON field's toDB does.
const toDatabase = (type: string, value: unknown) => (type === 'json' && value !== null && value !== undefined ? JSON.stringify(value) : (value ?? null));

/**
 * What Strapi adds to every created entry of our content types, in this order: a document id, the
 * created/updated/published times (no draft & publish: published at creation) and a null locale.
 */
export const ENTRY_ATTRIBUTES = ['documentId', 'createdAt', 'updatedAt', 'publishedAt', 'locale'] as const;

/**
 * One multi-row `INSERT ... VALUES (...), (...)` with knex placeholders: ?? for identifiers (quoted by
 * knex for the dialect), ? for values. Not knex's insert builder: on SQLite it writes the rows as a
 * UNION ALL of SELECTs, which is capped at 500 terms and, measured here, made 10,000 rows take 2.7
 * times as long as this statement; a VALUES list has no such cap on either database.
 */
const insertStatement = (rows: number, columns: number, returning: number) =>
  `insert into ?? (${placeholders(columns, '??')}) values ${placeholders(rows, `(${placeholders(columns)})`)}${returning > 0 ? ` returning ${placeholders(returning, '??')}` : ''}`;

interface SqliteStatement {
  reader: boolean;
  all(values: unknown[]): Record<string, unknown>[];
  run(values: unknown[]): unknown;
}

/** SQL texts by shape (table, columns, rows, returned columns), as knex wrote them with its identifiers quoted. */
const texts = new Map<string, string>();

/**
 * One chunk's INSERT on the transaction. On SQLite the statement runs on the transaction's own
 * connection through the driver: knex wrote its text once for this shape, and it is not rewritten
 * with every chunk's hundreds of values, nor are they copied and the query announced, as knex.raw
 * does for each (a 10,000-row import makes 800 such statements; the gain is in cms/PATCHES.md).
 * Elsewhere, and for any other driver, knex.raw.
 */
const runInsert = async (trx: Knex.Transaction, table: string, columns: string[], rows: number, returned: string[], values: unknown[]) => {
  const client = trx.client as { driverName?: string; acquireConnection(): Promise<unknown> };
  if (client.driverName !== 'better-sqlite3') {
    return rowsOf(await trx.raw(insertStatement(rows, columns.length, returned.length), [table, ...columns, ...values, ...returned]));
  }
  const key = `${table}|${columns.join(',')}|${rows}|${returned.join(',')}`;
  let text = texts.get(key);
  if (text === undefined) {
    // knex quotes the identifiers; the values stay `?` placeholders.
    text = trx.raw(insertStatement(rows, columns.length, returned.length), [table, ...columns, ...values.map(() => null), ...returned]).toSQL().sql;
    texts.set(key, text);
  }
  const statement = ((await client.acquireConnection()) as { prepare(sql: string): SqliteStatement }).prepare(text);
  const bound = values.map(sqliteValue);
  if (statement.reader) return statement.all(bound);
  statement.run(bound);
  return [];
};

/**
 * Inserts rows of a content type (keys are attribute names, every row the same keys) with chunked
 * multi-row INSERTs through knex on the caller's transaction `trx`, yielding to the event loop
 * between chunks. Adds what Strapi adds to a created entry: a new document id (see document-id.ts),
 * created/updated/published times (our types have no draft & publish, so entries are published at
 * creation) and a null locale (not localised). Table and column names come from Strapi's metadata.
 * Returns the `returning` attributes of the inserted rows, in insertion order.
 */
export async function bulkInsert(
  strapi: Core.Strapi,
  trx: Knex.Transaction,
  uid: string,
  rows: readonly Record<string, unknown>[],
  returning: readonly string[] = [],
): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return [];
  const meta = metadataOf(strapi, uid);
  const columnOf = (attribute: string) => {
    const definition = meta.attributes[attribute];
    if (!definition || definition.type === 'relation' || definition.type === 'component') throw new Error(`${uid} has no column for '${attribute}'`);
    return definition.columnName ?? attribute;
  };
  const attributes = Object.keys(rows[0]);
  const types = attributes.map((attribute) => meta.attributes[attribute]?.type);
  const columns = [...ENTRY_ATTRIBUTES, ...attributes].map(columnOf);
  const returnedColumns = returning.map((attribute) => (attribute === 'id' ? 'id' : columnOf(attribute)));
  const ids = documentIds(rows.length);
  const now = new Date();
  const size = chunkRows(columns.length);
  const inserted: Record<string, unknown>[] = [];
  for (let start = 0; start < rows.length; start += size) {
    if (start > 0) await yieldToEventLoop();
    const chunk = rows.slice(start, start + size);
    const values: unknown[] = [];
    chunk.forEach((row, offset) => {
      values.push(ids[start + offset], now, now, now, null);
      attributes.forEach((attribute, index) => values.push(toDatabase(types[index], row[attribute])));
    });
    const result = await runInsert(trx, meta.tableName, columns, chunk.length, returnedColumns, values);
    if (returnedColumns.length === 0) continue;
    for (const record of result) inserted.push(Object.fromEntries(returning.map((attribute, index) => [attribute, record[returnedColumns[index]]])));
  }
  return inserted;
}
