import { cacheStatements } from './sqlite-statements';

/**
 * SQLite's second connection: read-only, for the reads made outside any transaction, so they stop
 * queueing behind a write: the hand-written ones (pooled-read.ts) and the query engine's SELECTs
 * (readSelectsCommitted below).
 *
 * knex keeps one SQLite connection, and a write transaction holds it until its commit (a CSV import
 * of 10,000 rows, about half a second): a session, project, unit or list read from another request
 * waited for that commit. Here it reads what is committed, as PostgreSQL's read committed would, and
 * without the pool's acquire (a timer and four promises a read). In WAL mode (the default,
 * config/database.ts) a reader never waits for the writer. With DATABASE_SQLITE_WAL=false the
 * rollback journal lets a reader in
 * while the writer holds its RESERVED lock; the writer takes the file EXCLUSIVE only inside the one
 * synchronous driver call that commits, which no read in this process can overlap, or to spill its
 * page cache in the middle of a transaction, which config/database.ts turns off (cache_spill). Any
 * lock met all the same (another process writing to the file, say) sends the read back to the pool's
 * connection, which waits as it always did.
 */
export interface SqliteReaderClient {
  driver?: unknown;
  connectionSettings?: { filename?: string };
}

interface ReadOnlyDatabase {
  prepare(sql: string): { reader: boolean; all(bindings: unknown[]): Record<string, unknown>[] };
  close(): void;
}

type DatabaseConstructor = new (filename: string, options: { readonly: boolean; fileMustExist: boolean; timeout: number }) => ReadOnlyDatabase;

/** Per knex client: its reader, or null once there is none to be had (an in-memory database, or closed). */
const readers = new WeakMap<object, ReadOnlyDatabase | null>();

/**
 * The client's database file, when another connection can open it (the reader, the checkpoint
 * worker, an import's writer): not an in-memory database, nor a `file:` URI.
 */
export const sqliteFile = (client: SqliteReaderClient): string | null => {
  const filename = client.connectionSettings?.filename;
  return filename && filename !== ':memory:' && !filename.startsWith('file:') ? filename : null;
};

const open = (client: SqliteReaderClient): ReadOnlyDatabase | null => {
  const filename = sqliteFile(client);
  if (!filename || typeof client.driver !== 'function') return null;
  try {
    // No busy wait: a lock is answered at once, and the read goes to the pool instead.
    return cacheStatements(new (client.driver as DatabaseConstructor)(filename, { readonly: true, fileMustExist: true, timeout: 0 }));
  } catch {
    // A file that cannot be opened read-only (gone, or in WAL mode without its shared-memory file):
    // the pool's connection serves every read, as it did before there was a reader.
    return null;
  }
};

const sqliteReader = (client: SqliteReaderClient): ReadOnlyDatabase | null => {
  let reader = readers.get(client);
  if (reader === undefined) {
    reader = open(client);
    readers.set(client, reader);
  }
  return reader;
};

/** Closes the client's reader for good (Strapi's destroy); later reads go to the pool. */
export const closeSqliteReader = (client: SqliteReaderClient) => {
  const reader = readers.get(client);
  readers.set(client, null);
  reader?.close();
};

const LOCKED = /^SQLITE_(BUSY|LOCKED)/;
/** A statement the read-only connection may not run (a write): the pool's connection runs it. */
const READ_ONLY = /^SQLITE_READONLY/;
/** The connection itself failing (its file, its memory): anything else is an error in the SQL or its bindings. */
const BROKEN = /^SQLITE_(IOERR|CORRUPT|CANTOPEN|NOTADB|NOMEM|FULL|PERM|AUTH|INTERNAL|MISUSE|NOLFS|PROTOCOL)/;

/**
 * Whether a read that failed on the reader should go to the pool's connection instead: the file is
 * locked right now, the statement is one a read-only connection cannot run, or the reader itself
 * failed, in which case it is closed for good (with a warning: reads queue behind writes again). An
 * error in the SQL or its bindings, which the pool's connection would meet too, is the caller's.
 */
const leavesToPool = (client: SqliteReaderClient, error: unknown) => {
  const code = String((error as { code?: unknown } | null)?.code);
  if (LOCKED.test(code) || READ_ONLY.test(code)) return true;
  if (BROKEN.test(code)) {
    closeSqliteReader(client);
    process.emitWarning(`The read-only SQLite connection failed (${code}) and was closed; reads go to the main connection from now on.`);
    return true;
  }
  return false;
};

