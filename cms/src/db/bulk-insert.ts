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
 * One multi-row `INSERT ... VALUES (...), (...)` with `?` for values and each identifier written by
 * `name`: knex's `??` placeholder (quoted by knex for the dialect), or quoted for SQLite. Not knex's
 * insert builder: on SQLite it writes the rows as a UNION ALL of SELECTs, which is capped at 500
 * terms and, measured here, made 10,000 rows take 2.7 times as long as this statement; a VALUES list
 * has no such cap on either database.
 */
const insertStatement = (table: string, columns: string[], rows: number, returned: string[], name: (identifier: string) => string) =>
  `insert into ${name(table)} (${columns.map(name).join(', ')}) values ${placeholders(rows, `(${placeholders(columns.length)})`)}${
    returned.length > 0 ? ` returning ${returned.map(name).join(', ')}` : ''
  }`;

interface SqliteStatement {
  reader: boolean;
  all(values: unknown[]): Record<string, unknown>[];
  run(values: unknown[]): unknown;
}

/** A better-sqlite3 connection: knex's own, or one opened in a worker thread. */
export interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
}

/** Runs one chunk's INSERT and answers its returned rows (none without a `returning`). */
export type InsertChunk = (table: string, columns: string[], rows: number, returned: string[], values: unknown[]) => Promise<Record<string, unknown>[]>;

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/** SQL texts by shape (table, columns, rows, returned columns), identifiers quoted as SQLite reads them. */
const texts = new Map<string, string>();

const sqliteText = (table: string, columns: string[], rows: number, returned: string[]) => {
  const key = `${table}|${columns.join(',')}|${rows}|${returned.join(',')}`;
  let text = texts.get(key);
  if (text === undefined) {
    text = insertStatement(table, columns, rows, returned, quoted);
    texts.set(key, text);
  }
  return text;
};

/**
 * Chunks run on a SQLite connection through the driver, each shape's text written once: the CSV
 * import's own connection in its worker thread (src/api/unit/lib/csv-worker.ts writeUnits).
 */
export const sqliteInsertChunk =
  (connection: SqliteConnection): InsertChunk =>
  async (table, columns, rows, returned, values) => {
    const statement = connection.prepare(sqliteText(table, columns, rows, returned));
    const bound = values.map(sqliteValue);
    if (statement.reader) return statement.all(bound);
    statement.run(bound);
    return [];
  };

/** Chunks run with knex.raw on the caller's transaction `trx`. */
export const transactionInsertChunk =
  (trx: Knex.Transaction): InsertChunk =>
  async (table, columns, rows, returned, values) =>
    rowsOf(
      await trx.raw(
        insertStatement(table, columns, rows, returned, () => '??'),
        [table, ...columns, ...values, ...returned],
      ),
    );

/**
 * A content type's table as an INSERT needs it: its name, and the column and type of each attribute
 * that has one (not relations or components). Plain data, so that it can go to a worker thread.
 */
export interface InsertTable {
  uid: string;
  table: string;
  attributes: Record<string, { column: string; type: string }>;
}

export const insertTable = (strapi: Core.Strapi, uid: string): InsertTable => {
  const meta = metadataOf(strapi, uid);
  const attributes: InsertTable['attributes'] = {};
  for (const [name, definition] of Object.entries(meta.attributes)) {
    if (definition.type !== 'relation' && definition.type !== 'component') attributes[name] = { column: definition.columnName ?? name, type: definition.type };
  }
  return { uid, table: meta.tableName, attributes };
};

/**
 * Inserts rows (keys are attribute names, every row the same keys) into `target` with chunked
 * multi-row INSERTs run by `insert`, yielding to the event loop between chunks. Adds what Strapi adds
 * to a created entry: a new document id (see document-id.ts), created/updated/published times (our
 * types have no draft & publish, so entries are published at creation) and a null locale (not
 * localised). Returns the `returning` attributes of the inserted rows, in insertion order.
 */
export async function insertRows(
  insert: InsertChunk,
  target: InsertTable,
  rows: readonly Record<string, unknown>[],
  returning: readonly string[] = [],
): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return [];
  const columnOf = (attribute: string) => {
    const definition = target.attributes[attribute];
    if (!definition) throw new Error(`${target.uid} has no column for '${attribute}'`);
    return definition.column;
  };
  const attributes = Object.keys(rows[0]);
  const types = attributes.map((attribute) => target.attributes[attribute]?.type);
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
    const result = await insert(target.table, columns, chunk.length, returnedColumns, values);
    if (returnedColumns.length === 0) continue;
    for (const record of result) inserted.push(Object.fromEntries(returning.map((attribute, index) => [attribute, record[returnedColumns[index]]])));
  }
  return inserted;
}

/** insertRows for a content type, on the caller's transaction `trx` (the bench's data, say). */
export const bulkInsert = (
  strapi: Core.Strapi,
  trx: Knex.Transaction,
  uid: string,
  rows: readonly Record<string, unknown>[],
  returning: readonly string[] = [],
): Promise<Record<string, unknown>[]> => insertRows(transactionInsertChunk(trx), insertTable(strapi, uid), rows, returning);
