// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy next to every text file of a build
// above 1 kB, once, at build time, for the server to send by Accept-Encoding instead of compressing
// on every request (issue #26): the portal's build (web/vite.config.ts) and the CMS panel's
// (cms/package.json's build, served by cms/src/middlewares/panel-assets.ts). A copy that would not be
// smaller is not written. The files compress on libuv's thread pool, so both cores work.
//
//   node scripts/precompress.mjs <dir> [--skip-html]
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Smaller files go as they are: the coding's headers and a round of inflating cost more than they save. */
export const MIN_BYTES = 1024;

const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

const filesUnder = async (dir) =>
  (await fs.readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));

const copiesOf = (source) =>
  Promise.all([
    brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length } }).then((copy) => [
      '.br',
      copy,
    ]),
    gzip(source, { level: 9 }).then((copy) => ['.gz', copy]),
  ]);

/**
 * Precompresses the text files under dir (HTML too unless skipHtml: a server that caches its
 * precompressed copies as immutable must not get one of its page). Returns how many files were
 * read and how many copies written.
 */
export const precompressDirectory = async (dir, { skipHtml = false } = {}) => {
  const files = (await filesUnder(dir)).filter((file) => TEXT.test(file) && !(skipHtml && file.endsWith('.html')));
  let copies = 0;
  await Promise.all(
    files.map(async (file) => {
      const source = await fs.readFile(file);
      if (source.length < MIN_BYTES) return;
      for (const [suffix, copy] of await copiesOf(source)) {
        if (copy.length >= source.length) continue;
        await fs.writeFile(file + suffix, copy);
        copies += 1;
      }
    }),
  );
  return { files: files.length, copies };
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [dir, ...flags] = process.argv.slice(2);
  if (!dir) {
    console.error('Usage: node scripts/precompress.mjs <dir> [--skip-html]');
    process.exit(1);
  }
  const started = Date.now();
  const { files, copies } = await precompressDirectory(path.resolve(dir), { skipHtml: flags.includes('--skip-html') });
  console.info(`Precompressed ${dir}: ${copies} copies of ${files} files in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
