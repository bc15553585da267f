#!/usr/bin/env node
// npm run bench [-- --quick] [--only list,dashboard,browser,network,bulk,import,load,live] [--skip-browser] [--web-dist DIR] [--out DIR]
// Generates its own data, boots the real portal (compiled CMS) and the baselines on the same
// database (SQLite by default, a fresh PostgreSQL database with DATABASE_URL), measures each hot
// path against its baseline in the same run, prints one table and writes it as JSON.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { bundleRows, buildWeb, networkRows, tableRows } from './browser/browser.mjs';
import { BENCH_PASSWORD, BENCH_USERS, projectRow, SCALES } from './lib/data.mjs';
import { createBenchDatabase, openDatabase } from './lib/db.mjs';
import { seedImages } from './lib/images.mjs';
import { machine, request, startChild } from './lib/measure.mjs';
import { measureDashboard, measureList, measureLoad } from './lib/paths-read.mjs';
import { measureImport } from './lib/paths-import.mjs';
import { measureBulk } from './lib/paths-write.mjs';
import { measureLive } from './lib/paths-live.mjs';
import { checkResult, formatTable, writeResult } from './lib/report.mjs';
import { AGENT_STATUSES } from './lib/sql.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const cmsDir = path.join(repo, 'cms');

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    'skip-browser': { type: 'boolean', default: false },
    'web-dist': { type: 'string' },
    out: { type: 'string', default: path.join(here, 'results') },
  },
});
const mode = args.quick ? 'quick' : 'full';
const scale = SCALES[mode];
const ROUNDS = {
  full: {
    list: 30,
    revalidate: 1000,
    revalidateWarmup: 50,
    revalidateAfterChange: 200,
    dashboard: 60,
    bulkSmall: 60,
    bulkLarge: 40,
    import: 7,
    probe: 300,
    isolation: 6,
    browser: 15,
    network: 3,
  },
  quick: {
    list: 5,
    revalidate: 20,
    revalidateWarmup: 5,
    revalidateAfterChange: 10,
    dashboard: 10,
    bulkSmall: 3,
    bulkLarge: 3,
    import: 1,
    probe: 10,
    isolation: 1,
    browser: 3,
    network: 1,
  },
}[mode];
const LOAD = { connections: 50, duration: args.quick ? 2 : 30 };
const SECTIONS = ['list', 'dashboard', 'browser', 'network', 'bulk', 'import', 'load', 'live'];
// Issue #27: open agent event streams (the same count split over two instances on PostgreSQL).
const LIVE = {
  streams: Number(process.env.BENCH_LIVE_STREAMS) || (args.quick ? 50 : 1000),
  units: Number(process.env.BENCH_LIVE_UNITS) || (args.quick ? 50 : 500),
};
const only = new Set(args.only ? args.only.split(',') : SECTIONS);
if (args['skip-browser']) {
  only.delete('browser');
  only.delete('network');
}
const outDir = path.resolve(args.out);
fs.mkdirSync(outDir, { recursive: true });
const logFile = path.join(outDir, `bench-${mode}.log`);
fs.writeFileSync(logFile, '');
const say = (line) => console.info(`[bench] ${line}`);
const secret = () => crypto.randomBytes(24).toString('base64');

/** The CMS as `strapi start` runs it: compiled now (full run), or reused when already there (quick run). */
const compileCms = async () => {
  if (mode === 'quick' && fs.existsSync(path.join(cmsDir, 'dist', 'src', 'index.js'))) return;
  if (!fs.existsSync(path.join(repo, 'types', 'dist'))) {
    say('building the shared types');
    execFileSync('npm', ['run', 'build', '-w', 'types'], { cwd: repo, stdio: 'ignore' });
  }
  say('compiling the CMS');
  process.env.STRAPI_TELEMETRY_DISABLED = 'true';
  const { createRequire } = await import('node:module');
  await createRequire(path.join(cmsDir, 'package.json'))('@strapi/strapi').compileStrapi({ appDir: cmsDir });
};

