#!/usr/bin/env node
// `npm run backup [-- --out <file>]`: a consistent copy of the portal's database, safe while the server
// runs. PostgreSQL: pg_dump (custom format) of one exported snapshot, in which the row counts are also
// read. SQLite: the online backup API of better-sqlite3 (a page-by-page copy of one consistent state).
// Next to the copy, <file>.json records the database kind and every table's row count; `npm run
// restore` checks the restored database against it.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { cmsDir, configuredDatabase, parseArgs, pgClient, pgToolEnv, runTool, postgresCounts, sqliteCounts, loadSqlite } = require('./lib/database');

const USAGE = 'Usage: npm run backup [-- --out <file>]   (default: backups/portal-<date>.dump or .sqlite)';

const backupPostgres = async (database, out) => {
  // The counts and the dump see the same data: pg_dump joins the snapshot this transaction exported.
  const client = await pgClient(database);
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query('select pg_export_snapshot() as id')).rows[0].id;
    const tables = await postgresCounts(client);
    await runTool(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${out}`, `--dbname=${database.url}`],
      pgToolEnv(database),
    );
    await client.query('commit');
    return tables;
  } finally {
    await client.end();
  }
};

const backupSqlite = async (database, out) => {
  if (!fs.existsSync(database.file)) throw new Error(`No SQLite database at ${database.file}`);
  const Database = loadSqlite();
  const source = new Database(database.file, { readonly: true, fileMustExist: true });
  try {
    await source.backup(out);
  } finally {
    source.close();
  }
  // The copy keeps the server's WAL mode; switched back to a rollback journal it is one
  // self-contained file, with no -wal or -shm left beside it. Counted in the copy itself, so the
  // counts describe exactly what was saved.
  const copy = new Database(out, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    return sqliteCounts(copy);
  } finally {
    copy.close();
  }
};

const main = async () => {
  const { options } = parseArgs(process.argv.slice(2));
  if (options.help) return console.info(USAGE);
  const database = configuredDatabase();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = path.resolve(options.out ?? path.join(cmsDir, '..', 'backups', `portal-${stamp}.${database.kind === 'postgres' ? 'dump' : 'sqlite'}`));
  if (fs.existsSync(out)) throw new Error(`${out} already exists; choose another --out`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const tables = database.kind === 'postgres' ? await backupPostgres(database, out) : await backupSqlite(database, out);
  const manifest = { kind: database.kind, createdAt: new Date().toISOString(), file: path.basename(out), tables };
  fs.writeFileSync(`${out}.json`, `${JSON.stringify(manifest, null, 2)}\n`);
  const rows = Object.values(tables).reduce((sum, count) => sum + count, 0);
  console.info(`Backup of the ${database.kind} database written to ${out} (${Object.keys(tables).length} tables, ${rows} rows; manifest ${out}.json)`);
};

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(`Backup failed: ${error.message}`);
    process.exit(1);
  });
