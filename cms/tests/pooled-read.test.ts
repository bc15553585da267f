import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkInsert, unitListVersion, unitStatusCounts } from '../src/db';
import { selectRows } from '../src/db/entity-row';
import { KEPT_READS } from '../src/db/sqlite-reader';
import { MAX_NAMED_STATEMENTS, pooledSelect, rowsOf, type PooledKnex } from '../src/db/pooled-read';
import { startTestStrapi, type TestServer } from './helpers/strapi';

// The hand-written reads (session, project, list version, dashboard) run on a pooled connection
// through the driver (src/db/pooled-read.ts): they must answer exactly as knex.raw does, keep
// transactions' isolation, and give the connection back whatever happens. A real Strapi, on SQLite
// here and on PostgreSQL in CI.

/** The few knex query-builder calls used here. */
interface TableQuery extends PromiseLike<Record<string, unknown>[]> {
  select(column: string): TableQuery;
  where(column: string, value: unknown): TableQuery;
  count(as: string): TableQuery;
  insert(row: Record<string, unknown>): PromiseLike<unknown>;
}

interface Knex {
  (table: string): TableQuery;
  client: unknown;
  raw(sql: string, bindings?: readonly unknown[]): Promise<unknown>;
  schema: { createTable(name: string, build: (table: TableBuilder) => void): Promise<unknown> };
  on(event: 'query', listener: (query: { bindings: unknown[] }) => void): void;
  off(event: 'query', listener: (query: { bindings: unknown[] }) => void): void;
}
interface TableBuilder {
  increments(name: string): void;
  string(name: string): void;
  float(name: string): void;
  boolean(name: string): void;
  datetime(name: string): void;
  text(name: string): void;
}

const TABLE = 'pooled_read_probe';
let server: TestServer;
let knex: Knex;

const EARLY = new Date('2026-01-02T03:04:05.000Z');
const LATE = new Date('2026-06-07T08:09:10.000Z');

beforeAll(async () => {
  server = await startTestStrapi({ seed: false });
  knex = server.strapi.db.connection as unknown as Knex;
  await knex.schema.createTable(TABLE, (table) => {
    table.increments('id');
    table.string('label');
    table.float('amount');
    table.boolean('flag');
    table.datetime('at');
    table.text('doc');
  });
  await knex.raw(`insert into ${TABLE} (label, amount, flag, at, doc) values (?, ?, ?, ?, ?), (?, ?, ?, ?, ?), (?, ?, ?, ?, ?)`, [
    'A-1',
    1250.5,
    true,
    EARLY,
    '{"views":["sea"]}',
    'B-2',
    990,
    false,
    LATE,
    null,
    null,
    null,
    null,
    null,
    'plain',
  ]);
});

afterAll(async () => {
  await server?.stop();
});

/** Fails with a readable message instead of hanging the file when a read never comes back. */
const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms))]);

const labels = (rows: Record<string, unknown>[]) => rows.map((row) => row.label);

/**
 * Runs `write` in a transaction and keeps the transaction open, uncommitted, until `end()` commits
 * it (or rolls it back). Started from the test's own flow, its context does not reach the test's
 * other reads: those are reads from outside it.
 */
const holdTransaction = async (write: (trx: Knex) => Promise<unknown>, { rollback = false } = {}) => {
  let written!: () => void;
  const writtenNow = new Promise<void>((resolve) => (written = resolve));
  let finish!: () => void;
  const finishing = new Promise<void>((resolve) => (finish = resolve));
  const transaction = server.strapi.db.transaction(async ({ trx, rollback: undo }) => {
    await write(trx as unknown as Knex);
    written();
    await finishing;
    if (rollback) await undo();
  });
  await writtenNow;
  return {
    end: async () => {
      finish();
      await transaction.catch((error: unknown) => {
        if (!rollback) throw error;
      });
    },
  };
};

/**
 * Starts `read` from outside while `held` keeps its transaction open, then ends the transaction and
 * waits for the read (at most `timeoutMs`). Returns what the read had answered 200 ms after it
 * started, while the transaction was still open: `{ value }`, or null if it had not answered yet.
 */
