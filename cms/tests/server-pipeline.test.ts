import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logFormat } from '../config/server';
import { apiRouteView, setApiRouteView, stockRouteStack, type ServerRouter } from '../src/server/router';
import { service, type LibraryServices } from '../src/server/services';
import { startTestStrapi, type TestServer } from './helpers/strapi';

// What every request passes through on its way to a route: the router without its per-route-file
// copies of allowedMethods, routing API paths over the API's layers only (src/server/router.ts), and the access log written after the
// response (src/middlewares/access-log.ts).

// A public folder of this server's own, with a file at its top.
const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-public-'));
fs.writeFileSync(path.join(publicDir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
// Big enough to go out in many writes: the last bytes reach the client before the server's 'finish'.
const LARGE_FILE = `${'x'.repeat(1024 * 1024)}\nend\n`;
fs.writeFileSync(path.join(publicDir, 'large.txt'), LARGE_FILE);
fs.mkdirSync(path.join(publicDir, 'uploads'));

let server: TestServer;
let router: ServerRouter;

beforeAll(async () => {
  server = await startTestStrapi({ seed: false, env: { PUBLIC_DIR: publicDir } });
  router = server.strapi.server.router as unknown as ServerRouter;
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(publicDir, { recursive: true, force: true });
});

const PATHS = [
  '/api/projects', // GET and POST
  '/api/projects/1', // GET, PUT and DELETE
  '/api/units/bulk-status', // POST only
  '/api/portal-auth/login', // POST only, public
  '/API/projects', // routes match regardless of case: routed over every layer
  '/api/units/1/history',
  '/api/no-such-thing',
  '/api',
  '/admin/init', // Strapi's admin API
  '/admin/no-such-thing',
  '/uploads/missing.png',
  '/robots.txt',
  '/api/notes.txt',
  '/nowhere',
];
const METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND'];

const answer = async (method: string, path: string) => {
  const response = await fetch(`${server.baseUrl}${path}`, { method, redirect: 'manual' });
  return { status: response.status, allow: response.headers.get('allow'), body: await response.text() };
};

/** Runs `run` with the router as Strapi mounted it: all its layers, every path routed over all of them. */
const withStockRouter = async <T>(run: () => Promise<T>) => {
  const ours = router.stack;
  const view = apiRouteView(router);
  router.stack = stockRouteStack(router)!;
  setApiRouteView(router, undefined);
  try {
    return await run();
  } finally {
    router.stack = ours;
    setApiRouteView(router, view);
  }
};

// The same server answers each request twice, once as Strapi mounted its router.
describe('the server router', () => {
  it('took the per-route-file copies of allowedMethods out of the router Strapi mounted', () => {
    const copies = (stack: ServerRouter['stack']) => stack.filter((layer) => layer.stack.some((handler) => handler.name === 'allowedMethods')).length;
    expect(copies(stockRouteStack(router) ?? [])).toBeGreaterThan(10);
    expect(copies(router.stack)).toBe(0);
  });

  it('routes API paths over the layers that can match them: none whose path starts with another literal segment', () => {
    const view = apiRouteView(router)!;
    expect(view.prefix).toBe('/api');
    expect(view.stack.length).toBeLessThan(router.stack.length / 2);
    expect(view.stack.map((layer) => layer.path)).toContain('/api/projects/:id/units');
    const left = router.stack.filter((layer) => !view.stack.includes(layer));
    expect(left.map((layer) => layer.path)).toEqual(expect.arrayContaining(['/admin/init', '/content-manager/init', '/uploads/(.*)']));
    for (const layer of left) expect(layer.path).toMatch(/^\/(?!api(?:\/|$))[A-Za-z0-9_.~-]+(?:\/|$)/i);
  });

  it('answers every method on every kind of path as the stock router does', async () => {
    for (const path of PATHS) {
      for (const method of METHODS) {
        const ours = await answer(method, path);
        const stock = await withStockRouter(() => answer(method, path));
        expect({ method, path, ...ours }).toEqual({ method, path, ...stock });
      }
    }
  });

  it('still says which methods a path allows', async () => {
    expect(await answer('OPTIONS', '/api/projects')).toMatchObject({ status: 200, allow: 'HEAD, GET, POST' });
    expect(await answer('PATCH', '/api/projects/1')).toMatchObject({ status: 405, allow: 'HEAD, GET, PUT, DELETE' });
    expect(await answer('PROPFIND', '/api/projects')).toMatchObject({ status: 501 });
  });
});

describe('the log format', () => {
  const ESCAPE = '\u001b[';
  const LEVEL = Symbol.for('level');
  const MESSAGE = Symbol.for('message');
  type Format = ReturnType<typeof logFormat>;
  const render = (format: Format) =>
    String((format.transform({ level: 'http', message: 'GET /api/projects (1 ms) 200', [LEVEL]: 'http' }) as Record<string | symbol, unknown>)[MESSAGE]);

  it('colors lines on a terminal only, and not at all under NO_COLOR', () => {
    expect(render(logFormat({ isTTY: true }, undefined))).toContain(ESCAPE);
    for (const plain of [render(logFormat({ isTTY: false }, undefined)), render(logFormat({}, undefined)), render(logFormat({ isTTY: true }, '1'))]) {
      expect(plain).not.toContain(ESCAPE);
      expect(plain).toMatch(/^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\] http: GET \/api\/projects \(1 ms\) 200$/);
    }
  });

  it('is the format the server logs with', () => {
    const withoutTime = (line: string) => line.replace(/^\[[^\]]+\] /, '');
    const used = (server.strapi.log as unknown as { format: Format }).format;
    expect(withoutTime(render(used))).toBe(withoutTime(render(logFormat())));
  });
});

