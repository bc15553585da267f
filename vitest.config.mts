import { defineConfig } from 'vitest/config';

// Unit tests, and the bench's quick mode: the API integration suite has its own config in cms/ (one Strapi per file).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'types',
          root: './types',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // The rules' property-based tests are CPU-bound (about 3 s alone for the sharing invariants):
          // room for a busy 2-core box, where 5 s timed one out.
          testTimeout: 30_000,
        },
      },
      './web/vite.config.ts',
      {
        test: {
          name: 'repo',
          root: '.',
          // web/vite-plugins: the portal's build plugins, run in Node as the build runs them.
          include: ['config/**/*.test.ts', 'scripts/**/*.test.ts', 'web/vite-plugins/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The bench's quick mode (npm run test:bench): boots the portal and the baselines, a minute or so.
        test: {
          name: 'bench',
          root: './bench',
          include: ['*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
        },
      },
    ],
  },
});