/**
 * The rows of a SELECT on the committed state, read on the client's reader (opened on first use), or
 * undefined when the pool's connection should answer instead: there is no reader, or leavesToPool.
 */
export const readCommitted = (client: SqliteReaderClient, sql: string, bindings: unknown[]) => {
  const reader = sqliteReader(client);
  if (!reader) return undefined;
  try {
    return reader.prepare(sql).all(bindings);
  } catch (error) {
    if (leavesToPool(client, error)) return undefined;
    throw error;
  }
};

type Rows = Record<string, unknown>[];

/** What readCommittedUntilChanged keeps, per knex client: the rows of each text and bindings, and the data_version they were read at. */
interface Kept {
  version: unknown;
  rows: Map<string, Rows>;
}

const kept = new WeakMap<object, Kept>();
/** Texts and bindings kept at once; past this the memo starts again (a dashboard and the lists' versions need far fewer). */
export const KEPT_READS = 256;

/**
 * readCommitted, answered from memory while the database has not changed. SQLite's data_version,
 * read on the reader, moves whenever another connection commits: the server's own writes (its
 * knex connection) and those of any other process on the file alike. So rows read at one
 * data_version are still what the SQL would read at the same one, and a read repeated between
 * two writes costs one PRAGMA instead of its scan: the dashboard's GROUP BY over every unit, and a
 * list's version aggregate over its project's units, which every 304 reads. The version is read
 * before the rows: a commit in between (from another process) leaves rows newer than their
 * version, which the next read finds changed. The rows are frozen, since callers share them.
 * Undefined, as readCommitted, when the pool's connection should answer (it remembers nothing).
 */
export const readCommittedUntilChanged = (client: SqliteReaderClient, sql: string, bindings: unknown[]): Rows | undefined => {
  const version = readCommitted(client, 'PRAGMA data_version', [])?.[0]?.data_version;
  if (version === undefined) return undefined;
  let memo = kept.get(client);
  if (!memo || memo.version !== version) kept.set(client, (memo = { version, rows: new Map() }));
  const key = `${sql}\u0000${JSON.stringify(bindings)}`;
  const known = memo.rows.get(key);
  if (known) return known;
  const rows = readCommitted(client, sql, bindings);
  if (!rows) return undefined;
  if (memo.rows.size >= KEPT_READS) memo.rows.clear();
  for (const row of rows) Object.freeze(row);
  memo.rows.set(key, Object.freeze(rows) as Rows);
  return rows;
};

interface KnexRunner {
  connection?: unknown;
  run(): Promise<unknown>;
}

interface KnexBuilder {
  _method?: string;
  _single?: { lock?: unknown };
}

export interface ReadingClient extends SqliteReaderClient {
  driverName?: string;
  runner(builder: unknown): KnexRunner;
}

const READS = new Set(['select', 'first', 'pluck']);

/** A query builder's SELECT without a row lock (knex.raw and schema builders have no such method). */
const isPlainRead = (builder: unknown) => {
  const { _method: method, _single: single } = (builder ?? {}) as KnexBuilder;
  return method !== undefined && READS.has(method) && !single?.lock;
};

/**
 * Sends the SELECTs that knex query builders run outside any transaction (Strapi's query engine:
 * findOne, findMany, count, populate) to the client's reader, as pooledSelect does with the
 * hand-written ones. The runner gets the reader as its connection when it runs, which knex then
 * uses instead of acquiring one from the pool; everything else about the query stays knex's (SQL,
 * bindings, events, response processing). Inside a transaction a query runs on the transaction's
 * own client, which knex makes from the client's class, so it never comes here and keeps reading
 * its own writes. A read the reader cannot serve (leavesToPool) runs again on the pool's
 * connection: it emits its query events twice then. A no-op for other drivers.
 */
export const readSelectsCommitted = (client: ReadingClient) => {
  if (client.driverName !== 'better-sqlite3') return;
  const runner = client.runner;
  client.runner = function (this: ReadingClient, builder: unknown) {
    const made = runner.call(this, builder);
    const reader = isPlainRead(builder) ? sqliteReader(client) : null;
    if (!reader) return made;
    const run = made.run.bind(made);
    // Only run() reads on it: a stream (made.stream) gives its connection back to the pool at the end.
    made.run = async () => {
      made.connection = reader;
      try {
        return await run();
      } catch (error) {
        if (made.connection !== reader || !leavesToPool(client, error)) throw error;
        made.connection = undefined;
        return run();
      }
    };
    return made;
  };
};