const answeredWhileHeld = async <T>(held: { end(): Promise<void> }, read: Promise<T>, timeoutMs = 5_000) => {
  let answer: { value: T } | null = null;
  const reading = read.then((value) => (answer = { value }));
  // A read failing early is reported where it is awaited below, not as an unhandled rejection.
  reading.catch(() => undefined);
  let seen: { value: T } | null = null;
  try {
    await new Promise((resolve) => setTimeout(resolve, 200));
    seen = answer;
  } finally {
    await held.end();
  }
  await within(reading, timeoutMs, 'The read');
  return seen;
};

/** knex's own pool and driver under a client whose file name is `filename` (so its own SQLite reader, or none). */
const withFilename = (filename: string | undefined): PooledKnex => {
  const client = knex.client as PooledKnex['client'] & { connectionSettings: Record<string, unknown> };
  return {
    raw: (sql, bindings) => knex.raw(sql, bindings),
    client: Object.assign(Object.create(client) as typeof client, { connectionSettings: { ...client.connectionSettings, filename } }),
  };
};

describe('selectRows outside a transaction', () => {
  const cases: [string, string, unknown[]][] = [
    ['every column of every row', `select * from ${TABLE} order by id`, []],
    ['a boolean binding', `select id, label from ${TABLE} where flag = ? order by id`, [true]],
    ['a date binding', `select id, label, at from ${TABLE} where at < ? order by id`, [new Date('2026-03-01T00:00:00.000Z')]],
    ['a list of bindings', `select label, amount from ${TABLE} where label in (?, ?, ?) order by label`, ['A-1', 'B-2', 'C-3']],
    ['aggregates', `select count(*) as count, max(at) as newest, sum(id) as ids from ${TABLE} where amount > ?`, [0]],
    ['no rows', `select id from ${TABLE} where label = ?`, ['nobody']],
  ];

  it.each(cases)('answers exactly as knex.raw does: %s', async (_, sql, bindings) => {
    expect(await selectRows(server.strapi, sql, bindings)).toEqual(rowsOf(await knex.raw(sql, bindings)));
  });

  it('finds what the bindings ask for (the comparison above is not between two empty answers)', async () => {
    expect(labels(await selectRows(server.strapi, `select label from ${TABLE} where flag = ? order by id`, [true]))).toEqual(['A-1']);
    expect(labels(await selectRows(server.strapi, `select label from ${TABLE} where at > ? order by id`, [EARLY]))).toEqual(['B-2']);
    expect(labels(await selectRows(server.strapi, `select label from ${TABLE} where label in (?, ?) order by id`, ['B-2', 'A-1']))).toEqual(['A-1', 'B-2']);
  });

  it('goes to the driver, not through knex (no query event)', async () => {
    const seen: unknown[][] = [];
    const listen = (query: { bindings: unknown[] }) => seen.push(query.bindings);
    knex.on('query', listen);
    try {
      await selectRows(server.strapi, `select id from ${TABLE} where label = ?`, ['A-1']);
      await knex.raw(`select id from ${TABLE} where label = ?`, ['B-2']);
    } finally {
      knex.off('query', listen);
    }
    expect(seen).toEqual([['B-2']]);
  });

  it('gives the connection back when the statement fails', async () => {
    // The pool's connection even on SQLite: a client without a file name gets no read-only reader.
    const poolOnly = withFilename(undefined);
    for (const read of [(sql: string) => selectRows(server.strapi, sql, []), (sql: string) => pooledSelect(poolOnly, sql, [])]) {
      await expect(read('select * from no_such_table')).rejects.toThrow(/no_such_table/);
      // SQLite's pool holds one connection: one not given back would leave every later read waiting.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const [row] = await within(read(`select count(*) as count from ${TABLE}`), 5_000, 'A read after a failed one');
        expect(Number(row.count)).toBe(3);
      }
    }
  });
});

