import { cacheStatements } from './sqlite-statements';

/**
 * SQLite's second connection: read-only, for the hand-written reads made outside any transaction
 * (pooled-read.ts), so they stop queueing behind a write.
 *
 * knex keeps one SQLite connection, and a write transaction holds it until its commit (a CSV import
 * of 10,000 rows, about half a second): a session, project or list-version read from another request
 * waited for that commit. Here it reads what is committed, as PostgreSQL's read committed would, and
 * without the pool's acquire (a timer and four promises a read). The rollback journal lets a reader in
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

const open = (client: SqliteReaderClient): ReadOnlyDatabase | null => {
  const filename = client.connectionSettings?.filename;
  if (!filename || filename === ':memory:' || filename.startsWith('file:') || typeof client.driver !== 'function') return null;
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

/**
 * The rows of a SELECT on the committed state, read on the client's reader (opened on first use), or
 * undefined when the pool's connection should answer instead: there is no reader, the file is locked
 * right now, or the reader itself failed (anything but an error in the SQL, which the pool's
 * connection would meet too), in which case it is closed for good.
 */
export const readCommitted = (client: SqliteReaderClient, sql: string, bindings: unknown[]) => {
  const reader = sqliteReader(client);
  if (!reader) return undefined;
  try {
    return reader.prepare(sql).all(bindings);
  } catch (error) {
    const code = String((error as { code?: unknown }).code);
    if (LOCKED.test(code)) return undefined;
    if (code.startsWith('SQLITE_') && code !== 'SQLITE_ERROR') {
      closeSqliteReader(client);
      return undefined;
    }
    throw error;
  }
};
