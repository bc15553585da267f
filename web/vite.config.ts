import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react-swc';
import { defineConfig } from 'vitest/config';

const here = path.dirname(fileURLToPath(import.meta.url));
const cmsUrl = process.env.CMS_URL ?? 'http://127.0.0.1:1337';

export default defineConfig({
  root: here,
  plugins: [react()],
  resolve: {
    // The shared rules are consumed as source here (the CMS uses the compiled package); '@/' is web/src.
    alias: { '@repo/types': path.resolve(here, '../types/src/index.ts'), '@': path.resolve(here, 'src') },
  },
  server: {
    port: 5173,
    proxy: { '/api': cmsUrl, '/uploads': cmsUrl },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  test: {
    name: 'web',
    root: here,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Whole screens render in jsdom with Chakra: a loaded 2-core CI machine needs more than the default 5 s.
    testTimeout: 15_000,
  },
});
