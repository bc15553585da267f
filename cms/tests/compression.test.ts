import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressionSetting, DEFAULT_ON_THE_FLY, pickStaticEncoding, shouldCompress } from '../src/server/compression';
import { api, createClient, DEMO, signIn, startTestStrapi, type TestServer } from './helpers/strapi';
import { noisePng, tempPublicDir, uploadUnitImage } from './helpers/unit-images';

// Issue #26, compression: API answers compressed on the fly, the portal's build served precompressed,
// and what must not be compressed left alone; COMPRESSION=false turns it all off.

// A stand-in portal build with the precompressed copies `vite build` writes (web/vite.config.ts),
// each with a body of its own, so the test sees which file was sent.
const SCRIPT = `console.info(${JSON.stringify('portal '.repeat(400))});`;
const INDEX = `<!doctype html><html><head><title>${'Portal '.repeat(200)}</title></head><body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>`;
const makeDist = () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const write = (file: string, text: string) => {
    fs.writeFileSync(path.join(dist, file), text);
    fs.writeFileSync(path.join(dist, `${file}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(dist, `${file}.gz`), zlib.gzipSync(text));
  };
  write('index.html', INDEX);
  write('assets/app-abc123.js', SCRIPT);
  // Above the threshold, with no precompressed copy.
  fs.writeFileSync(path.join(dist, 'assets', 'plain-abc123.js'), SCRIPT);
  return dist;
};

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire, not decoded. */
  raw: Buffer;
}

/** A GET that leaves the body as sent (fetch would decode it and hide Content-Encoding's effect). */
const rawGet = (baseUrl: string, urlPath: string, headers: Record<string, string> = {}) =>
  new Promise<RawResponse>((resolve, reject) => {
    http
      .get(new URL(urlPath, baseUrl), { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, raw: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject);
  });

const decode = (response: RawResponse) => {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.raw).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(response.raw).toString('utf8');
  if (encoding === undefined) return response.raw.toString('utf8');
  throw new Error(`Unexpected Content-Encoding ${encoding}`);
};

const BROWSER = 'gzip, deflate, br, zstd';
const varies = (response: RawResponse) =>
  String(response.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

describe('what is compressed on the fly (the content-type rule)', () => {
  it.each(['application/json; charset=utf-8', 'text/html; charset=utf-8', 'text/csv', 'image/svg+xml'])('compresses %s', (type) => {
    expect(shouldCompress(type)).toBe(true);
  });
  it.each([
    'text/event-stream',
    'text/event-stream; charset=utf-8',
    'TEXT/EVENT-STREAM',
    'image/jpeg',
    'image/png',
    'image/webp',
    'application/zip',
    'font/woff2',
    'application/octet-stream',
  ])('leaves %s alone', (type) => {
    expect(shouldCompress(type)).toBe(false);
  });
});

describe('the COMPRESSION setting', () => {
  it.each([
    ['false', null],
    [' FALSE ', null],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['true', DEFAULT_ON_THE_FLY],
    ['', DEFAULT_ON_THE_FLY],
    [undefined, DEFAULT_ON_THE_FLY],
  ])('"%s" compresses with %s', (value, expected) => {
    expect(compressionSetting(value)).toBe(expected);
  });
});

describe('which precompressed file a client gets', () => {
  it.each([
    [BROWSER, 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.1', 'br'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['identity', null],
    ['br;q=0, gzip;q=0', null],
    ['', null],
  ])('Accept-Encoding "%s" gets %s', (header, expected) => {
    expect(pickStaticEncoding(header)).toBe(expected);
  });
});

describe('compression on (the default)', () => {
  let server: TestServer;
  let token: string;
  let projectId: number;
  const dist = makeDist();
  const publicDir = tempPublicDir();

  beforeAll(async () => {
    server = await startTestStrapi({ seed: true, env: { PORTAL_DIST: dist, PUBLIC_DIR: publicDir } });
    token = await signIn(createClient(server.baseUrl), DEMO.admin.email, DEMO.admin.password, 'admin');
    const projects = await createClient(server.baseUrl).get<{ data: { id: number; totalUnits: number }[] }>(api('/projects'), { token });
    projectId = projects.body.data.sort((a, b) => b.totalUnits - a.totalUnits)[0].id;
  });

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dist, { recursive: true, force: true });
    fs.rmSync(publicDir, { recursive: true, force: true });
  });

  const auth = () => ({ Authorization: `Bearer ${token}` });

  it.each([api('/projects'), () => api(`/projects/${projectId}/units`)])('answers %s compressed and uncompressed with the same JSON', async (target) => {
    const urlPath = typeof target === 'function' ? target() : target;
    const plain = await rawGet(server.baseUrl, urlPath, auth());
    const gzip = await rawGet(server.baseUrl, urlPath, { ...auth(), 'Accept-Encoding': 'gzip' });
    const browser = await rawGet(server.baseUrl, urlPath, { ...auth(), 'Accept-Encoding': BROWSER });
    for (const response of [plain, gzip, browser]) {
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toContain('application/json');
      expect(varies(response)).toBe(true);
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.length).toBeGreaterThan(1024);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    // A browser offers both: it gets the bench's pick (src/server/compression.ts).
    expect(browser.headers['content-encoding']).toBe(DEFAULT_ON_THE_FLY);
    expect(gzip.raw.length).toBeLessThan(plain.raw.length / 2);
    const expected = JSON.parse(decode(plain));
    expect(JSON.parse(decode(gzip))).toEqual(expected);
    expect(JSON.parse(decode(browser))).toEqual(expected);
    // The ETag is the same whatever the encoding: it names the list's version, not the bytes.
    expect(gzip.headers.etag).toBe(plain.headers.etag);
  });

  it('answers a revalidation with a 304 that has no body and no Content-Encoding', async () => {
    const urlPath = api(`/projects/${projectId}/units`);
    const first = await rawGet(server.baseUrl, urlPath, { ...auth(), 'Accept-Encoding': BROWSER });
    expect(first.headers.etag).toEqual(expect.any(String));
    const again = await rawGet(server.baseUrl, urlPath, { ...auth(), 'Accept-Encoding': BROWSER, 'If-None-Match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
  });

  it('leaves small answers uncompressed', async () => {
    const response = await rawGet(server.baseUrl, api('/projects/999999/units'), { ...auth(), 'Accept-Encoding': BROWSER });
    expect(response.status).toBe(404);
    expect(response.raw.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(response.raw.toString('utf8')).error.status).toBe(404);
  });

  it('serves the precompressed copy of an asset by Accept-Encoding, immutable, varying on Accept-Encoding', async () => {
    const br = await rawGet(server.baseUrl, '/assets/app-abc123.js', { 'Accept-Encoding': BROWSER });
    const gzip = await rawGet(server.baseUrl, '/assets/app-abc123.js', { 'Accept-Encoding': 'gzip' });
    const plain = await rawGet(server.baseUrl, '/assets/app-abc123.js');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.raw.equals(fs.readFileSync(path.join(dist, 'assets', 'app-abc123.js.br')))).toBe(true);
    expect(Number(br.headers['content-length'])).toBe(br.raw.length);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.raw.equals(fs.readFileSync(path.join(dist, 'assets', 'app-abc123.js.gz')))).toBe(true);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.toString('utf8')).toBe(SCRIPT);
    for (const response of [br, gzip, plain]) {
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toContain('text/javascript');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(varies(response)).toBe(true);
      expect(decode(response)).toBe(SCRIPT);
    }
  });

  it('serves the page precompressed too, with its no-cache rule', async () => {
    const page = await rawGet(server.baseUrl, '/admin/dashboard', { Accept: 'text/html', 'Accept-Encoding': BROWSER });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(varies(page)).toBe(true);
    expect(decode(page)).toBe(INDEX);
  });

  it('compresses an asset the build left without a copy on the fly', async () => {
    const response = await rawGet(server.baseUrl, '/assets/plain-abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(decode(response)).toBe(SCRIPT);
  });

  it('leaves an uploaded image as it was stored', async () => {
    const units = await createClient(server.baseUrl).get<{ data: { id: number }[] }>(api(`/projects/${projectId}/units`), { token });
    const png = await noisePng(64, 64);
    const upload = await uploadUnitImage(server, token, units.body.data[0].id, png, 'noise.png');
    expect(upload.status).toBe(201);
    const response = await rawGet(server.baseUrl, new URL(upload.body.data.image.url, server.baseUrl).pathname, { 'Accept-Encoding': BROWSER });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('image/png');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.raw.length).toBeGreaterThan(1024);
  });
});

describe('COMPRESSION=false (behind a proxy that compresses)', () => {
  let server: TestServer;
  const dist = makeDist();
  const publicDir = tempPublicDir();

  beforeAll(async () => {
    server = await startTestStrapi({ seed: true, env: { PORTAL_DIST: dist, PUBLIC_DIR: publicDir, COMPRESSION: 'false' } });
  });

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dist, { recursive: true, force: true });
    fs.rmSync(publicDir, { recursive: true, force: true });
    delete process.env.COMPRESSION;
  });

  it('sends API answers and the build as they are', async () => {
    const token = await signIn(createClient(server.baseUrl), DEMO.admin.email, DEMO.admin.password, 'admin');
    const list = await rawGet(server.baseUrl, api('/projects'), { Authorization: `Bearer ${token}`, 'Accept-Encoding': BROWSER });
    expect(list.status).toBe(200);
    expect(list.raw.length).toBeGreaterThan(1024);
    expect(list.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(list.raw.toString('utf8')).data.length).toBeGreaterThan(0);
    const asset = await rawGet(server.baseUrl, '/assets/app-abc123.js', { 'Accept-Encoding': BROWSER });
    expect(asset.headers['content-encoding']).toBeUndefined();
    expect(asset.raw.toString('utf8')).toBe(SCRIPT);
    const page = await rawGet(server.baseUrl, '/admin/dashboard', { Accept: 'text/html', 'Accept-Encoding': BROWSER });
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.raw.toString('utf8')).toBe(INDEX);
  });
});
