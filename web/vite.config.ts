import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react-swc';
// Vite's Plugin type as vitest/config's defineConfig knows it (web has a Vite of its own too).
import { defineConfig, type Plugin } from 'vitest/config';
import { precompressDirectory } from '../scripts/precompress.mjs';
import { chakraGlobalStylesheet } from './vite-plugins/chakra-global-stylesheet';

const here = path.dirname(fileURLToPath(import.meta.url));
const cmsUrl = process.env.CMS_URL ?? 'http://127.0.0.1:1337';

/**
 * The build's precompressed copies (../scripts/precompress.mjs: a .br and a .gz next to every text
 * file above 1 kB), served by Accept-Encoding by the CMS (cms/src/middlewares/portal.ts).
 */
const precompress = (): Plugin => {
  let outDir = '';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: async () => {
      await precompressDirectory(outDir);
    },
  };
};

export default defineConfig({
  root: here,
  plugins: [react(), chakraGlobalStylesheet({ themeModule: '/src/lib/theme.ts' }), precompress()],
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
    // The build plugins' tests that need a DOM are .tsx; their Node ones (.ts) run in the root's 'repo' project.
    include: ['src/**/*.test.{ts,tsx}', 'vite-plugins/**/*.test.tsx'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Whole screens render in jsdom with Chakra: a loaded 2-core CI machine needs more than the default 5 s.
    testTimeout: 15_000,
  },
});
