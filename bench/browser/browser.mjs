// The browser side of the bench: the first screen's gzipped JS, and the project table in Chromium
// (table.bench.ts, run by Playwright's runner so it can use the e2e page objects).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, percentile, round } from '../lib/measure.mjs';
import { row } from '../lib/paths-read.mjs';
import { FIRST_SCREEN_BUDGET_KB, firstScreenJs } from './first-screen.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');

/** Builds the portal for production as `npm run build -w web` does, into `outDir` (the bench's own folder, not web/dist). */
export const buildWeb = (outDir, logFile) =>
  new Promise((resolve, reject) => {
    const log = fs.openSync(logFile, 'a');
    // NODE_ENV set by the caller (compiling the CMS sets 'development', vitest 'test') would give React's development build.
    const env = { ...process.env, NODE_ENV: 'production' };
    const child = spawn('npm', ['run', 'build', '-w', 'web', '--', '--outDir', outDir, '--emptyOutDir'], { cwd: repo, env, stdio: ['ignore', log, log] });
    child.on('exit', (code) => {
      fs.closeSync(log);
      if (code === 0) resolve(outDir);
      else reject(new Error(`vite build failed (${code}); see ${logFile}`));
    });
  });

export const bundleRows = (distDir) => {
  const js = firstScreenJs(distDir);
  return [
    row({
      id: 'first-screen-js',
      path: 'First screen JS (landing + login), gzipped',
      portal: js.gzipKb,
      baseline: FIRST_SCREEN_BUDGET_KB,
      baselineName: 'the budget',
      unit: 'kB',
      limit: 1,
      target: `≤ ${FIRST_SCREEN_BUDGET_KB} kB`,
      note: `${js.chunks.length} chunk(s): ${js.chunks.map((chunk) => `${path.basename(chunk.file)} ${round(chunk.gzipBytes / 1000, 1)} kB`).join(', ')}; ${round(js.rawKb, 0)} kB minified; ${js.lazyChunks} lazy chunks`,
    }),
  ];
};

const runSpec = (spec, env, logFile) =>
  new Promise((resolve, reject) => {
    const log = fs.openSync(logFile, 'a');
    const child = spawn('npx', ['playwright', 'test', '--config', path.join(here, 'playwright.config.ts'), spec], {
      cwd: repo,
      env: { ...process.env, ...env },
      stdio: ['ignore', log, log],
    });
    child.on('exit', (code) => {
      fs.closeSync(log);
      if (code === 0) resolve();
      else reject(new Error(`The browser run failed (${code}); see ${logFile}`));
    });
  });

/** Runs the table in Chromium and turns its samples into rows (each against the 100 ms budget). */
export const tableRows = async (ctx) => {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-')), 'browser.json');
  await runSpec(
    'table.bench.ts',
    {
      BENCH_BASE_URL: ctx.portal.baseUrl,
      BENCH_PROJECT_ID: String(ctx.bigProject.id),
      BENCH_PROJECT_NAME: ctx.bigProject.name,
      BENCH_PROJECT_UNITS: String(ctx.bigProject.units),
      BENCH_EMAIL: ctx.credentials.email,
      BENCH_PASSWORD: ctx.credentials.password,
      BENCH_SAMPLES: String(ctx.rounds.browser),
      BENCH_BROWSER_OUT: out,
    },
    ctx.logFile,
  );
  const samples = JSON.parse(fs.readFileSync(out, 'utf8'));
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  const units = ctx.bigProject.units.toLocaleString('en-US');
  const budget = (id, name, values, limit, note = '') =>
    row({
      id,
      path: name,
      portal: median(values),
      baseline: limit,
      baselineName: 'the budget',
      limit: 1,
      target: `≤ ${limit} ms`,
      note: `${values.length > 1 ? `max ${round(Math.max(...values), 1)} ms, p90 ${round(percentile(values, 90), 1)} ms; ` : ''}samples ${values.map((ms) => Math.round(ms)).join(', ')}${note}`,
    });
  return [
    budget(
      'click-cold',
      `Chromium: click -> ${units} rows shown, first visit (fresh browser, list fetched; median)`,
      samples.clickCold,
      400,
      '; G-a4 guardrail (desktop, loopback); the server already holds the list as it sends it (a version sent before, cms/src/api/unit/lib/list-cache.ts)',
    ),
    budget('click-warm', `Chromium: click -> ${units} rows shown, list already held (median)`, samples.clickWarm, 100, `; ${samples.domRows} rows in the DOM`),
    budget('sort', 'Chromium: sort by unit number (median)', samples.sortUnitNumber, 100),
    budget('sort-price', 'Chromium: sort by price (median)', samples.sortPrice, 100),
    budget('search', 'Chromium: search (median)', samples.search, 100),
    budget('filter', 'Chromium: status filter (median)', samples.statusFilter, 100),
    budget(
      'plan-switch',
      `Chromium: Table -> Stacking Plan of ${units} units shown, list held (median)`,
      samples.planSwitch,
      300,
      `; ${samples.planDomCells} cells in the DOM`,
    ),
    budget('plan-search', 'Chromium: search dims the stacking plan (median)', samples.planSearch, 100),
  ];
};

