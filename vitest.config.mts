import { defineConfig } from 'vitest/config';

// Unit tests only: the API integration suite has its own config in cms/ (one Strapi per file).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'types',
          root: './types',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      './web/vite.config.ts',
      {
        test: {
          name: 'repo',
          root: '.',
          include: ['config/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
