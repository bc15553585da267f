import crypto from 'node:crypto';
import { readCommitted, readCommittedUntilChanged, type SqliteReaderClient } from './sqlite-reader';

/**
 * A hand-written SELECT run on a connection from knex's own pool, through the driver itself.
 *
 * knex.raw builds a query object, a runner and a promise chain, and emits its query events, for
 * every statement. Inside the server that costs about as much as an indexed read itself (some
 * 0.04 ms a statement, measured with the bench's 304 path), and the session, the project and the
 * list's version are read on nearly every request. Taking the connection from the same pool keeps
 * what matters: a read never sees another request's uncommitted rows, PostgreSQL's pool limits
 * hold, and a pool timeout is still knex's KnexTimeoutError. On SQLite these reads go to a second,
 * read-only connection first (sqlite-reader.ts), so they do not wait for an open write transaction.
 * Bindings go to the driver as knex hands them over: dates as epoch milliseconds and booleans as 0/1
 * on SQLite, `?` numbered as `$n` on PostgreSQL. A driver not known here goes through knex.raw.
 * pooled-read.test.ts holds both to knex.raw's answers.
 *
 * Statements are prepared once and kept, as SQLite's already are (sqlite-statements.ts): on
 * PostgreSQL each SQL text becomes a named statement on each connection, so the server parses and
 * plans it once per connection instead of on every read (about 0.6 ms of the bench's 304 on
 * PostgreSQL, three reads). The names come from the text, so one text is one statement, and at most
 * MAX_NAMED_STATEMENTS texts are named (lists of ids make texts vary); others run unnamed. Behind a
 * pooler that does not keep prepared statements (PgBouncer in transaction mode before 1.21), set
 * DATABASE_PREPARED_STATEMENTS=false (config/database.ts).
 */
export type Rows = Record<string, unknown>[];

interface PoolClient extends SqliteReaderClient {
  driverName?: string;
  connectionSettings?: { preparedStatements?: boolean; filename?: string };
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): unknown;
  positionBindings(sql: string): string;
}

export interface PooledKnex {
  client: PoolClient;
  raw(sql: string, bindings: readonly unknown[]): PromiseLike<unknown>;
}

interface SqliteConnection {
  prepare(sql: string): { all(bindings: unknown[]): Rows };
}

interface PgConnection {
  query(config: { name?: string; text: string; values: readonly unknown[] }): Promise<{ rows: Rows }>;
}

export const MAX_NAMED_STATEMENTS = 500;
/** The named statements so far, by the SQL as written (with `?`): its numbered text and its name. */
const statements = new Map<string, { text: string; name: string }>();

/** The PostgreSQL query for one SQL text: named when prepared statements are on and the cap allows. */
const pgQuery = (client: PoolClient, sql: string) => {
  const prepared = client.connectionSettings?.preparedStatements !== false;
  const kept = prepared ? statements.get(sql) : undefined;
  if (kept) return kept;
  const text = client.positionBindings(sql);
  if (!prepared || statements.size >= MAX_NAMED_STATEMENTS) return { text, name: undefined };
  const named = { text, name: `portal_${crypto.createHash('sha256').update(text).digest('hex').slice(0, 32)}` };
  statements.set(sql, named);
  return named;
};

type Driver = (connection: unknown, sql: string, bindings: readonly unknown[], client: PoolClient) => Rows | Promise<Rows>;

/** A value bound as better-sqlite3 takes it, as knex's better-sqlite3 client turns it: dates to epoch milliseconds, booleans to 0/1. */
export const sqliteValue = (value: unknown) => (value instanceof Date ? value.valueOf() : typeof value === 'boolean' ? Number(value) : value);

const DRIVERS: Record<string, Driver> = {
  'better-sqlite3': (connection, sql, bindings) => (connection as SqliteConnection).prepare(sql).all(bindings.map(sqliteValue)),
  pg: async (connection, sql, bindings, client) => (await (connection as PgConnection).query({ ...pgQuery(client, sql), values: bindings })).rows,
};

/** The rows of a knex.raw SELECT: an array on SQLite, `{ rows }` on PostgreSQL. */
export const rowsOf = (result: unknown): Rows => (Array.isArray(result) ? result : (result as { rows: Rows }).rows) as Rows;

export interface SelectOptions {
  /**
   * On SQLite, rows kept and answered again until the database changes (readCommittedUntilChanged):
   * for aggregates read far more often than their tables are written. They come back frozen.
   */
  untilChanged?: boolean;
}

/**
 * The rows of a SELECT run outside any transaction: on SQLite on the read-only second connection
 * (sqlite-reader.ts) unless the file is locked, otherwise on a connection borrowed from the pool.
 */
export const pooledSelect = async (knex: PooledKnex, sql: string, bindings: readonly unknown[], options: SelectOptions = {}): Promise<Rows> => {
  const { client } = knex;
  if (client.driverName === 'better-sqlite3') {
    const values = bindings.map(sqliteValue);
    const rows = options.untilChanged ? readCommittedUntilChanged(client, sql, values) : readCommitted(client, sql, values);
    if (rows) return rows;
  }
  const driver = client.driverName ? DRIVERS[client.driverName] : undefined;
  if (!driver) return rowsOf(await knex.raw(sql, bindings));
  const connection = await client.acquireConnection();
  try {
    return await driver(connection, sql, bindings, client);
  } finally {
    // knex gives the connection back to the pool at once; the promise it returns has nothing to wait for.
    void client.releaseConnection(connection);
  }
};