const webDist = async () => {
  if (!only.has('browser') && !only.has('network')) return null;
  if (args['web-dist']) return path.resolve(args['web-dist']);
  if (mode === 'quick' && fs.existsSync(path.join(repo, 'web', 'dist', 'index.html'))) return path.join(repo, 'web', 'dist');
  say('building the portal for production');
  return buildWeb(path.join(here, '.tmp', 'web-dist'), logFile);
};

const signIn = async (baseUrl, user) => {
  const response = await request(baseUrl, {
    method: 'POST',
    path: '/api/portal-auth/login',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: BENCH_PASSWORD, userType: user.role }),
  });
  const cookie = (response.headers['set-cookie'] ?? []).find((line) => line.startsWith('pp_session='));
  if (response.status !== 200 || !cookie) throw new Error(`Sign-in of ${user.email} failed with ${response.status}: ${response.text.slice(0, 200)}`);
  // As the browser sends it: the session cookie (an Authorization header would also work, and would
  // also cost a lookup in Strapi's API-token table, which the portal does not use).
  return { Cookie: cookie.split(';')[0] };
};

/** What 50 agents ask for: lists of ordinary projects the Dubai agent sees, and their visible units. */
const agentTargets = async (db, projects) => {
  const visible = projects
    .slice(1)
    .filter((_, index) => projectRow(index + 1).visibleTo.includes('dubai'))
    .slice(0, 20);
  const ids = visible.map((project) => project.id);
  const marks = (values) => values.map(() => '?').join(', ');
  const units = await db.query(
    `SELECT id FROM units WHERE project_id IN (${marks(ids)}) AND unit_status IN (${marks(AGENT_STATUSES)}) ORDER BY id LIMIT 2000`,
    [...ids, ...AGENT_STATUSES],
  );
  return { listPaths: ids.map((id) => `/api/projects/${id}/units`), unitPaths: units.map((unit) => `/api/units/${unit.id}`) };
};

