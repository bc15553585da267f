import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncoding, compressionSetting, DEFAULT_ON_THE_FLY, onTheFlyEncodings, shouldCompress, STATIC_ENCODINGS } from '../src/server/compression';
import { api, createClient, DEMO, signIn, startTestStrapi, type TestServer } from './helpers/strapi';
import { BROWSER_ENCODINGS, decode, rawGet, rawRequest, variesOnEncoding } from './helpers/raw-http';
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
  // Below it: the build writes no copy, and nothing compresses it.
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
};

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

/** A Koa context for a request with this Accept-Encoding (none when undefined). */
const requestWith = (acceptEncoding: string | undefined) =>
  new Koa().createContext({ headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } } as IncomingMessage, {} as ServerResponse);

describe('which precompressed file a client gets', () => {
  it.each([
    [BROWSER_ENCODINGS, 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.1', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip, br', 'br'],
    ['gzip;q=0.8, br;q=0.8', 'br'],
    ['*', 'br'],
    ['gzip;q=0.9, *', 'br'],
    ['*, br;q=0', 'gzip'],
    ['BR;q=0.001', 'br'],
    ['identity', null],
    ['br;q=0, gzip;q=0', null],
    ['*;q=0', null],
    ['', null],
    [undefined, null],
  ])('Accept-Encoding "%s" gets %s', (header, expected) => {
    expect(acceptedEncoding(requestWith(header), STATIC_ENCODINGS)).toBe(expected);
  });
});

