import { createRequire } from 'node:module';
import type { Knex } from 'knex';
import { sqliteInsertChunk, type InsertChunk, type SqliteConnection } from './bulk-insert';
import { WAL_FALLBACK_PAGES } from './sqlite-checkpoint';
import { sqliteFile, type SqliteReaderClient } from './sqlite-reader';
import { cacheStatements } from './sqlite-statements';

/**
 * The pragmas of a connection that writes to the database in WAL mode: the server's own
 * (config/database.ts) and a write on a connection of its own (writeOnOwnConnection).
 * `synchronous` is DATABASE_SQLITE_SYNCHRONOUS: NORMAL (the default), FULL or EXTRA.
 */
export const walPragmas = (synchronous: string | undefined) => {
  const level = (synchronous ?? 'NORMAL').toUpperCase();
  return [
    'journal_mode = WAL',
    `synchronous = ${['NORMAL', 'FULL', 'EXTRA'].includes(level) ? level : 'NORMAL'}`,
    `wal_autocheckpoint = ${WAL_FALLBACK_PAGES}`,
    // After a checkpoint the log restarts from its beginning; past this size it is truncated.
    `journal_size_limit = ${64 * 1024 * 1024}`,
  ];
};

/** A SQLite file another connection may write to, and the pragmas that connection sets. Plain data: it goes to a worker thread. */
export interface OwnConnection {
  filename: string;
  pragmas: string[];
}

/**
 * Where the writes of the transaction `trx` can go to a connection of their own, while `trx`, which
 * has only read, stays open: a SQLite file in WAL mode (a reader never blocks that writer). Otherwise
 * null: an in-memory database, a rollback journal (the open read would block its commit), PostgreSQL.
 */
export const ownWriteConnection = async (trx: Knex.Transaction): Promise<OwnConnection | null> => {
  const client = trx.client as SqliteReaderClient & { driverName?: string };
  const filename = sqliteFile(client);
  if (client.driverName !== 'better-sqlite3' || !filename) return null;
  const [mode] = (await trx.raw('pragma journal_mode')) as Array<{ journal_mode: string }>;
  if (mode?.journal_mode !== 'wal') return null;
  // Strapi turns foreign keys on for its own connection (its SQLite dialect); so does this one.
  return { filename, pragmas: [...walPragmas(process.env.DATABASE_SQLITE_SYNCHRONOUS), 'foreign_keys = ON'] };
};

interface WritingDatabase extends SqliteConnection {
  pragma(source: string): unknown;
  exec(source: string): unknown;
  readonly inTransaction: boolean;
  close(): void;
}

type DatabaseConstructor = new (filename: string, options: { fileMustExist: boolean; timeout: number }) => WritingDatabase;

/** How long the BEGIN of writeOnOwnConnection waits for another connection's write to end. */
const WRITE_WAIT_MS = 10_000;

/**
 * Runs `work` in ONE transaction on a new connection to `target` (in a worker thread: the CSV
 * import's, src/api/unit/lib/csv-worker.ts), inserting with the `insert` it is handed: committed when
 * `work` resolves, rolled back when it throws (the error is rethrown). The connection is closed after.
 */
export async function writeOnOwnConnection<T>(target: OwnConnection, work: (insert: InsertChunk) => Promise<T>): Promise<T> {
  const Database = createRequire(__filename)('better-sqlite3') as DatabaseConstructor;
  const connection = cacheStatements(new Database(target.filename, { fileMustExist: true, timeout: WRITE_WAIT_MS }));
  try {
    for (const source of target.pragmas) connection.pragma(source);
    connection.exec('BEGIN IMMEDIATE');
    const result = await work(sqliteInsertChunk(connection));
    connection.exec('COMMIT');
    return result;
  } catch (error) {
    if (connection.inTransaction) connection.exec('ROLLBACK');
    throw error;
  } finally {
    connection.close();
  }
}
