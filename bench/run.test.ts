import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain ES module without type declarations (the bench runs with node, uncompiled).
import { checkResult } from './lib/report.mjs';

// The bench's quick mode (small data, short runs), so its scripts cannot rot: it must boot the portal
// and the baselines, measure every path and write a well-formed table. Timing targets are not
// asserted here (the machine running the tests is not a benchmark machine); `npm run bench` is the
// full run.
const EXPECTED_ROWS = [
  'list',
  'list-held',
  'revalidate',
  'revalidate-after-change',
  'dashboard',
  'dashboard-bare',
  'dashboard-after-change',
  'first-screen-js',
  'click-cold',
  'click-warm',
  'sort',
  'sort-price',
  'search',
  'filter',
  'plan-switch',
  'plan-search',
  'net-dashboard',
  'net-card-image',
  'net-project',
  'net-unit-image',
  'bulk-50',
  'bulk-50-update',
  'bulk-200',
  'bulk-200-update',
  'bulk-scaling',
  'import',
  'import-sql',
  'import-isolation',
  'import-isolation-304',
  'load',
  // Issue #27: open event streams; the two-instance row on PostgreSQL only.
  'live-fanout',
  'live-revalidate',
  'live-unit',
  ...(process.env.BENCH_TEST_DATABASE_URL ? ['live-fanout-2'] : []),
];

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-test-'));
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

const runQuick = () =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    // SQLite unless BENCH_TEST_DATABASE_URL names a PostgreSQL server to create the bench database on.
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: process.env.BENCH_TEST_DATABASE_URL ?? '' };
    const child = spawn(process.execPath, [path.join(__dirname, 'run.mjs'), '--quick', '--out', outDir], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });

describe('npm run bench -- --quick', () => {
  it('measures every path against its baseline and writes one well-formed table', async () => {
    const { code, output } = await runQuick();
    expect(code, output).toBe(0);

    const database = process.env.BENCH_TEST_DATABASE_URL ? 'postgres' : 'sqlite';
    const result = JSON.parse(fs.readFileSync(path.join(outDir, `latest-quick-${database}.json`), 'utf8'));
    expect(checkResult(result)).toEqual([]);
    expect(result).toMatchObject({ mode: 'quick', database, data: { projects: 20, units: 1200, bigProject: 500 } });
    expect(result.rows.map((row: { id: string }) => row.id)).toEqual(EXPECTED_ROWS);
    for (const row of result.rows) {
      expect(['PASS', 'MISS', 'INFO'], row.id).toContain(row.result);
      expect(row.portal, row.id).toBeGreaterThan(0);
      expect(Math.abs(row.ratio - row.portal / row.baseline) / row.ratio, row.id).toBeLessThan(0.05);
    }
    // The load row fails only on errors: 0 errors is asserted, not the latency.
    expect(result.rows.find((row: { id: string }) => row.id === 'load').result).toBe('PASS');

    // The printed table: a header, then one line per path with both figures, the ratio and the verdict.
    expect(output).toContain('| Path');
    for (const row of result.rows)
      expect(output).toMatch(
        new RegExp(`\\| ${row.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+\\| [^|]+\\| [^|]+\\| [\\d.]+x\\s+\\| [^|]+\\| (PASS|MISS|INFO)`),
      );
  });
});
