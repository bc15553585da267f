import { defineConfig } from 'vitest/config';

// API integration: every test file boots its own Strapi (one per process) on a fresh database.
export default defineConfig({
  test: {
    name: 'api',
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./tests/helpers/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    minWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
  },
});