describe('selectRows and transactions', () => {
  const count = async () => Number((await selectRows(server.strapi, `select count(*) as count from ${TABLE} where label = ?`, ['T-1']))[0].count);

  it('reads the open transaction’s own rows from inside it', async () => {
    const seen = await server.strapi.db.transaction(async ({ trx, rollback }) => {
      await (trx as unknown as Knex).raw(`insert into ${TABLE} (label) values (?)`, ['T-1']);
      const inside = await count();
      await rollback();
      return inside;
    });
    expect(seen).toBe(1);
    expect(await count()).toBe(0);
  });

  it('never shows a read from outside a transaction the rows it has not committed', async () => {
    const open = await holdTransaction((trx) => trx.raw(`insert into ${TABLE} (label) values (?)`, ['T-1']));
    // It does not wait for the transaction either (on SQLite, whose one knex connection the
    // transaction holds, it reads on the read-only second connection): the committed state.
    expect(await answeredWhileHeld(open, count())).toEqual({ value: 0 });
    expect(await count()).toBe(1);
  });
});

// knex query builders (Strapi's query engine) outside a transaction: on SQLite their SELECTs go to
// the read-only connection too (readSelectsCommitted in src/db/sqlite-reader.ts).
describe('query builders and transactions', () => {
  const PROJECT = 'api::project.project';
  const builderCount = async () => Number((await knex(TABLE).where('label', 'Q-1').count('* as n'))[0].n);
  const projectNamed = (name: string) => server.strapi.db.query(PROJECT).findOne({ where: { name }, select: ['id', 'name'] });

  it('never wait for an open write transaction, and read the committed state', async () => {
    // Writes outside a transaction, through a query builder and the query engine, go to knex's
    // connection (the read-only one would refuse them) and leave the reads below on the reader.
    await knex(TABLE).insert({ label: 'Q-0' });
    await server.strapi.db.query(PROJECT).create({ data: { name: 'Q-Before', location: 'Doha', visibleTo: ['doha'] } });
    expect(Number((await knex(TABLE).where('label', 'Q-0').count('* as n'))[0].n)).toBe(1);
    expect(await projectNamed('Q-Before')).toMatchObject({ name: 'Q-Before' });
    const open = await holdTransaction(async (trx) => {
      await trx.raw(`insert into ${TABLE} (label) values (?)`, ['Q-1']);
      await server.strapi.db.query(PROJECT).create({ data: { name: 'Q-Project', location: 'Dubai', visibleTo: ['dubai'] } });
    });
    // On SQLite, whose one knex connection the transaction holds, these used to wait for its commit.
    expect(await answeredWhileHeld(open, Promise.all([builderCount(), projectNamed('Q-Project')]))).toEqual({ value: [0, null] });
    expect(await builderCount()).toBe(1);
    expect(await projectNamed('Q-Project')).toMatchObject({ name: 'Q-Project' });
  });

  it('read the transaction’s own writes from inside it', async () => {
    const seen = await server.strapi.db.transaction(async ({ rollback }) => {
      await server.strapi.db.query(PROJECT).create({ data: { name: 'Q-Inside', location: 'Doha', visibleTo: ['doha'] } });
      const inside = await projectNamed('Q-Inside');
      await rollback();
      return inside;
    });
    expect(seen).toMatchObject({ name: 'Q-Inside' });
    expect(await projectNamed('Q-Inside')).toBeNull();
  });
});