describe('the access log', () => {
  const captured = async (run: () => Promise<unknown>, lines: number) => {
    const log = server.strapi.log as unknown as { http: (line: string) => void };
    const original = log.http;
    const seen: string[] = [];
    log.http = (line: string) => void seen.push(line);
    try {
      await run();
      // The line is written once the response has gone out, which may be just after the client has it.
      for (let wait = 0; seen.length < lines && wait < 100; wait += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    } finally {
      log.http = original;
    }
    return seen;
  };

  it('writes one line per request with the status as sent, Koa’s and the router’s own answers included', async () => {
    const lines = await captured(async () => {
      await answer('GET', '/api/projects?sort=name');
      await answer('PATCH', '/api/projects/1');
      await answer('HEAD', '/nowhere');
    }, 3);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^GET \/api\/projects\?sort=name \(\d+ ms\) 401$/);
    expect(lines[1]).toMatch(/^PATCH \/api\/projects\/1 \(\d+ ms\) 405$/);
    expect(lines[2]).toMatch(/^HEAD \/nowhere \(\d+ ms\) 404$/);
  });

  it('does not call a file answer aborted when the client closes as soon as it has read it', async () => {
    const { port } = new URL(server.baseUrl);
    const lines = await captured(async () => {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const socket = net.connect(Number(port), '127.0.0.1');
        socket.write('GET /large.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
        let tail = '';
        await new Promise<void>((resolve) =>
          socket.on('data', (chunk) => {
            tail = (tail + chunk.toString()).slice(-10);
            if (tail.endsWith('\nend\n')) {
              socket.destroy();
              resolve();
            }
          }),
        );
      }
    }, 5);
    expect(lines).toHaveLength(5);
    for (const line of lines) expect(line).toMatch(/^GET \/large\.txt \(\d+ ms\) 200$/);
  });

  it('says so when the client went away before it was answered', async () => {
    const { port } = new URL(server.baseUrl);
    const lines = await captured(async () => {
      const socket = net.connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      // A body announced as 100 bytes, of which 10 arrive: the server is still reading when the client leaves.
      socket.write('POST /api/portal-auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":');
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.destroy();
    }, 1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^POST \/api\/portal-auth\/login \(\d+ ms\) \d{3} aborted$/);
  });
});

describe('the public folder', () => {
  it('serves the public folder as Strapi does, with its caching', async () => {
    const response = await fetch(`${server.baseUrl}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('max-age=60');
    expect(await response.text()).toBe('User-agent: *\nDisallow: /\n');
  });

  it('answers an API path that is no route, and no file, with the API’s 404', async () => {
    for (const urlPath of ['/api/no-such-thing', '/api/no-such-file.txt']) {
      const response = await fetch(`${server.baseUrl}${urlPath}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
    }
  });
});

describe("the typed door to Strapi's own services (src/server/services.ts)", () => {
  // What the portal calls on each: if an upgrade renames or drops one, this fails before a sign-in,
  // a panel layout or a role set-up does.
  const USED: { [Uid in keyof LibraryServices]: (keyof LibraryServices[Uid])[] } = {
    'admin::role': ['findOne', 'create', 'getUsersCount', 'deleteByIds', 'assignPermissions', 'getSuperAdmin'],
    'plugin::content-manager.components': ['findConfiguration', 'updateConfiguration'],
    'plugin::content-manager.content-types': ['findConfiguration', 'updateConfiguration'],
    'plugin::users-permissions.permission': ['findRolePermissions', 'findPublicPermissions', 'toContentAPIPermission'],
  };

  it.each(Object.entries(USED))('%s has every method the portal calls', (uid, methods) => {
    const found = service(server.strapi, uid as keyof LibraryServices) as unknown as Record<string, unknown>;
    expect(found).toBeTruthy();
    for (const method of methods) expect(typeof found[method], `${uid}.${String(method)}`).toBe('function');
  });

  it("gives the content API's permission engine what it takes: a role's permissions become an ability", async () => {
    const permissions = service(server.strapi, 'plugin::users-permissions.permission');
    const granted = (await permissions.findPublicPermissions()).map((permission) => permissions.toContentAPIPermission(permission));
    const ability = await server.strapi.contentAPI.permissions.engine.generateAbility(granted);
    expect(typeof ability.can).toBe('function');
  });
});
