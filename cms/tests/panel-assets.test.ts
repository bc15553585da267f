import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_ENCODINGS, decode, rawRequest, variesOnEncoding } from './helpers/raw-http';
import { startTestStrapi, type TestServer } from './helpers/strapi';

// Issue #26, compression: the CMS panel's built scripts (dist/build) are served with the brotli and
// gzip copies its build writes (scripts/precompress.mjs), as the portal's are; COMPRESSION=false
// sends them as they are. The files are stand-ins written into the real build directory under names
// of their own, and removed afterwards.

const SCRIPT = `console.info(${JSON.stringify('panel '.repeat(400))});`;
const STANDIN_PAGE = '<!doctype html><html><head><title>Stand-in panel</title></head><body><div id="strapi"></div></body></html>';

/** Stand-in files in the panel's build directory: one with its .br and .gz copies, one without. */
const standIns = (buildDir: string) => {
  const tag = crypto.randomBytes(4).toString('hex');
  const names = { copied: `panel-test-${tag}.js`, plain: `panel-plain-${tag}.js` };
  const createdDir = !fs.existsSync(buildDir);
  fs.mkdirSync(buildDir, { recursive: true });
  // A build directory without its page (a CMS compiled, its panel never built): Strapi's shell needs one.
  const page = path.join(buildDir, 'index.html');
  const createdPage = !fs.existsSync(page);
  if (createdPage) fs.writeFileSync(page, STANDIN_PAGE);
  const file = (name: string) => path.join(buildDir, name);
  fs.writeFileSync(file(names.copied), SCRIPT);
  fs.writeFileSync(`${file(names.copied)}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${file(names.copied)}.gz`, zlib.gzipSync(SCRIPT));
  fs.writeFileSync(file(names.plain), SCRIPT);
  return {
    names,
    file,
    remove: () => {
      if (createdDir) return fs.rmSync(buildDir, { recursive: true, force: true });
      for (const name of [names.copied, `${names.copied}.br`, `${names.copied}.gz`, names.plain]) fs.rmSync(file(name), { force: true });
      if (createdPage) fs.rmSync(page, { force: true });
    },
  };
};

const bootWithPanel = async (env: Record<string, string> = {}) => {
  const server = await startTestStrapi({ seed: false, serveAdminPanel: true, env });
  return { server, files: standIns(path.resolve(server.strapi.dirs.dist.root, 'build')) };
};

