'use strict';
// Shared by backup.js and restore.js: which database the CMS uses (the same variables and defaults as
// cms/config/database.ts, with cms/.env read the way Strapi reads it: the environment wins), and
// per-table row counts, read in one consistent snapshot.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const cmsDir = path.join(__dirname, '..', '..');

/** cms/.env as key/value pairs (KEY=value lines; quotes removed; comments and blanks skipped). */
const readDotEnv = () => {
  const file = path.join(cmsDir, '.env');
  if (!fs.existsSync(file)) return {};
  const values = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const match = line.match(/^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/);
    if (!match) continue;
    let value = match[2];
    const quoted = value.match(/^(['"])(.*)\1$/);
    value = quoted ? quoted[2] : value.replace(/\s+#.*$/, '');
    values[match[1]] = value;
  }
  return values;
};

const setting = (name, fallback) => {
  if (process.env[name] !== undefined) return process.env[name];
  const fromFile = readDotEnv()[name];
  return fromFile !== undefined ? fromFile : fallback;
};

/** { kind: 'postgres', url, ssl } or { kind: 'sqlite', file }, as the CMS would connect. */
const configuredDatabase = () => {
  const url = setting('DATABASE_URL', '');
  if (url) return { kind: 'postgres', url, ssl: setting('DATABASE_SSL', 'false') === 'true' };
  return { kind: 'sqlite', file: path.resolve(cmsDir, setting('DATABASE_FILENAME', '.tmp/data.db')) };
};

/** The environment for pg_dump/pg_restore: TLS when the CMS uses it. */
/** Runs a PostgreSQL client tool (pg_dump, pg_restore); its stderr becomes the error when it fails. */
const runTool = (command, args, env) =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => reject(error.code === 'ENOENT' ? new Error(`${command} was not found: install the PostgreSQL client tools`) : error));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`))));
  });

const pgToolEnv = (database) => ({ ...process.env, ...(database.ssl ? { PGSSLMODE: 'require' } : {}) });

const loadPg = () => require('pg');
const loadSqlite = () => require('better-sqlite3');

const quote = (name) => `"${String(name).replace(/"/g, '""')}"`;

/** Row counts of every table of an open SQLite database. */
const sqliteCounts = (db) => {
  const counts = {};
  const tables = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all();
  for (const { name } of tables) counts[name] = db.prepare(`select count(*) as rows from ${quote(name)}`).get().rows;
  return counts;
};

/** Row counts of every table in the public schema, through a connected pg client. */
const postgresCounts = async (client) => {
  const counts = {};
  const { rows } = await client.query(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
  );
  for (const { table_name: name } of rows) {
    const result = await client.query(`select count(*)::int as rows from public.${quote(name)}`);
    counts[name] = result.rows[0].rows;
  }
  return counts;
};

const pgClient = async (database, url = database.url) => {
  const { Client } = loadPg();
  const client = new Client({ connectionString: url, ssl: database.ssl ? { rejectUnauthorized: false } : false });
  await client.connect();
  return client;
};

/** Row counts of the configured database, now. */
const countRows = async (database) => {
  if (database.kind === 'sqlite') {
    const Database = loadSqlite();
    const db = new Database(database.file, { readonly: true, fileMustExist: true });
    try {
      return sqliteCounts(db);
    } finally {
      db.close();
    }
  }
  const client = await pgClient(database);
  try {
    return await postgresCounts(client);
  } finally {
    await client.end();
  }
};

/** `--name value` and `--flag` options, and the positional arguments. */
const parseArgs = (argv) => {
  const options = {};
  const positional = [];
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg === '--force' || arg === '--help') options[arg.slice(2)] = true;
    else if (arg.startsWith('--')) options[arg.slice(2)] = argv[(index += 1)];
    else positional.push(arg);
  }
  return { options, positional };
};

/** Tables whose row counts differ between two count maps (missing tables included). */
const differences = (expected, actual) =>
  [...new Set([...Object.keys(expected), ...Object.keys(actual)])]
    .filter((name) => expected[name] !== actual[name])
    .map((name) => `${name}: expected ${expected[name] ?? 'no table'}, found ${actual[name] ?? 'no table'}`);

module.exports = {
  cmsDir,
  configuredDatabase,
  countRows,
  differences,
  parseArgs,
  pgClient,
  pgToolEnv,
  postgresCounts,
  runTool,
  sqliteCounts,
  loadSqlite,
  quote,
};