const kB = (bytes) => round(bytes / 1000, 0);

/**
 * The 4G rows (network.bench.ts): the dashboard's first visit, the click on the big project and the
 * click on a unit with images, each against its budget, with the bytes it took; and the largest card image.
 */
export const networkRows = async (ctx, images) => {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-')), 'network.json');
  await runSpec(
    'network.bench.ts',
    {
      BENCH_BASE_URL: ctx.portal.baseUrl,
      BENCH_PROJECT_ID: String(ctx.bigProject.id),
      BENCH_PROJECT_UNITS: String(ctx.bigProject.units),
      BENCH_UNIT_ID: String(images.unitId),
      BENCH_EMAIL: ctx.credentials.email,
      BENCH_PASSWORD: ctx.credentials.password,
      BENCH_NETWORK_SAMPLES: String(ctx.rounds.network),
      BENCH_BROWSER_OUT: out,
    },
    ctx.logFile,
  );
  const samples = JSON.parse(fs.readFileSync(out, 'utf8'));
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  const units = ctx.bigProject.units.toLocaleString('en-US');
  const bytes = (values) => `${kB(median(values))} kB transferred`;
  const spread = (values) => (values.length > 1 ? `; samples ${values.map((ms) => Math.round(ms)).join(', ')}` : '');
  const budget = (id, name, values, limit, note) =>
    row({
      id,
      path: name,
      portal: median(values),
      baseline: limit,
      baselineName: 'the budget',
      limit: 1,
      target: `≤ ${limit} ms`,
      note: `${note}${spread(values)}`,
    });
  const cover = images.covers[0];
  return [
    budget(
      'net-dashboard',
      '4G: first visit, dashboard until its cards and their images are shown (LCP, median)',
      samples.dashboard,
      2500,
      `${bytes(samples.dashboardBytes)}; visible card images loaded at ${Math.round(median(samples.dashboardImages))} ms`,
    ),
    row({
      id: 'net-card-image',
      path: '4G: the largest image a dashboard card fetched',
      portal: median(samples.cardImageBytes) / 1000,
      baseline: 200,
      baselineName: 'the budget',
      unit: 'kB',
      limit: 1,
      target: '≤ 200 kB',
      note: `covers uploaded as ${images.covers.length} ${kB(cover.bytes)} kB JPEGs (2400x1800, photo-sized); the card gets what the upload path stores for it`,
    }),
    budget('net-project', `4G: click -> ${units} rows shown, from the dashboard (median)`, samples.project, 1500, bytes(samples.projectBytes)),
    budget('net-unit-image', '4G: click on a unit -> its first image shown (median)', samples.unitImage, 1500, bytes(samples.unitBytes)),
  ];
};
