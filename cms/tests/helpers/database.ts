import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

/**
 * A fresh database for one test file: a new SQLite file by default, or a new PostgreSQL database on
 * the server named by TEST_DATABASE_URL (created here, dropped when the file is done).
 */
export interface TestDatabase {
  env: Record<string, string>;
  kind: 'sqlite' | 'postgres';
  drop: () => Promise<void>;
}

const adminClient = async (serverUrl: string) => {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  return client;
};

export const createTestDatabase = async (): Promise<TestDatabase> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const name = `portal_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  if (serverUrl) {
    const client = await adminClient(serverUrl);
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      kind: 'postgres',
      env: { DATABASE_URL: url.toString() },
      drop: async () => {
        const dropper = await adminClient(serverUrl);
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-api-'));
  return {
    kind: 'sqlite',
    env: { DATABASE_FILENAME: path.join(dir, `${name}.db`), DATABASE_URL: '' },
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
};