describe('which coding is used on the fly', () => {
  it.each([
    ['gzip', BROWSER_ENCODINGS, 'gzip'],
    ['gzip', 'br', 'br'],
    ['gzip', 'gzip;q=0, *', 'br'],
    ['gzip', 'br;q=0, gzip;q=0', null],
    ['br', BROWSER_ENCODINGS, 'br'],
    ['br', '*, gzip;q=0', 'br'],
    ['br', 'gzip, br;q=0', 'gzip'],
    ['br', 'br;q=0.2, gzip;q=0.9', 'gzip'],
    ['gzip', 'gzip;q=0.2, br', 'br'],
    ['br', 'identity;q=0', null],
  ] as const)('COMPRESSION=%s, Accept-Encoding "%s": %s', (setting, header, expected) => {
    expect(acceptedEncoding(requestWith(header), onTheFlyEncodings(setting))).toBe(expected);
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
    const browser = await rawGet(server.baseUrl, urlPath, { ...auth(), 'Accept-Encoding': BROWSER_ENCODINGS });
    const brotli = await rawGet(server.baseUrl, urlPath, { ...auth(), 'Accept-Encoding': 'br' });
    for (const response of [plain, gzip, browser, brotli]) {
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toContain('application/json');
      expect(variesOnEncoding(response)).toBe(true);
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
    // A client that takes brotli only gets brotli, not the raw JSON.
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.raw.length).toBeLessThan(plain.raw.length / 2);
    expect(JSON.parse(decode(brotli))).toEqual(expected);
    // The ETag is the same whatever the encoding: it names the list's version, not the bytes.
    expect(gzip.headers.etag).toBe(plain.headers.etag);
  });

  it('answers a revalidation with a 304 that has no body and no Content-Encoding', async () => {
    const urlPath = api(`/projects/${projectId}/units`);
    const first = await rawGet(server.baseUrl, urlPath, { ...auth(), 'Accept-Encoding': BROWSER_ENCODINGS });
    expect(first.headers.etag).toEqual(expect.any(String));
    const again = await rawGet(server.baseUrl, urlPath, { ...auth(), 'Accept-Encoding': BROWSER_ENCODINGS, 'If-None-Match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
  });

  it('answers HEAD on an API answer with the headers of its GET and no body', async () => {
    const urlPath = api(`/projects/${projectId}/units`);
    for (const encoding of [BROWSER_ENCODINGS, 'br', 'gzip;q=0, br', 'identity', undefined]) {
      const headers = encoding === undefined ? auth() : { ...auth(), 'Accept-Encoding': encoding };
      const get = await rawGet(server.baseUrl, urlPath, headers);
      const head = await rawRequest('HEAD', server.baseUrl, urlPath, headers);
      expect(head.status).toBe(200);
      expect(head.raw.length).toBe(0);
      for (const name of ['content-type', 'content-encoding', 'content-length', 'etag', 'vary', 'cache-control'])
        expect(head.headers[name], `${encoding} ${name}`).toBe(get.headers[name]);
      // Compressed, the GET is streamed with no length; plain, its length is the JSON's.
      if (get.headers['content-encoding']) expect(get.headers['content-length']).toBeUndefined();
      else expect(Number(head.headers['content-length'])).toBe(get.raw.length);
    }
    // A small answer is sent as it is, to HEAD as to GET.
    const small = await rawRequest('HEAD', server.baseUrl, api('/projects/999999/units'), { ...auth(), 'Accept-Encoding': BROWSER_ENCODINGS });
    expect(small.status).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(Number(small.headers['content-length'])).toBeGreaterThan(0);
  });

  it('leaves small answers uncompressed', async () => {
    const response = await rawGet(server.baseUrl, api('/projects/999999/units'), { ...auth(), 'Accept-Encoding': BROWSER_ENCODINGS });
    expect(response.status).toBe(404);
    expect(response.raw.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(response.raw.toString('utf8')).error.status).toBe(404);
  });

  it('serves the precompressed copy of an asset by Accept-Encoding, immutable, varying on Accept-Encoding', async () => {
    const br = await rawGet(server.baseUrl, '/assets/app-abc123.js', { 'Accept-Encoding': BROWSER_ENCODINGS });
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
      expect(variesOnEncoding(response)).toBe(true);
      expect(decode(response)).toBe(SCRIPT);
    }
  });

  it('serves the page precompressed too, with its no-cache rule', async () => {
    const page = await rawGet(server.baseUrl, '/admin/dashboard', { Accept: 'text/html', 'Accept-Encoding': BROWSER_ENCODINGS });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(variesOnEncoding(page)).toBe(true);
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
    const response = await rawGet(server.baseUrl, new URL(upload.body.data.image.url, server.baseUrl).pathname, { 'Accept-Encoding': BROWSER_ENCODINGS });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('image/png');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.raw.length).toBeGreaterThan(1024);
  });

  describe('Accept-Encoding weights (RFC 9110 §12.5.3: q=0 refuses a coding)', () => {
    // Each refuses gzip and brotli, named or through `*`; the last two refuse "no coding" as well.
    const REFUSING = ['gzip;q=0', 'identity, gzip;q=0', 'br;q=0, gzip;q=0', '*;q=0', 'identity;q=0'];

    it.each(REFUSING)('sends an API answer as it is to "%s", never a 406', async (header) => {
      const response = await rawGet(server.baseUrl, api('/projects'), { ...auth(), 'Accept-Encoding': header });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(variesOnEncoding(response)).toBe(true);
      expect(response.raw.length).toBeGreaterThan(1024);
      expect(JSON.parse(response.raw.toString('utf8')).data.length).toBeGreaterThan(0);
    });

    it.each(REFUSING)('sends the build\'s files as they are to "%s"', async (header) => {
      for (const urlPath of ['/assets/app-abc123.js', '/assets/plain-abc123.js']) {
        const response = await rawGet(server.baseUrl, urlPath, { 'Accept-Encoding': header });
        expect(response.status).toBe(200);
        expect(response.headers['content-encoding']).toBeUndefined();
        expect(response.raw.toString('utf8')).toBe(SCRIPT);
      }
    });

    it('compresses what a refused coding leaves unrefused: `*` covers brotli, gzip is refused', async () => {
      const asset = await rawGet(server.baseUrl, '/assets/app-abc123.js', { 'Accept-Encoding': 'gzip;q=0, *' });
      expect(asset.headers['content-encoding']).toBe('br');
      // A file the build wrote no copy of: gzip refused, so brotli on the fly.
      const plain = await rawGet(server.baseUrl, '/assets/plain-abc123.js', { 'Accept-Encoding': 'gzip;q=0, *' });
      expect(plain.headers['content-encoding']).toBe('br');
      expect(decode(plain)).toBe(SCRIPT);
    });

    it.each(['gzip;q=0, *', 'br', 'gzip;q=0, br;q=0.1'])('sends an API answer as brotli for "%s", which refuses gzip or leaves it out', async (header) => {
      const response = await rawGet(server.baseUrl, api('/projects'), { ...auth(), 'Accept-Encoding': header });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(JSON.parse(decode(response)).data.length).toBeGreaterThan(0);
    });

    it.each(['gzip;q=0.75, identity;q=0', 'identity;q=0.5, gzip;q=0.125', 'GZIP', '*', 'br;q=0, *'])('gzips an API answer for "%s"', async (header) => {
      const response = await rawGet(server.baseUrl, api('/projects'), { ...auth(), 'Accept-Encoding': header });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(decode(response)).data.length).toBeGreaterThan(0);
    });
  });

  describe("revalidating the build's files", () => {
    const FILES: [string, string, Record<string, string>, string][] = [
      ['an asset', '/assets/app-abc123.js', {}, 'public, max-age=31536000, immutable'],
      ['the page', '/admin/dashboard', { Accept: 'text/html' }, 'no-cache'],
    ];

    it.each(FILES)('gives every encoding of %s one weak ETag and its Last-Modified', async (_name, urlPath, headers) => {
      const answers = await Promise.all(
        [BROWSER_ENCODINGS, 'gzip', 'identity'].map((encoding) => rawGet(server.baseUrl, urlPath, { ...headers, 'Accept-Encoding': encoding })),
      );
      expect(answers.map((response) => response.headers['content-encoding'])).toEqual(['br', 'gzip', undefined]);
      const [first] = answers;
      expect(first.headers.etag).toMatch(/^W\/"[^"]+"$/);
      expect(first.headers['last-modified']).toEqual(expect.any(String));
      for (const response of answers) {
        expect(response.headers.etag).toBe(first.headers.etag);
        expect(response.headers['last-modified']).toBe(first.headers['last-modified']);
      }
    });

    it.each(FILES)('answers a revalidation of %s with a 304 that has no body, in every encoding', async (_name, urlPath, headers, cacheControl) => {
      for (const encoding of [BROWSER_ENCODINGS, 'gzip', 'identity']) {
        const first = await rawGet(server.baseUrl, urlPath, { ...headers, 'Accept-Encoding': encoding });
        const etag = String(first.headers.etag);
        const lastModified = String(first.headers['last-modified']);
        const conditions: Record<string, string>[] = [
          { 'If-None-Match': etag },
          { 'If-None-Match': `W/"older", ${etag}` },
          { 'If-Modified-Since': lastModified },
        ];
        for (const condition of conditions) {
          const again = await rawGet(server.baseUrl, urlPath, { ...headers, 'Accept-Encoding': encoding, ...condition });
          expect(again.status).toBe(304);
          expect(again.raw.length).toBe(0);
          expect(again.headers['content-encoding']).toBeUndefined();
          expect(again.headers.etag).toBe(etag);
          expect(again.headers['cache-control']).toBe(cacheControl);
          expect(variesOnEncoding(again)).toBe(true);
        }
      }
    });

    it.each(FILES)('sends %s again to a tag it does not hold, or a date before its change', async (_name, urlPath, headers) => {
      const first = await rawGet(server.baseUrl, urlPath, { ...headers, 'Accept-Encoding': 'gzip' });
      const lastModified = new Date(String(first.headers['last-modified']));
      const earlier = new Date(lastModified.getTime() - 60_000).toUTCString();
      const conditions: Record<string, string>[] = [{ 'If-None-Match': 'W/"older"' }, { 'If-Modified-Since': earlier }];
      for (const condition of conditions) {
        const again = await rawGet(server.baseUrl, urlPath, { ...headers, 'Accept-Encoding': 'gzip', ...condition });
        expect(again.status).toBe(200);
        expect(again.raw.equals(first.raw)).toBe(true);
      }
    });
  });

  describe("HEAD on the build's files", () => {
    const SAME = ['content-type', 'content-length', 'content-encoding', 'vary', 'cache-control', 'etag', 'last-modified', 'x-content-type-options'];

    it.each([
      ['an asset', '/assets/app-abc123.js', {}],
      ['the page', '/admin/dashboard', { Accept: 'text/html' }],
      ['a small file', '/favicon.svg', {}],
    ])('answers HEAD for %s with the headers of its GET and no body', async (_name, urlPath, headers) => {
      for (const encoding of [BROWSER_ENCODINGS, 'gzip', 'identity']) {
        const get = await rawGet(server.baseUrl, urlPath, { ...headers, 'Accept-Encoding': encoding });
        const head = await rawRequest('HEAD', server.baseUrl, urlPath, { ...headers, 'Accept-Encoding': encoding });
        expect(head.status).toBe(200);
        expect(head.raw.length).toBe(0);
        expect(head.headers['content-type']).toEqual(expect.any(String));
        expect(Number(head.headers['content-length'])).toBe(get.raw.length);
        for (const name of SAME) expect(head.headers[name], name).toBe(get.headers[name]);
      }
    });

    it('answers a conditional HEAD with a 304', async () => {
      const first = await rawRequest('HEAD', server.baseUrl, '/assets/app-abc123.js', { 'Accept-Encoding': BROWSER_ENCODINGS });
      const again = await rawRequest('HEAD', server.baseUrl, '/assets/app-abc123.js', {
        'Accept-Encoding': BROWSER_ENCODINGS,
        'If-None-Match': String(first.headers.etag),
      });
      expect(again.status).toBe(304);
    });
  });

  describe('If-None-Match on the units list (weak comparison, RFC 9110 §13.1.2)', () => {
    const listTag = async () => {
      const first = await rawGet(server.baseUrl, api(`/projects/${projectId}/units`), auth());
      expect(first.headers.etag).toMatch(/^W\/"[^"]+"$/);
      return String(first.headers.etag);
    };

    it.each([
      ['its tag', (tag: string) => tag],
      ['its tag in strong form', (tag: string) => tag.slice(2)],
      ['a list that holds its tag', (tag: string) => `W/"older", ${tag}, "other"`],
      ['a list without spaces', (tag: string) => `"older",${tag.slice(2)}`],
      ['*', () => '*'],
    ])('answers 304 to %s', async (_name, condition) => {
      const tag = await listTag();
      const again = await rawGet(server.baseUrl, api(`/projects/${projectId}/units`), { ...auth(), 'If-None-Match': condition(tag) });
      expect(again.status).toBe(304);
      expect(again.raw.length).toBe(0);
      expect(again.headers.etag).toBe(tag);
    });

    it.each([
      ['another tag', () => 'W/"older"'],
      ['a list without its tag', () => 'W/"older", W/"other"'],
      ['its tag unquoted', (tag: string) => tag.slice(3, -1)],
      ['nothing', () => ''],
    ])('answers 200 with the list to %s', async (_name, condition) => {
      const tag = await listTag();
      const again = await rawGet(server.baseUrl, api(`/projects/${projectId}/units`), { ...auth(), 'If-None-Match': condition(tag) });
      expect(again.status).toBe(200);
      expect(JSON.parse(again.raw.toString('utf8')).data.length).toBeGreaterThan(0);
    });

    it('answers 404 to * for a project that does not exist', async () => {
      const response = await rawGet(server.baseUrl, api('/projects/999999/units'), { ...auth(), 'If-None-Match': '*' });
      expect(response.status).toBe(404);
    });
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
    const list = await rawGet(server.baseUrl, api('/projects'), { Authorization: `Bearer ${token}`, 'Accept-Encoding': BROWSER_ENCODINGS });
    expect(list.status).toBe(200);
    expect(list.raw.length).toBeGreaterThan(1024);
    expect(list.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(list.raw.toString('utf8')).data.length).toBeGreaterThan(0);
    const asset = await rawGet(server.baseUrl, '/assets/app-abc123.js', { 'Accept-Encoding': BROWSER_ENCODINGS });
    expect(asset.headers['content-encoding']).toBeUndefined();
    expect(asset.raw.toString('utf8')).toBe(SCRIPT);
    const page = await rawGet(server.baseUrl, '/admin/dashboard', { Accept: 'text/html', 'Accept-Encoding': BROWSER_ENCODINGS });
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.raw.toString('utf8')).toBe(INDEX);
  });
});

describe('COMPRESSION=br (to measure brotli on the fly)', () => {
  let server: TestServer;
  let token: string;
  const dist = makeDist();
  const publicDir = tempPublicDir();

  beforeAll(async () => {
    server = await startTestStrapi({ seed: true, env: { PORTAL_DIST: dist, PUBLIC_DIR: publicDir, COMPRESSION: 'br' } });
    token = await signIn(createClient(server.baseUrl), DEMO.admin.email, DEMO.admin.password, 'admin');
  });

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dist, { recursive: true, force: true });
    fs.rmSync(publicDir, { recursive: true, force: true });
    delete process.env.COMPRESSION;
  });

  it.each([
    [BROWSER_ENCODINGS, 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*, gzip;q=0', 'br'],
    ['*, br;q=0', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*;q=0', undefined],
  ])('answers Accept-Encoding "%s" with %s', async (header, expected) => {
    const response = await rawGet(server.baseUrl, api('/projects'), { Authorization: `Bearer ${token}`, 'Accept-Encoding': header });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe(expected);
    expect(JSON.parse(decode(response)).data.length).toBeGreaterThan(0);
  });
});
