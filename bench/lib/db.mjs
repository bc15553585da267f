// The database drivers as the baselines use them: better-sqlite3 on the portal's SQLite file, or a
// pg pool on the portal's PostgreSQL database. SQL is written once with ? placeholders.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

const numbered = (sql) => {
  let index = 0;
  return sql.replace(/\?/g, () => `$${++index}`);
};

const openSqlite = (filename) => {
  const Database = require('better-sqlite3');
  const db = new Database(filename);
  // The portal has the same file open: wait for its locks instead of failing.
  db.pragma('busy_timeout = 10000');
  // Commits synced as the portal's are (cms/config/database.ts: NORMAL in WAL mode, no sync at each
  // commit), so that a baseline's write does not pay a sync the portal's does not (0.1 to 0.2 ms here).
  db.pragma(`synchronous = ${process.env.DATABASE_SQLITE_SYNCHRONOUS ?? 'NORMAL'}`);
  const statements = new Map();
  const prepared = (sql) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const bind = (params) => params.map((value) => (typeof value === 'boolean' ? Number(value) : value instanceof Date ? value.getTime() : value));
  return {
    kind: 'sqlite',
    query: async (sql, params = []) => prepared(sql).all(...bind(params)),
    run: async (sql, params = []) => prepared(sql).run(...bind(params)).changes,
    /** fn runs on this connection between BEGIN and COMMIT (ROLLBACK if it throws). */
    transaction: async (fn) => {
      db.exec('BEGIN IMMEDIATE');
      try {
        const result = await fn();
        db.exec('COMMIT');
        return result;
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    },
    close: async () => db.close(),
  };
};

const openPostgres = (url, poolSize) => {
  const { Pool, types } = require('pg');
  const pool = new Pool({ connectionString: url, max: poolSize });
  // Reads outside a transaction run each text as a named statement, prepared once per connection: as
  // the portal's hand-written reads run (cms/src/db/pooled-read.ts), and as the SQLite baseline
  // keeps its prepared statements. Writes and transactions run unnamed, as the portal's (through knex).
  const names = new Map();
  const named = (text) => {
    if (!names.has(text)) names.set(text, `bench_${crypto.createHash('sha256').update(text).digest('hex').slice(0, 32)}`);
    return names.get(text);
  };
  // count(*) and sums come back as bigint text; decimals as numeric text: the portal turns them into numbers too.
  const parsers = { getTypeParser: (oid, format) => (oid === 20 || oid === 1700 ? Number : types.getTypeParser(oid, format)) };
  const on = (client, prepared) => ({
    query: async (sql, params = []) =>
      (await client.query({ name: prepared ? named(sql) : undefined, text: numbered(sql), values: params, types: parsers })).rows,
    run: async (sql, params = []) => (await client.query({ text: numbered(sql), values: params, types: parsers })).rowCount,
  });
  return {
    kind: 'postgres',
    ...on(pool, true),
    transaction: async (fn) => {
      const client = await pool.connect();
      const scoped = on(client, false);
      try {
        await client.query('BEGIN');
        const result = await fn(scoped);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
};

/** A database handle; transaction(fn) passes fn the scoped handle on PostgreSQL (SQLite has one connection). */
export const openDatabase = ({ kind, url, filename }, { poolSize = 10 } = {}) => {
  if (kind === 'sqlite') {
    const db = openSqlite(filename);
    const transaction = db.transaction;
    return { ...db, transaction: (fn) => transaction(() => fn(db)) };
  }
  return openPostgres(url, poolSize);
};

/**
 * A fresh database for one run: a new SQLite file in a temporary folder, or a new PostgreSQL
 * database `bench_<random>` on the server DATABASE_URL names (dropped by `drop`).
 */
export const createBenchDatabase = async (serverUrl) => {
  const name = `bench_${crypto.randomBytes(5).toString('hex')}`;
  if (!serverUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
    const filename = path.join(dir, `${name}.db`);
    return {
      kind: 'sqlite',
      filename,
      name,
      env: { DATABASE_URL: '', DATABASE_FILENAME: filename },
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const { Client } = require('pg');
  const admin = async (statement) => {
    const client = new Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    url: url.toString(),
    name,
    env: { DATABASE_URL: url.toString() },
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
};