// SQLite only: the read-only connection answers at once when the file is locked, and the read then
// goes to knex's connection, which waits for the lock as every read did before.
describe.runIf(!process.env.TEST_DATABASE_URL)("selectRows on SQLite's read-only connection", () => {
  it('waits for the lock on the shared connection and answers, instead of failing (hand-written and query-builder reads)', async () => {
    const filename = (knex.client as { connectionSettings: { filename: string } }).connectionSettings.filename;
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const db = new (require('better-sqlite3'))(process.argv[1]);
         db.exec('BEGIN EXCLUSIVE');
         process.stdout.write('locked\\n');
         setTimeout(() => { db.exec('COMMIT'); db.close(); }, 400);`,
        filename,
      ],
      { cwd: path.resolve(__dirname, '..'), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((resolve) => holder.on('exit', resolve));
    await within(new Promise((resolve) => holder.stdout.once('data', resolve)), 10_000, 'The process holding the lock');
    const [rows, built] = await within(
      Promise.all([selectRows(server.strapi, `select label from ${TABLE} where id = ?`, [1]), knex(TABLE).select('label').where('id', 2)]),
      10_000,
      'The reads',
    );
    expect(rows).toEqual([{ label: 'A-1' }]);
    expect(built).toEqual([{ label: 'B-2' }]);
    expect(await exited).toBe(0);
  });

  it('leaves every read to the pool when the file cannot be opened read-only', async () => {
    const filename = String((knex.client as { connectionSettings: { filename?: string } }).connectionSettings.filename);
    const missing = withFilename(path.join(path.dirname(filename), 'no-such-dir', 'gone.db'));
    expect(await pooledSelect(missing, `select label from ${TABLE} where id = ?`, [2])).toEqual([{ label: 'B-2' }]);
  });

  it('reads around a write transaction bigger than the page cache (its changes stay in memory until the commit)', async () => {
    const cacheKib = Math.abs(Number((rowsOf(await knex.raw('pragma cache_size', [])) as { cache_size: number }[])[0].cache_size));
    const rowsToWrite = Math.ceil((cacheKib * 1024 * 3) / 1000);
    const open = await holdTransaction(
      // About three times the page cache, in rows of 1,000 characters.
      (trx) =>
        trx.raw(
          `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?) insert into ${TABLE} (label, doc) select 'S-' || i, printf('%.1000c', 'x') from n`,
          [rowsToWrite],
        ),
      { rollback: true },
    );
    const read = selectRows(server.strapi, `select count(*) as count from ${TABLE} where label like ?`, ['S-%']).then((rows) => Number(rows[0].count));
    expect(await answeredWhileHeld(open, read, 10_000)).toEqual({ value: 0 });
  });
});

// Aggregates read far more often than written (the dashboard's counts, a list's version) are kept
// on SQLite until the database changes (data_version). Whatever commits, by whatever connection or
// process, the next read must see it; on PostgreSQL the same reads simply run every time.
describe('reads kept until the database changes', () => {
  const sqlite = !process.env.TEST_DATABASE_URL;
  const COUNT = `select count(*) as count, max(amount) as top from ${TABLE} where label like ?`;
  const kept = () => selectRows(server.strapi, COUNT, ['K-%'], { untilChanged: true });
  const count = async () => Number((await kept())[0].count);

  it('answers a repeated read without reading again, and reads again after each commit', async () => {
    const first = await kept();
    expect(Number(first[0].count)).toBe(0);
    if (sqlite) expect(await kept()).toBe(first);
    // A write outside any transaction, on knex's connection.
    await knex(TABLE).insert({ label: 'K-1', amount: 5 });
    expect(await count()).toBe(1);
    // A committed transaction, through the query engine's connection.
    await server.strapi.db.transaction(async ({ trx }) => {
      await (trx as unknown as Knex).raw(`insert into ${TABLE} (label, amount) values (?, ?)`, ['K-2', 7]);
    });
    expect((await kept()).map((row) => ({ count: Number(row.count), top: Number(row.top) }))).toEqual([{ count: 2, top: 7 }]);
  });

  it('keeps answering the committed state while a transaction is open, and what it rolled back stays unseen', async () => {
    const before = await count();
    const open = await holdTransaction((trx) => trx.raw(`insert into ${TABLE} (label, amount) values (?, ?)`, ['K-rolled-back', 99]), { rollback: true });
    expect(await answeredWhileHeld(open, count())).toEqual({ value: before });
    expect(await count()).toBe(before);
  });

  it('reads inside a transaction see its own rows, not the kept answer', async () => {
    const before = await count();
    const inside = await server.strapi.db.transaction(async ({ trx, rollback }) => {
      await (trx as unknown as Knex).raw(`insert into ${TABLE} (label, amount) values (?, ?)`, ['K-inside', 1]);
      const rows = await selectRows(server.strapi, COUNT, ['K-%'], { untilChanged: true });
      await rollback();
      return Number(rows[0].count);
    });
    expect(inside).toBe(before + 1);
    expect(await count()).toBe(before);
  });

  it('answers each text and bindings apart, past the number of reads kept at once', async () => {
    const labelsRead = await Promise.all(
      Array.from({ length: KEPT_READS + 10 }, (_, index) => selectRows(server.strapi, `select ? as n`, [index], { untilChanged: true })),
    );
    expect(labelsRead.map((rows) => Number(rows[0].n))).toEqual(Array.from({ length: KEPT_READS + 10 }, (_, index) => index));
    expect(Number((await selectRows(server.strapi, `select ? as n`, [3], { untilChanged: true }))[0].n)).toBe(3);
  });

  it.runIf(sqlite)('gives the kept rows frozen, so that no caller can change what the next one reads', async () => {
    const rows = await kept();
    expect(Object.isFrozen(rows)).toBe(true);
    expect(Object.isFrozen(rows[0])).toBe(true);
  });

  it.runIf(sqlite)('sees a commit made by another process on the same file', async () => {
    const before = await count();
    const filename = (knex.client as { connectionSettings: { filename: string } }).connectionSettings.filename;
    const writer = spawn(
      process.execPath,
      [
        '-e',
        `const db = new (require('better-sqlite3'))(process.argv[1]); db.prepare("insert into ${TABLE} (label, amount) values ('K-other', 3)").run(); db.close();`,
        filename,
      ],
      { cwd: path.resolve(__dirname, '..'), stdio: ['ignore', 'ignore', 'inherit'] },
    );
    expect(await within(new Promise((resolve) => writer.on('exit', resolve)), 10_000, 'The other process')).toBe(0);
    expect(await count()).toBe(before + 1);
  });

  it("keeps the dashboard's counts and a list's version in step with the units", async () => {
    const UNIT = 'api::unit.unit';
    const counts = () => unitStatusCounts(server.strapi, UNIT, { projectIds: [424242], statuses: null });
    const version = unitListVersion(server.strapi, UNIT);
    expect(await counts()).toEqual([]);
    const empty = await version(424242, null);
    const unit = await server.strapi.db.query(UNIT).create({ data: { projectId: 424242, unitNumber: 'K-101', unitStatus: 'available', revision: 1 } });
    expect(await counts()).toEqual([{ projectId: 424242, status: 'available', count: 1 }]);
    const one = await version(424242, null);
    expect(one).not.toEqual(empty);
    await server.strapi.db.query(UNIT).update({ where: { id: unit.id }, data: { unitStatus: 'sold', revision: 2 } });
    expect(await counts()).toEqual([{ projectId: 424242, status: 'sold', count: 1 }]);
    expect(await version(424242, null)).not.toEqual(one);
    await server.strapi.db.query(UNIT).delete({ where: { id: unit.id } });
    expect(await counts()).toEqual([]);
  });
});

// bulkInsert: insertRows (the CSV import's units and history) with knex.raw on a transaction, as an
// import writes on PostgreSQL (on a SQLite file it writes in its worker thread, csv-import.test.ts).
describe('bulkInsert on a transaction', () => {
  const HISTORY = 'api::unit-history.unit-history';
  const entries = (count: number, label: string) =>
    Array.from({ length: count }, (_, index) => ({
      unitId: index + 1,
      projectId: 99,
      unitNumber: `${label}-${index}`,
      action: 'created',
      before: null,
      after: { status: 'available' },
    }));
  const insert = (trx: Parameters<typeof bulkInsert>[1], rows: Record<string, unknown>[], returning: string[] = []) =>
    bulkInsert(server.strapi, trx, HISTORY, rows, returning);
  const countOf = async (label: string) =>
    Number((rowsOf(await knex.raw('select count(*) as n from unit_histories where unit_number like ?', [`${label}-%`])) as { n: unknown }[])[0].n);

  it('keeps every row when the transaction commits, with the ids asked for, and the values as written', async () => {
    const returned = await server.strapi.db.transaction(({ trx }) => insert(trx, entries(1_500, 'BI'), ['id', 'unitNumber']));
    expect(returned).toHaveLength(1_500);
    expect(returned.map((row) => row.unitNumber)).toEqual(entries(1_500, 'BI').map((entry) => entry.unitNumber));
    expect(new Set(returned.map((row) => row.id)).size).toBe(1_500);
    expect(await countOf('BI')).toBe(1_500);
    const stored = await server.strapi.db.query(HISTORY).findOne({ where: { unitNumber: 'BI-7' } });
    expect(stored).toMatchObject({ unitId: 8, projectId: 99, action: 'created', after: { status: 'available' }, before: null, locale: null });
    expect(stored.documentId).toMatch(/^[a-z][a-z0-9]{23}$/);
  });

  it('leaves nothing when the transaction rolls back after some chunks were written', async () => {
    await server.strapi.db
      .transaction(async ({ trx }) => {
        await insert(trx, entries(1_200, 'RB'));
        throw new Error('rolled back on purpose');
      })
      .catch((error: Error) => expect(error.message).toBe('rolled back on purpose'));
    expect(await countOf('RB')).toBe(0);
  });

  it('refuses an attribute without a column of its own', async () => {
    await expect(server.strapi.db.transaction(({ trx }) => insert(trx, [{ unitNumber: 'X-1', notAColumn: 1 }]))).rejects.toThrow(
      "api::unit-history.unit-history has no column for 'notAColumn'",
    );
  });
});

// PostgreSQL only: each text is prepared once per connection (a named statement), unless turned off.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('named statements on PostgreSQL', () => {
  interface PgConnection {
    query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  }
  type Client = PooledKnex['client'] & { connectionSettings: Record<string, unknown> };

  /** pooledSelect on one connection held for the test, so its prepared statements can be read back. */
  const onOneConnection = async (
    run: (read: (sql: string, bindings?: unknown[]) => Promise<unknown>, connection: PgConnection) => Promise<void>,
    settings: Record<string, unknown> = {},
  ) => {
    const client = knex.client as unknown as Client;
    const connection = (await client.acquireConnection()) as PgConnection;
    const held: PooledKnex = {
      raw: (sql, bindings) => knex.raw(sql, bindings),
      client: Object.assign(Object.create(client) as Client, {
        connectionSettings: { ...client.connectionSettings, ...settings },
        acquireConnection: async () => connection,
        releaseConnection: () => undefined,
      }),
    };
    try {
      await run((sql, bindings = []) => pooledSelect(held, sql, bindings), connection);
    } finally {
      await client.releaseConnection(connection);
    }
  };
  const prepared = async (connection: PgConnection, text: string) =>
    (await connection.query('select name from pg_prepared_statements where statement = $1', [text])).rows.map((row) => row.name);

  it('prepares a text once on its connection and reuses it', async () => {
    await onOneConnection(async (read, connection) => {
      for (const label of ['A-1', 'B-2', 'A-1']) await read(`select id from ${TABLE} where label = ?`, [label]);
      const names = await prepared(connection, `select id from ${TABLE} where label = $1`);
      expect(names).toHaveLength(1);
      expect(names[0]).toMatch(/^portal_[0-9a-f]{32}$/);
    });
  });

  it('prepares nothing when DATABASE_PREPARED_STATEMENTS is false', async () => {
    await onOneConnection(
      async (read, connection) => {
        expect(await read(`select label from ${TABLE} where id = ? and label is not null`, [1])).toEqual([{ label: 'A-1' }]);
        expect(await prepared(connection, `select label from ${TABLE} where id = $1 and label is not null`)).toEqual([]);
      },
      { preparedStatements: false },
    );
  });

  it(`names at most ${MAX_NAMED_STATEMENTS} texts, and still runs the others`, async () => {
    await onOneConnection(async (read, connection) => {
      for (let n = 0; n <= MAX_NAMED_STATEMENTS; n += 1) expect(await read(`select ${n} as n from ${TABLE} where id = ?`, [1])).toEqual([{ n }]);
      const count = Number((await connection.query("select count(*) as count from pg_prepared_statements where name like 'portal_%'")).rows[0].count);
      // Texts named earlier in this file count too: never more than the cap, and the last text unnamed.
      expect(count).toBeLessThanOrEqual(MAX_NAMED_STATEMENTS);
      expect(await prepared(connection, `select ${MAX_NAMED_STATEMENTS} as n from ${TABLE} where id = $1`)).toEqual([]);
    });
  });
});