describe("the CMS panel's built files, compression on (the default)", () => {
  let server: TestServer;
  let files: ReturnType<typeof standIns>;

  beforeAll(async () => {
    ({ server, files } = await bootWithPanel());
  });

  afterAll(async () => {
    files?.remove();
    await server?.stop();
  });

  it('serves the precompressed copy by Accept-Encoding, immutable, varying on Accept-Encoding', async () => {
    const urlPath = `/cms/${files.names.copied}`;
    const br = await rawRequest('GET', server.baseUrl, urlPath, { 'Accept-Encoding': BROWSER_ENCODINGS });
    const gzip = await rawRequest('GET', server.baseUrl, urlPath, { 'Accept-Encoding': 'gzip' });
    const refused = await rawRequest('GET', server.baseUrl, urlPath, { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
    const plain = await rawRequest('GET', server.baseUrl, urlPath);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.raw.equals(fs.readFileSync(`${files.file(files.names.copied)}.br`))).toBe(true);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.raw.equals(fs.readFileSync(`${files.file(files.names.copied)}.gz`))).toBe(true);
    for (const raw of [refused, plain]) {
      expect(raw.headers['content-encoding']).toBeUndefined();
      expect(raw.raw.toString('utf8')).toBe(SCRIPT);
    }
    for (const response of [br, gzip, refused, plain]) {
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(response.headers['content-length'])).toBe(response.raw.length);
      expect(variesOnEncoding(response)).toBe(true);
      expect(decode(response)).toBe(SCRIPT);
    }
  });

  it('finds the file by its name alone under any folder, as Strapi does', async () => {
    const response = await rawRequest('GET', server.baseUrl, `/cms/content-manager/collection-types/${files.names.copied}`, {
      'Accept-Encoding': BROWSER_ENCODINGS,
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(decode(response)).toBe(SCRIPT);
  });

  it('compresses a file the build left without a copy on the fly', async () => {
    const response = await rawRequest('GET', server.baseUrl, `/cms/${files.names.plain}`, { 'Accept-Encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(decode(response)).toBe(SCRIPT);
  });

  it('answers HEAD with the headers of its GET and no body, and a revalidation with a 304', async () => {
    const urlPath = `/cms/${files.names.copied}`;
    for (const encoding of [BROWSER_ENCODINGS, 'gzip', 'identity']) {
      const get = await rawRequest('GET', server.baseUrl, urlPath, { 'Accept-Encoding': encoding });
      const head = await rawRequest('HEAD', server.baseUrl, urlPath, { 'Accept-Encoding': encoding });
      expect(head.status).toBe(200);
      expect(head.raw.length).toBe(0);
      expect(Number(head.headers['content-length'])).toBe(get.raw.length);
      for (const name of ['content-type', 'content-encoding', 'cache-control', 'etag', 'vary']) expect(head.headers[name], name).toBe(get.headers[name]);
    }
    const first = await rawRequest('GET', server.baseUrl, urlPath, { 'Accept-Encoding': BROWSER_ENCODINGS });
    expect(first.headers.etag).toEqual(expect.any(String));
    const again = await rawRequest('GET', server.baseUrl, urlPath, { 'Accept-Encoding': BROWSER_ENCODINGS, 'If-None-Match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
  });

  it("leaves the panel's page to Strapi: revalidated on every visit, never cached as immutable", async () => {
    for (const urlPath of ['/cms', '/cms/', '/cms/index.html', '/cms/content-manager']) {
      const page = await rawRequest('GET', server.baseUrl, urlPath, { Accept: 'text/html', 'Accept-Encoding': BROWSER_ENCODINGS });
      expect(page.status, urlPath).toBe(200);
      expect(page.headers['content-type'], urlPath).toContain('text/html');
      expect(page.headers['cache-control'], urlPath).toBe('no-cache');
      expect(decode(page), urlPath).toContain('<html');
    }
  });

  it('does not send a precompressed copy by its own name: its bytes without their Content-Encoding would be garbage', async () => {
    for (const suffix of ['.br', '.gz']) {
      const response = await rawRequest('GET', server.baseUrl, `/cms/${files.names.copied}${suffix}`, { 'Accept-Encoding': 'gzip, br' });
      expect(response.status, suffix).toBe(404);
      expect(response.headers['content-encoding'], suffix).toBeUndefined();
    }
  });

  it('serves nothing from outside the build directory', async () => {
    for (const urlPath of ['/cms/..%2F..%2Fpackage.json', '/cms/..%2F..%2Fconfig%2Fadmin.ts', '/cms/%2e%2e%2fserver.js', '/cms/.env', '/cms/x%00.js']) {
      const response = await rawRequest('GET', server.baseUrl, urlPath);
      expect(response.headers['cache-control'], urlPath).not.toBe('public, max-age=31536000, immutable');
      expect(response.raw.toString('utf8'), urlPath).not.toMatch(/"dependencies"|STRAPI|export default/);
    }
  });
});

describe("the CMS panel's built files, COMPRESSION=false (behind a proxy that compresses)", () => {
  let server: TestServer;
  let files: ReturnType<typeof standIns>;

  beforeAll(async () => {
    ({ server, files } = await bootWithPanel({ COMPRESSION: 'false' }));
  });

  afterAll(async () => {
    files?.remove();
    await server?.stop();
    delete process.env.COMPRESSION;
  });

  it('sends them as they are, whatever the client accepts', async () => {
    for (const name of [files.names.copied, files.names.plain]) {
      const response = await rawRequest('GET', server.baseUrl, `/cms/${name}`, { 'Accept-Encoding': BROWSER_ENCODINGS });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.raw.toString('utf8')).toBe(SCRIPT);
    }
  });
});
