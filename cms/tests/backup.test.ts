import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'pg';
import type { TestDatabase } from './helpers/database';
import { digestDatabase, locationOf } from './helpers/db-snapshot';
import { api, createClient, DEMO, signIn, startTestStrapi, type TestServer } from './helpers/strapi';

// Issue #9 item 5: `npm run backup` while the server runs, `npm run restore` into a fresh database,
// and the restored database has the same tables, row counts and content checksums, and serves the
// portal. Runs on SQLite, or on PostgreSQL (pg_dump/pg_restore) with TEST_DATABASE_URL.

const exec = promisify(execFile);
const repoRoot = path.resolve(__dirname, '..', '..');
const script = (name: string) => path.join(repoRoot, 'cms', 'scripts', `${name}.js`);
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'));

let server: TestServer | null = null;
let restoredServer: TestServer | null = null;
const cleanups: (() => Promise<void>)[] = [];

/** Runs a script with the CMS pointed at the given database; resolves with its exit code and output. */
const runScript = async (name: string, args: string[], databaseEnv: Record<string, string>) => {
  try {
    const { stdout, stderr } = await exec(process.execPath, [script(name), ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: '', DATABASE_FILENAME: '', ...databaseEnv },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
};

/** A database that does not exist yet, of the same kind as the source: the restore's target. */
const freshTarget = (source: TestDatabase): TestDatabase => {
  const id = `portal_restore_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  if (source.kind === 'sqlite') {
    const file = path.join(workDir, `${id}.db`);
    return { kind: 'sqlite', env: { DATABASE_URL: '', DATABASE_FILENAME: file }, drop: async () => fs.rmSync(file, { force: true }) };
  }
  const url = new URL(source.env.DATABASE_URL);
  const server = new URL(url);
  url.pathname = `/${id}`;
  return {
    kind: 'postgres',
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const client = new Client({ connectionString: server.toString() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${id} WITH (FORCE)`);
      await client.end();
    },
  };
};

beforeAll(async () => {
  server = await startTestStrapi({ seed: true });
});

afterAll(async () => {
  await restoredServer?.stop({ keepDatabase: true });
  await server?.stop();
  for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe('npm run backup / npm run restore', () => {
  it('are wired in the root package.json', () => {
    const scripts = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.backup).toBe('node cms/scripts/backup.js');
    expect(scripts.restore).toBe('node cms/scripts/restore.js');
  });

  it('backs up the running server, restores into a fresh database with the same row counts and checksums, and the portal runs on it', async () => {
    const source = server as TestServer;
    const client = createClient(source.baseUrl);
    const admin = await signIn(client, DEMO.admin.email, DEMO.admin.password, 'admin');
    // Content beyond the seed, with text that needs quoting, so the copy is checked on real data.
    const project = await client.post<{ data: { id: number } }>(
      api('/projects'),
      { name: "Backup Tower 'Ω'", location: 'Lusail, Doha', visibleTo: ['doha'] },
      { token: admin },
    );
    expect(project.status).toBe(201);
    expect(
      (
        await client.post(
          api(`/projects/${project.body.data.id}/units`),
          { units: [{ unitNumber: 'B-1', description: 'Line one\nline "two"' }] },
          { token: admin },
        )
      ).status,
    ).toBe(201);

    const out = path.join(workDir, source.database.kind === 'postgres' ? 'portal.dump' : 'portal.sqlite');
    const backup = await runScript('backup', ['--out', out], source.database.env);
    expect(backup.output).toMatch(/Backup of the (sqlite|postgres) database written to/);
    expect(backup.code).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(`${out}.json`, 'utf8')) as { kind: string; tables: Record<string, number> };
    expect(manifest.kind).toBe(source.database.kind);
    expect(manifest.tables.units).toBeGreaterThan(300);
    // The server's SQLite runs in WAL mode; its backup is one self-contained file all the same.
    expect(fs.readdirSync(workDir).filter((name) => /-(wal|shm|journal)$/.test(name))).toEqual([]);

    // Nothing writes after the backup; the source is read as it is now (the server stays up).
    const expected = await digestDatabase(locationOf(source.database.env));
    expect(Object.keys(expected).length).toBeGreaterThan(10);
    for (const table of ['units', 'projects', 'up_users', 'up_permissions', 'unit_histories', 'components_unit_images']) expect(expected[table]).toBeDefined();
    expect(Object.fromEntries(Object.entries(expected).map(([name, digest]) => [name, digest.rows]))).toEqual(manifest.tables);

    const target = freshTarget(source.database);
    cleanups.push(target.drop);
    const restore = await runScript('restore', [out], target.env);
    expect(restore.output).toMatch(/every row count matches the backup/);
    expect(restore.code).toBe(0);
    expect(await digestDatabase(locationOf(target.env))).toEqual(expected);

    // One Strapi per process at a time (its registries are global): the source goes first.
    await source.stop();
    server = null;
    restoredServer = await startTestStrapi({ seed: true, database: target });
    const restoredClient = createClient(restoredServer.baseUrl);
    const restoredAdmin = await signIn(restoredClient, DEMO.admin.email, DEMO.admin.password, 'admin');
    const projects = await restoredClient.get<{ data: { name: string }[] }>(api('/projects'), { token: restoredAdmin });
    expect(projects.status).toBe(200);
    expect(projects.body.data.map((card) => card.name)).toContain("Backup Tower 'Ω'");
    await restoredServer.stop({ keepDatabase: true });
    restoredServer = null;

    // A non-empty target is refused without --force, and nothing is touched.
    const before = await digestDatabase(locationOf(target.env));
    const refused = await runScript('restore', [out], target.env);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/pass --force/);
    expect(await digestDatabase(locationOf(target.env))).toEqual(before);

    // --force replaces it; a manifest that disagrees with what was restored fails the restore.
    const forced = await runScript('restore', [out, '--force'], target.env);
    expect(forced.code).toBe(0);
    expect(await digestDatabase(locationOf(target.env))).toEqual(expected);
    fs.writeFileSync(`${out}.json`, JSON.stringify({ ...manifest, tables: { ...manifest.tables, units: manifest.tables.units + 1 } }));
    const mismatch = await runScript('restore', [out, '--force'], target.env);
    expect(mismatch.code).toBe(1);
    expect(mismatch.output).toMatch(/does not match the backup:\s+units: expected \d+, found \d+/);
  }, 240_000);

  it('refuses a backup without its manifest, and a missing file, with a clear message', async () => {
    const target = freshTarget({
      kind: process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite',
      env: { DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' },
      drop: async () => undefined,
    });
    const orphan = path.join(workDir, 'orphan.sqlite');
    fs.writeFileSync(orphan, '');
    expect(await runScript('restore', [orphan], target.env)).toMatchObject({ code: 1, output: expect.stringMatching(/No manifest/) });
    expect(await runScript('restore', [path.join(workDir, 'none.dump')], target.env)).toMatchObject({ code: 1, output: expect.stringMatching(/No backup at/) });
    expect(await runScript('restore', [], target.env)).toMatchObject({ code: 2, output: expect.stringMatching(/Usage: npm run restore/) });
  });
});
