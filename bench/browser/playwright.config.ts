import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// The bench's browser run (started by bench/run.mjs against the portal it booted): the system
// Chromium, with the flags of tests/playwright.config.ts.
export default defineConfig({
  testDir: '.',
  testMatch: '*.bench.ts',
  outputDir: path.join(os.tmpdir(), 'portal-bench-browser'),
  workers: 1,
  retries: 0,
  timeout: 240_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.BENCH_BASE_URL,
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage'],
    },
  },
});
