import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'pg';
import { CSV_LIMITS, type ImportResult } from '@repo/types';
import { strapiSecrets, startChildStrapi, waitFor, type ChildStrapi } from './helpers/child-strapi';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { digestDatabase, locationOf, sqliteWriteLocked } from './helpers/db-snapshot';
import { sendImport, startImport, unitsCsv } from './helpers/raw-import';
import { api, createClient, DEMO, signIn } from './helpers/strapi';

// Issue #9 item 4a: a CSV import killed with SIGKILL in the middle of its transaction leaves the units
// (and their history) exactly as before, and the same file imports fine after a restart.

// Every row the import may write, and the tables those rows go to.
const TABLES = ['units', 'unit_histories', 'projects'];
const ROWS = CSV_LIMITS.maxRows;

let database: TestDatabase;
let env: Record<string, string>;
let server: ChildStrapi | null = null;

const boot = async () => {
  server = await startChildStrapi(env);
  return server;
};

/**
 * True while the import's transaction holds uncommitted unit rows. PostgreSQL: a backend holds a
 * RowExclusiveLock on `units` (taken by the first INSERT, released at COMMIT or ROLLBACK). SQLite:
 * another connection holds the write lock (WAL or rollback journal alike).
 */
const insertingUnits = async (): Promise<boolean> => {
  const location = locationOf(env);
  if (location.kind === 'sqlite') return sqliteWriteLocked(location.file);
  const client = new Client({ connectionString: location.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ held: string }>(
      "select count(*) as held from pg_locks l join pg_class c on c.oid = l.relation where c.relname = 'units' and l.mode = 'RowExclusiveLock' and l.pid <> pg_backend_pid()",
    );
    return Number(rows[0].held) > 0;
  } finally {
    await client.end();
  }
};

const projectWithUnits = async (baseUrl: string, token: string) => {
  const client = createClient(baseUrl);
  const projects = await client.get<{ data: { id: number; name: string }[] }>(api('/projects'), { token });
  expect(projects.status).toBe(200);
  const project = projects.body.data.find((candidate) => candidate.name === 'Marina Heights');
  expect(project).toBeDefined();
  return project!.id;
};

beforeAll(async () => {
  database = await createTestDatabase();
  env = { ...strapiSecrets(), ...database.env, SEED_DEMO: 'true' };
});

afterAll(async () => {
  await server?.kill();
  await database?.drop();
});

describe('a CSV import killed mid-way', () => {
  it('leaves the units exactly as before, and the same import succeeds after a restart', async () => {
    let child = await boot();
    const client = createClient(child.baseUrl);
    let token = await signIn(client, DEMO.admin.email, DEMO.admin.password, 'admin');
    const projectId = await projectWithUnits(child.baseUrl, token);
    const csv = unitsCsv(ROWS, 'K-');
    const before = await digestDatabase(locationOf(env), TABLES);
    expect(before.units.rows).toBeGreaterThan(0);

    const upload = startImport(child.baseUrl, projectId, token, csv);
    upload.finish();
    // Catch the answer (or the reset) so it is not an unhandled rejection while we wait.
    const outcome = upload.response.then(
      (response) => ({ answered: true as const, response }),
      (error: unknown) => ({ answered: false as const, error }),
    );
    // Two sightings 50 ms apart: the import's own long transaction, not a one-statement write.
    let seen = 0;
    await waitFor(
      async () => {
        seen = (await insertingUnits()) ? seen + 1 : 0;
        return seen >= 2;
      },
      { timeoutMs: 60_000, intervalMs: 50, what: 'the import to start inserting units' },
    );
    child.process.kill('SIGKILL');
    expect(await child.exited).toBe('SIGKILL');
    const result = await outcome;
    // The request never got an answer: the kill came before the commit.
    expect(result.answered).toBe(false);

    const after = await digestDatabase(locationOf(env), TABLES);
    expect(after).toEqual(before);

    child = await boot();
    token = await signIn(createClient(child.baseUrl), DEMO.admin.email, DEMO.admin.password, 'admin');
    const retry = await sendImport(child.baseUrl, projectId, token, csv);
    expect(retry.status).toBe(200);
    expect((JSON.parse(retry.body) as { data: ImportResult }).data).toMatchObject({ imported: ROWS, failed: 0 });
    const imported = await digestDatabase(locationOf(env), ['units']);
    expect(imported.units.rows).toBe(before.units.rows + ROWS);
  }, 240_000);
});
