import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Client } from 'pg';

/** The part of better-sqlite3 used here (the package ships no types, and none are installed). */
interface SqliteDatabase {
  prepare(sql: string): { all(...bindings: unknown[]): unknown[]; run(...bindings: unknown[]): unknown };
  exec(sql: string): void;
  close(): void;
}
const Database = createRequire(__filename)('better-sqlite3') as new (file: string, options?: { fileMustExist?: boolean; timeout?: number }) => SqliteDatabase;

/**
 * A count read from the SQLite database file alone, without its write-ahead log: what checkpoints
 * have copied into the file so far. The file is copied first (no -wal beside the copy). A copy taken
 * while a checkpoint is writing pages can be torn, and SQLite reads it as malformed: the answer is
 * then null, and the caller copies again.
 */
export const countInFileAlone = (file: string, sql: string, bindings: unknown[] = []): number | null => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-file-alone-'));
  try {
    const copy = path.join(dir, 'copy.db');
    fs.copyFileSync(file, copy);
    const db = new Database(copy, { fileMustExist: true });
    try {
      return Number((db.prepare(sql).all(...bindings)[0] as { n: number }).n);
    } catch (error) {
      // Not even the table has been checkpointed into the file yet.
      if (/no such table/.test(String((error as Error).message))) return 0;
      if (/^SQLITE_(CORRUPT|NOTADB)/.test(String((error as { code?: unknown }).code))) return null;
      throw error;
    } finally {
      db.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

/**
 * True while another connection holds SQLite's write lock (an open write transaction), in WAL and
 * rollback-journal mode alike: BEGIN IMMEDIATE without waiting is refused as busy. When it is not
 * refused the lock is let go at once.
 */
export const sqliteWriteLocked = (file: string): boolean => {
  const db = new Database(file, { fileMustExist: true, timeout: 0 });
  try {
    db.exec('begin immediate');
    db.exec('rollback');
    return false;
  } catch (error) {
    if (/^SQLITE_BUSY/.test(String((error as { code?: unknown }).code))) return true;
    throw error;
  } finally {
    db.close();
  }
};

/**
 * Another connection's write transaction on the SQLite file, holding its write lock from now until
 * `commit`: what another process writing to the file looks like to the server.
 */
export const sqliteWriteInProgress = (file: string, statements: Array<[string, unknown[]]>) => {
  const db = new Database(file, { fileMustExist: true, timeout: 5_000 });
  db.exec('begin immediate');
  for (const [sql, bindings] of statements) db.prepare(sql).run(...bindings);
  return {
    commit: () => {
      db.exec('commit');
      db.close();
    },
  };
};

/** Row count and content checksum of one table. */
export interface TableDigest {
  rows: number;
  checksum: string;
}

/** Where a database lives, as the CMS is told (DATABASE_URL for PostgreSQL, else DATABASE_FILENAME). */
export type DatabaseLocation = { kind: 'postgres'; url: string } | { kind: 'sqlite'; file: string };

export const locationOf = (env: Record<string, string>): DatabaseLocation =>
  env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'sqlite', file: env.DATABASE_FILENAME };

// Values as text, whatever the driver hands back (Date, Buffer, bigint, numeric strings, JSON objects).
const normalise = (value: unknown): unknown => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return value.toString('base64');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

const digestRows = (rows: Record<string, unknown>[]): TableDigest => {
  const hash = crypto.createHash('sha256');
  for (const row of rows) {
    const keys = Object.keys(row).sort();
    hash.update(JSON.stringify(keys.map((key) => [key, normalise(row[key])])));
    hash.update('\n');
  }
  return { rows: rows.length, checksum: hash.digest('hex') };
};

/**
 * Counts and checksums of the given tables (every table of the database when none are named),
 * read with the drivers directly, rows ordered by every column so the order never depends on the
 * physical layout.
 */
export const digestDatabase = async (location: DatabaseLocation, tables?: string[]): Promise<Record<string, TableDigest>> => {
  const result: Record<string, TableDigest> = {};
  if (location.kind === 'sqlite') {
    const db = new Database(location.file, { fileMustExist: true });
    try {
      const names =
        tables ??
        (db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as { name: string }[]).map(
          (row) => row.name,
        );
      for (const name of names) {
        const columns = (db.prepare(`pragma table_info("${name}")`).all() as { name: string }[]).map((column) => `"${column.name}"`);
        const rows = db.prepare(`select * from "${name}" order by ${columns.join(', ')}`).all() as Record<string, unknown>[];
        result[name] = digestRows(rows);
      }
    } finally {
      db.close();
    }
    return result;
  }
  const client = new Client({ connectionString: location.url });
  await client.connect();
  try {
    const names =
      tables ??
      (
        await client.query<{ table_name: string }>(
          "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
        )
      ).rows.map((row) => row.table_name);
    for (const name of names) {
      const columns = (
        await client.query<{ column_name: string }>(
          'select column_name from information_schema.columns where table_schema = $1 and table_name = $2 order by ordinal_position',
          ['public', name],
        )
      ).rows.map((row) => `"${row.column_name}"`);
      // Text ordering of jsonb and other types without a total order would fail; order by their text.
      const order = columns.map((column) => `${column}::text`).join(', ');
      const rows = (await client.query(`select * from "${name}" order by ${order}`)).rows as Record<string, unknown>[];
      result[name] = digestRows(rows);
    }
  } finally {
    await client.end();
  }
  return result;
};