const main = async () => {
  const startedAt = new Date().toISOString();
  const loadAverageBefore = machine().loadAverage;
  await compileCms();
  const dist = await webDist();
  const database = await createBenchDatabase(process.env.DATABASE_URL);
  say(`database: ${database.kind} ${database.name}; log: ${logFile}`);
  const stops = [];
  const rows = [];
  let failed = false;
  try {
    say(`booting the portal and generating ${scale.projects} projects / ${scale.units} units`);
    const portalOptions = {
      logFile,
      // BENCH_PROFILE_DIR=dir: the portal writes a V8 CPU profile there when it stops (open it in Chrome's
      // DevTools); BENCH_PROFILE_INTERVAL_US sets its sampling interval (default 1000 µs).
      execArgv: process.env.BENCH_PROFILE_DIR
        ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_PROFILE_DIR), '--cpu-prof-interval', process.env.BENCH_PROFILE_INTERVAL_US ?? '1000']
        : [],
      env: {
        NODE_ENV: 'production',
        STRAPI_TELEMETRY_DISABLED: 'true',
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        AUTH_RATELIMIT_ENABLED: 'false',
        APP_KEYS: `${secret()},${secret()}`,
        API_TOKEN_SALT: secret(),
        ADMIN_JWT_SECRET: secret(),
        TRANSFER_TOKEN_SALT: secret(),
        JWT_SECRET: secret(),
        ENCRYPTION_KEY: secret(),
        OUTBOX_DIR: path.join(path.dirname(logFile), '.outbox'),
        DEV_OUTBOX_ALLOWED: 'true',
        PORTAL_DIST: dist ?? path.join(repo, 'web', 'dist'),
        BENCH_SCALE_JSON: JSON.stringify(scale),
        ...database.env,
      },
    };
    const portal = await startChild(path.join(here, 'lib', 'portal-server.cjs'), portalOptions);
    stops.push(portal.stop);
    // On PostgreSQL, a second instance on the same database (it finds the data there), for the live section.
    const second =
      database.kind === 'postgres' && only.has('live')
        ? await startChild(path.join(here, 'lib', 'portal-server.cjs'), { ...portalOptions, execArgv: [] })
        : null;
    if (second) stops.push(second.stop);
    say(`portal ready on ${portal.baseUrl} (data generated in ${portal.seedMs} ms)`);
    const tokens = { [crypto.randomBytes(16).toString('hex')]: 'admin', [crypto.randomBytes(16).toString('hex')]: 'agent' };
    const [adminToken, agentToken] = Object.keys(tokens);
    const bare = await startChild(path.join(here, 'lib', 'bare-server.mjs'), {
      logFile,
      env: { BARE_DATABASE_JSON: JSON.stringify({ kind: database.kind, url: database.url, filename: database.filename }), BARE_TOKENS: JSON.stringify(tokens) },
    });
    stops.push(bare.stop);
    const db = openDatabase(database, { poolSize: 2 });
    stops.push(() => db.close());
    // The untimed clean-ups between timed writes, on a connection of their own: each SQLite connection
    // keeps its own page cache, which another connection's commit empties, so the portal's write after
    // a clean-up starts with an empty cache, and the raw baseline's must too.
    const cleanup = database.kind === 'sqlite' ? openDatabase(database) : db;
    if (cleanup !== db) stops.push(() => cleanup.close());
    const projects = portal.projects;
    const bigProject = { ...projects[0], name: projectRow(0).name };
    const ctx = {
      scale,
      rounds: ROUNDS,
      load: LOAD,
      live: LIVE,
      second,
      db,
      cleanup,
      projects,
      bigProject,
      logFile,
      portal: { ...portal, admin: await signIn(portal.baseUrl, BENCH_USERS.admin), agent: await signIn(portal.baseUrl, BENCH_USERS.agent) },
      bare: { ...bare, admin: { Authorization: `Bearer ${adminToken}` }, agent: { Authorization: `Bearer ${agentToken}` } },
      credentials: { email: BENCH_USERS.admin.email, password: BENCH_PASSWORD },
      probeUnitId: Number((await db.query('SELECT id FROM units WHERE project_id = ? ORDER BY id LIMIT 1', [projects[1].id]))[0].id),
    };
    ctx.agentTargets = await agentTargets(db, projects);
    const sections = [
      ['list', measureList],
      ['dashboard', measureDashboard],
      ['browser', async () => [...bundleRows(dist), ...(await tableRows(ctx))]],
      // Covers and unit images uploaded through the portal's routes first (bench/lib/images.mjs).
      ['network', async () => networkRows(ctx, await seedImages(ctx))],
      ['bulk', measureBulk],
      ['import', measureImport],
      ['load', measureLoad],
      ['live', measureLive],
    ];
    for (const [name, measure] of sections) {
      if (!only.has(name)) continue;
      say(`measuring ${name}`);
      try {
        rows.push(...(await measure(ctx)));
      } catch (error) {
        failed = true;
        console.error(error);
        rows.push({
          id: name,
          path: `${name} (failed)`,
          portal: null,
          baseline: null,
          unit: 'ms',
          ratio: null,
          target: '—',
          result: 'ERROR',
          note: String(error.message).slice(0, 300),
        });
      }
    }
  } finally {
    for (const stop of stops.reverse()) await stop().catch((error) => console.error(error));
    await database.drop();
  }
  const result = {
    mode,
    database: database.kind,
    startedAt,
    finishedAt: new Date().toISOString(),
    machine: { ...machine(), loadAverageBefore },
    data: scale,
    rows,
  };
  console.info(`\n${formatTable(result)}\n`);
  const file = writeResult(result, outDir);
  say(`written to ${path.relative(process.cwd(), file)}`);
  const problems = checkResult(result);
  if (problems.length > 0) console.error(`Malformed result: ${problems.join('; ')}`);
  process.exitCode = failed || problems.length > 0 ? 1 : 0;
};

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
