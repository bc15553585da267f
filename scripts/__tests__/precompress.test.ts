import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressDirectory } from '../precompress.mjs';

// The build's precompressed copies (issue #26): what is written, what is left alone.

const TEXT = `console.info(${JSON.stringify('asset '.repeat(400))});`;
const dirs: string[] = [];

const buildDir = (files: Record<string, string | Buffer>) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
};

const listed = (dir: string) => (fs.readdirSync(dir, { recursive: true }) as string[]).filter((name) => fs.statSync(path.join(dir, name)).isFile()).sort();

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('precompressDirectory', () => {
  it('writes a brotli and a gzip copy of each text file above the threshold, in every folder, that decode to the file', async () => {
    const dir = buildDir({ 'assets/app.js': TEXT, 'assets/app.css': `body{}${' '.repeat(2000)}`, 'index.html': `<html>${TEXT}</html>` });
    await precompressDirectory(dir);
    for (const name of ['assets/app.js', 'assets/app.css', 'index.html']) {
      const source = fs.readFileSync(path.join(dir, name));
      const br = fs.readFileSync(path.join(dir, `${name}.br`));
      const gz = fs.readFileSync(path.join(dir, `${name}.gz`));
      expect(zlib.brotliDecompressSync(br).equals(source), name).toBe(true);
      expect(zlib.gunzipSync(gz).equals(source), name).toBe(true);
      expect(br.length, name).toBeLessThan(source.length);
      expect(gz.length, name).toBeLessThan(source.length);
    }
  });

  it('leaves small files, binary files and, when asked, pages without copies', async () => {
    const random = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 251));
    const dir = buildDir({ 'small.js': 'x'.repeat(MIN_BYTES - 1), 'photo.png': random, 'index.html': `<html>${TEXT}</html>`, 'app.js': TEXT });
    await precompressDirectory(dir, { skipHtml: true });
    expect(listed(dir)).toEqual(['app.js', 'app.js.br', 'app.js.gz', 'index.html', 'photo.png', 'small.js']);
  });

  it('writes no copy that would not be smaller', async () => {
    // Bytes that do not compress: a copy would only add its headers.
    const dir = buildDir({ 'noise.js': Buffer.from(Array.from({ length: 4096 }, () => Math.floor(Math.random() * 256))) });
    const { files, copies } = await precompressDirectory(dir);
    expect(files).toBe(1);
    expect(copies).toBe(0);
    expect(listed(dir)).toEqual(['noise.js']);
  });

  it('can run again over its own output: it compresses the sources, never their copies', async () => {
    const dir = buildDir({ 'app.js': TEXT });
    await precompressDirectory(dir);
    const first = listed(dir).map((name) => [name, fs.readFileSync(path.join(dir, name))] as const);
    const again = await precompressDirectory(dir);
    expect(again).toEqual({ files: 1, copies: 2 });
    expect(listed(dir)).toEqual(first.map(([name]) => name));
    for (const [name, bytes] of first) expect(fs.readFileSync(path.join(dir, name)).equals(bytes), name).toBe(true);
  });
});
