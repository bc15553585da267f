// The first screen's JavaScript (landing and login): the entry chunk index.html loads and every chunk
// it imports statically (Vite lists them as modulepreload links), gzipped. The signed-in screens are
// lazy chunks and do not count.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const FIRST_SCREEN_BUDGET_KB = 170;

const attribute = (tag, name) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1] ?? null;

export const firstScreenJs = (distDir) => {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const files = tags
    .filter((tag) => (tag.startsWith('<script') && /type="module"/.test(tag)) || (tag.startsWith('<link') && /rel="modulepreload"/.test(tag)))
    .map((tag) => attribute(tag, tag.startsWith('<script') ? 'src' : 'href'))
    .filter((href) => href && href.endsWith('.js'));
  if (files.length === 0) throw new Error(`No module script in ${path.join(distDir, 'index.html')}`);
  const chunks = files.map((href) => {
    const source = fs.readFileSync(path.join(distDir, href.replace(/^\//, '')));
    return { file: href, bytes: source.length, gzipBytes: zlib.gzipSync(source, { level: 9 }).length };
  });
  const lazy = fs.readdirSync(path.join(distDir, 'assets')).filter((name) => name.endsWith('.js') && !files.some((file) => file.endsWith(`/${name}`)));
  return {
    chunks,
    lazyChunks: lazy.length,
    // kB as Vite's build report counts them (1,000 bytes).
    gzipKb: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0) / 1000,
    rawKb: chunks.reduce((sum, chunk) => sum + chunk.bytes, 0) / 1000,
  };
};
