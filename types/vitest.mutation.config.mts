import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The types project alone, for StrykerJS (stryker.config.mjs): the root config's other projects
// (web, repo, bench) do not test the rules, and the bench boots servers.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
