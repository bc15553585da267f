#!/usr/bin/env node
// `npm run restore -- <backup file> [--force]`: puts a backup made by `npm run backup` into the
// database the CMS is configured for (DATABASE_URL or DATABASE_FILENAME). Stop the server first.
// The target must be empty (a missing PostgreSQL database is created) unless --force, which replaces
// what is there. Afterwards every table's row count is checked against the backup's manifest.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { configuredDatabase, countRows, differences, parseArgs, pgClient, pgToolEnv, runTool, loadSqlite, quote } = require('./lib/database');

const USAGE = 'Usage: npm run restore -- <backup file> [--force]   (stop the server first; --force replaces a non-empty database)';

/** Creates the target PostgreSQL database when it does not exist (through the server's `postgres` database). */
const ensurePostgresDatabase = async (database) => {
  const url = new URL(database.url);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  const maintenance = new URL(database.url);
  maintenance.pathname = '/postgres';
  const client = await pgClient(database, maintenance.toString());
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      await client.query(`create database ${quote(name)}`);
      console.info(`Created the database ${name}`);
    }
  } finally {
    await client.end();
  }
};

const restorePostgres = async (database, file, force) => {
  await ensurePostgresDatabase(database);
  const existing = Object.keys(await countRows(database));
  if (existing.length > 0 && !force) throw new Error(`The database already has ${existing.length} tables; pass --force to replace them`);
  const clean = existing.length > 0 ? ['--clean', '--if-exists'] : [];
  await runTool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', ...clean, `--dbname=${database.url}`, file],
    pgToolEnv(database),
  );
};

const restoreSqlite = async (database, file, force) => {
  if (fs.existsSync(database.file)) {
    const Database = loadSqlite();
    const current = new Database(database.file, { readonly: true });
    const tables = current.prepare("select count(*) as n from sqlite_master where type = 'table' and name not like 'sqlite_%'").get().n;
    current.close();
    if (tables > 0 && !force) throw new Error(`${database.file} already has ${tables} tables; pass --force to replace it`);
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  // Copied next to the target, then renamed over it: the target is never half-written. A journal or
  // WAL left by a crashed server would be replayed onto the restored file, so they go too.
  const temporary = `${database.file}.restoring-${process.pid}`;
  const Database = loadSqlite();
  const source = new Database(file, { readonly: true, fileMustExist: true });
  try {
    await source.backup(temporary);
  } finally {
    source.close();
  }
  for (const suffix of ['-journal', '-wal', '-shm']) fs.rmSync(`${database.file}${suffix}`, { force: true });
  fs.renameSync(temporary, database.file);
};

const main = async () => {
  const { options, positional } = parseArgs(process.argv.slice(2));
  if (options.help || positional.length !== 1) {
    console.info(USAGE);
    process.exit(options.help ? 0 : 2);
  }
  const file = path.resolve(positional[0]);
  if (!fs.existsSync(file)) throw new Error(`No backup at ${file}`);
  const manifestFile = `${file}.json`;
  if (!fs.existsSync(manifestFile)) throw new Error(`No manifest at ${manifestFile}: restore only backups made by npm run backup`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const database = configuredDatabase();
  if (manifest.kind !== database.kind) throw new Error(`This is a ${manifest.kind} backup, but the CMS is configured for ${database.kind}`);
  if (database.kind === 'postgres') await restorePostgres(database, file, options.force === true);
  else await restoreSqlite(database, file, options.force === true);
  const problems = differences(manifest.tables, await countRows(database));
  if (problems.length > 0) throw new Error(`The restored database does not match the backup:\n  ${problems.join('\n  ')}`);
  console.info(`Restored ${Object.keys(manifest.tables).length} tables from ${file} (made ${manifest.createdAt}); every row count matches the backup.`);
};

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(`Restore failed: ${error.message}`);
    process.exit(1);
  });
