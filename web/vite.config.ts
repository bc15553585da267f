import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react-swc';
// Vite's Plugin type as vitest/config's defineConfig knows it (web has a Vite of its own too).
import { defineConfig, type Plugin } from 'vitest/config';

const here = path.dirname(fileURLToPath(import.meta.url));
const cmsUrl = process.env.CMS_URL ?? 'http://127.0.0.1:1337';

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy next to every text file of the
 * build above 1 kB, once, at build time; the CMS serves them by Accept-Encoding (cms/src/middlewares/portal.ts).
 * A copy that would not be smaller is not written.
 */
const precompress = (): Plugin => {
  let outDir = '';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: () => {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const source = fs.readFileSync(file);
        if (source.length < 1024) continue;
        const copies: [string, Buffer][] = [
          [
            '.br',
            zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
          ],
          ['.gz', zlib.gzipSync(source, { level: 9 })],
        ];
        for (const [suffix, copy] of copies) if (copy.length < source.length) fs.writeFileSync(file + suffix, copy);
      }
    },
  };
};

export default defineConfig({
  root: here,
  plugins: [react(), precompress()],
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
