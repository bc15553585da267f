import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, DEMO, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';

// A stand-in portal build, so this suite does not depend on `vite build` having run.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
const INDEX = '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>';
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.info("portal");');
fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

let server: TestServer;
let client: TestClient;

beforeAll(async () => {
  server = await startTestStrapi({ seed: true, env: { PORTAL_DIST: dist } });
  client = createClient(server.baseUrl);
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dist, { recursive: true, force: true });
});

const navigate = (urlPath: string) => client.get(urlPath, { headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });

describe('one origin: portal, API and CMS panel', () => {
  it.each(['/', '/admin/login', '/agent/login', '/login/admin', '/admin/dashboard', '/admin/projects/12/unit-images', '/agent/units/7', '/no/such/page'])(
    'answers a browser navigation to %s with the portal page',
    async (urlPath) => {
      const response = await navigate(urlPath);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.text).toBe(INDEX);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it.each(['*/*', 'application/json', ''])(
    "answers the root with the portal page whatever the Accept header ('%s'), not a redirect to the CMS panel",
    async (accept) => {
      const response = await client.get('/', { headers: { Accept: accept } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.text).toBe(INDEX);
    },
  );

  it('serves hashed assets as immutable files with their type', async () => {
    const response = await client.get('/assets/app-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/javascript');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.text).toBe('console.info("portal");');
  });

  it("does not send a precompressed copy by its own name, only in its file's place", async () => {
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync('console.info("portal");'));
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), zlib.gzipSync('console.info("portal");'));
    try {
      for (const suffix of ['.br', '.gz']) {
        const response = await client.get(`/assets/app-abc123.js${suffix}`);
        expect(response.status, suffix).toBe(404);
        expect(response.headers.get('cache-control') ?? '', suffix).not.toContain('immutable');
      }
      const script = await client.get('/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'br' } });
      expect(script.text).toBe('console.info("portal");');
    } finally {
      for (const suffix of ['.br', '.gz']) fs.rmSync(path.join(dist, 'assets', `app-abc123.js${suffix}`));
    }
  });

  it('leaves the CMS admin API to Strapi: JSON calls under /admin are not answered with the page', async () => {
    const init = await client.get<{ data: { hasAdmin: boolean } }>('/admin/init');
    expect(init.status).toBe(200);
    expect(init.body.data.hasAdmin).toBe(true);
    const login = await client.post<{ data: { token: string } }>('/admin/login', DEMO.cms);
    expect(login.status).toBe(200);
    expect(login.body.data.token).toEqual(expect.any(String));
  });

  it('leaves /api to Strapi even for navigations', async () => {
    const response = await navigate('/api/projects');
    // Not signed in: the public role holds no permission since the sign-in routes are auth:false.
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/json');
  });

  it('does not serve files outside the portal build', async () => {
    for (const attempt of ['/..%2f..%2fpackage.json', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2f..%2fpackage.json']) {
      const response = await client.get(attempt);
      expect(response.status).not.toBe(200);
      expect(response.text).not.toContain('"workspaces"');
      expect(response.text).not.toContain('@strapi/strapi');
      expect(response.text).not.toContain('root:');
    }
  });

  it('does not answer non-GET methods with the page', async () => {
    const response = await client.post('/admin/dashboard', {}, { headers: { Accept: 'text/html' } });
    expect(response.text).not.toBe(INDEX);
  });
});
