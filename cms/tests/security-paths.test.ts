import http from 'node:http';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, SESSION_COOKIE } from '@repo/types';
import { digestDatabase, locationOf, type TableDigest } from './helpers/db-snapshot';
import { createSecurityFixtures, createSecurityUsers, SECURITY_PASSWORD, securityEmail, type SecurityFixtures } from './helpers/security-fixtures';
import { PNG } from './helpers/unit-images';
import { stockRouteStack, type ServerRouter } from '../src/server/router';
import { isCanonicalPath } from '../src/server/canonical-path';
import { createClient, sessionTokenOf, signIn, startTestStrapi, type TestServer } from './helpers/strapi';

/**
 * Issue #25, findings 1 and 8: the request pipeline. Every guard and header that depends on the
 * path reads the path the router matches (finding 1), and a write is JSON from this origin, or one
 * of the portal's uploads from this origin (finding 8). The requests go out through node:http, which
 * sends a path exactly as written (fetch would resolve `/./` and `..` before sending).
 */

let server: TestServer;
let adminToken: string;
let adminCookie: string;
let fixtures: SecurityFixtures;
/** A user other than the admin, for the routes that change or remove one. */
let agentId: number;
/** Another port of this host: same site, other origin. Nothing listens there; only its name is used. */
let otherPort: number;

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

const send = (method: string, path: string, headers: Record<string, string>, body?: string | Buffer) =>
  new Promise<RawAnswer>((resolve, reject) => {
    const { port } = new URL(server.baseUrl);
    const withLength = body === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) };
    const outgoing = http.request({ host: '127.0.0.1', port, path, method, headers: withLength }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, text: Buffer.concat(chunks).toString('utf8') }));
      answer.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });

/** What a hostile page can make the admin's browser send: the session cookie rides along. */
type Sender = { name: string; headers: () => Record<string, string> };
const SENDERS: Sender[] = [
  { name: 'cross-site page', headers: () => ({ Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }) },
  { name: 'same host, other port', headers: () => ({ Origin: `http://127.0.0.1:${otherPort}`, 'Sec-Fetch-Site': 'same-site' }) },
  // A form on a page that sets `Referrer-Policy: no-referrer` sends `Origin: null`.
  { name: 'opaque origin', headers: () => ({ Origin: 'null', 'Sec-Fetch-Site': 'cross-site' }) },
];

/** The encodings a browser can send: an auto-submitted form (three kinds) and fetch with credentials. */
const BODIES: { name: string; contentType: string; body: (fields: Record<string, unknown>) => string }[] = [
  {
    name: 'urlencoded form',
    contentType: 'application/x-www-form-urlencoded',
    body: (fields) => new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)])).toString(),
  },
  { name: 'text/plain form', contentType: 'text/plain', body: (fields) => JSON.stringify(fields) },
  {
    name: 'multipart form',
    contentType: 'multipart/form-data; boundary=hostile',
    body: (fields) =>
      `${Object.entries(fields)
        .map(([key, value]) => `--hostile\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${String(value)}\r\n`)
        .join('')}--hostile--\r\n`,
  },
  { name: 'fetch with JSON', contentType: 'application/json', body: (fields) => JSON.stringify(fields) },
];

/** Payloads that succeed when the request gets through (the red team's), so a way round shows as a change. */
const PAYLOADS: Record<string, () => Record<string, unknown>> = {
  'POST /api/portal-users': () => ({
    email: `intruder-${Math.random().toString(36).slice(2)}@evil.example`,
    password: 'Intruder-2026-Aa1!',
    confirmPassword: 'Intruder-2026-Aa1!',
    firstName: 'Intruder',
    role: 'admin',
  }),
  'POST /api/units/bulk-status': () => ({ ids: [fixtures.units.dubai.available], status: 'sold' }),
  // Login CSRF: the attacker's own account (here an agent), to sign the victim's browser into it.
  'POST /api/portal-auth/login': () => ({ email: securityEmail('doha'), password: SECURITY_PASSWORD, userType: 'agent' }),
};

/** The state-changing routes the server mounted (content API, CMS panel API, plugins), as `METHOD pattern`. */
const writeRoutes = () => {
  const keys = new Set<string>();
  for (const layer of server.strapi.server.listRoutes()) {
    for (const method of layer.methods) if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) keys.add(`${method} ${layer.path}`);
  }
  // Session-ending routes and deletions last: on a server that lets them through, they would end the
  // admin's session (a sign-in ends the session the browser presented) or remove the records the
  // other routes' attempts could show changing.
  const last = (key: string) => Number(key.startsWith('DELETE') || /portal-auth\/(login|logout)|delete-account|change-password|two-factor/.test(key));
  return [...keys].sort((a, b) => last(a) - last(b) || a.localeCompare(b));
};

/** A concrete path for a route pattern: the fixtures' ids where the route takes a record. */
const concrete = (pattern: string) => {
  const id = pattern.startsWith('/api/units/:id')
    ? fixtures.units.dubai.available
    : pattern.startsWith('/api/projects/:id')
      ? fixtures.projects.dubai
      : pattern.startsWith('/api/portal-users/:id')
        ? agentId
        : 1;
  return pattern
    .replace(/\(\.\*\)/g, 'x')
    .replace(/:id\b/, String(id))
    .replace(/:[A-Za-z_]+(\([^)]*\))?[*+?]?/g, '1');
};

/** The same path written the other ways a router or a proxy might read as it: case, slashes, dots, escapes. */
const variantsOf = (path: string) => {
  const [, first, rest] = /^\/([^/]+)(.*)$/.exec(path) ?? ['', path.slice(1), ''];
  const escaped = `%${first.charCodeAt(0).toString(16)}${first.slice(1)}`;
  return [
    `/${first.toUpperCase()}${rest}`,
    `/${first[0].toUpperCase()}${first.slice(1)}${rest}`,
    `/${first}${rest.toUpperCase()}`,
    `/${first}${rest}/`,
    `//${first}${rest}`,
    `/${first}/${rest}`.replace(/\/\/$/, '//x'),
    `/${first}/.${rest}`,
    `/${first}/x/..${rest}`,
    `/${escaped}${rest}`,
    `/${first.toUpperCase()}%2f${rest.slice(1)}`,
    `/${first}%2F${rest.slice(1)}`,
    `/${first}%5C${rest.slice(1)}`,
    `/${first}%2e${rest}`,
  ];
};

/**
 * Every table's digest; Strapi's settings store without what its own cron jobs write there on their
 * own schedule (the upload plugin's weekly metrics), which no request changes.
 */
const digest = async () => {
  const tables = await digestDatabase(locationOf(server.env));
  const settings = await server.strapi.db
    .query('strapi::core-store')
    .findMany({ where: { key: { $notIn: ['plugin_upload_metrics'] } }, orderBy: { id: 'asc' } });
  return { ...tables, strapi_core_store_settings: { rows: settings.length, checksum: JSON.stringify(settings) } };
};

/** The tables that changed between two digests. */
const changedTables = (before: Record<string, TableDigest>, after: Record<string, TableDigest>) =>
  Object.keys({ ...before, ...after }).filter((table) => JSON.stringify(before[table]) !== JSON.stringify(after[table]));

beforeAll(async () => {
  server = await startTestStrapi({ seed: false });
  const client = createClient(server.baseUrl);
  agentId = (await createSecurityUsers(server)).dubai;
  adminToken = await signIn(client, securityEmail('admin'), SECURITY_PASSWORD, 'admin');
  fixtures = await createSecurityFixtures(client, adminToken, 'Paths');
  adminCookie = `${SESSION_COOKIE}=${await signIn(client, securityEmail('admin'), SECURITY_PASSWORD, 'admin')}`;
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  otherPort = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
});

afterAll(async () => {
  await server?.stop();
});

describe('finding 1: every guard reads the path the router matches', () => {
  it('refuses every write route, under every case and encoding variant, from another site or another port, and changes nothing', async () => {
    const routes = writeRoutes();
    // The table covers the portal's routes and Strapi's own (the CMS panel's API, the upload plugin).
    expect(routes).toEqual(
      expect.arrayContaining(['POST /api/portal-users', 'POST /api/units/bulk-status', 'POST /api/portal-auth/login', 'POST /admin/login', 'POST /upload']),
    );
    const before = await digest();
    const ways: string[] = [];
    for (const route of routes) {
      const [method, pattern] = route.split(' ');
      const path = concrete(pattern);
      // Every sender with every encoding on the route's own path; under each variant, each sender once.
      const tries = [
        ...SENDERS.flatMap((sender) => BODIES.map((encoding) => ({ path, sender, encoding }))),
        ...variantsOf(path).flatMap((variant) => SENDERS.map((sender, index) => ({ path: variant, sender, encoding: BODIES[[0, 3, 2][index]] }))),
      ];
      for (const { path: target, sender, encoding } of tries) {
        const body = encoding.body((PAYLOADS[route] ?? (() => ({ name: 'Hostile' })))());
        const answer = await send(
          method,
          target,
          { ...sender.headers(), Cookie: adminCookie, 'Content-Type': encoding.contentType, Accept: 'application/json' },
          body,
        );
        if (![403, 404].includes(answer.status) || answer.headers['set-cookie']) {
          ways.push(`${method} ${target} (${sender.name}, ${encoding.name}): ${answer.status} ${answer.text.slice(0, 120)}`);
        }
      }
    }
    expect(ways).toEqual([]);
    expect(changedTables(before, await digest())).toEqual([]);
  });

  it('answers a read under a variant path with 404, or with the canonical answer’s Cache-Control and content security policy', async () => {
    const reads = ['/api/portal-users', '/api/portal-auth/me', `/api/projects/${fixtures.projects.dubai}`, `/api/units/${fixtures.units.dubai.available}`];
    const leaks: string[] = [];
    for (const path of reads) {
      const canonical = await send('GET', path, { Authorization: `Bearer ${adminToken}`, Accept: 'application/json' });
      expect(canonical.status, path).toBe(200);
      expect(canonical.headers['content-security-policy'], path).toBe("default-src 'none'; frame-ancestors 'none'");
      for (const variant of variantsOf(path)) {
        const answer = await send('GET', variant, { Authorization: `Bearer ${adminToken}`, Accept: 'application/json' });
        if (answer.status === 404) continue;
        for (const header of ['cache-control', 'content-security-policy'] as const) {
          if (answer.headers[header] !== canonical.headers[header]) leaks.push(`GET ${variant}: ${answer.status}, ${header} ${String(answer.headers[header])}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it('routes as written: Strapi builds case-insensitive routes, and every layer mounted matches the case it was written in', () => {
    // @koa/router has no types installed; only its Layer's regexp is read.
    const Router = createRequire(__filename)('@koa/router') as new () => { get(path: string, handler: () => void): { stack: { regexp: RegExp }[] } };
    // Still needed: a router made as Strapi makes them (no options) matches /API/units for /api/units.
    expect(new Router().get('/api/units', () => undefined).stack[0].regexp.test('/API/units')).toBe(true);
    const layers = stockRouteStack(server.strapi.server.router as unknown as ServerRouter) ?? [];
    expect(layers.length).toBeGreaterThan(100);
    expect(layers.filter((layer) => layer.regexp.flags.includes('i')).map((layer) => layer.path)).toEqual([]);
  });

  it('takes one spelling of a path: no empty or dot segments, no escapes of letters, digits, dots or slashes', () => {
    for (const path of ['/', '/api/units', '/api/units/', '/uploads/a_b-c.png', '/admin/projects/Marina%20Tower', '/admin/%D8%A8', '/api/units/%25']) {
      expect(isCanonicalPath(path), path).toBe(true);
    }
    const refused = [
      '//api/units',
      '/api//units',
      '/api/./units',
      '/api/x/../units',
      '/api/..',
      '/%61pi/units',
      '/api%2Funits',
      '/api%2funits',
      '/api%5Cunits',
      '/api\\units',
    ];
    for (const path of [...refused, '*', '/api/%zz', '/api/%2', '/api/%7e', '/api/%2D', '/api/units%2e']) expect(isCanonicalPath(path), path).toBe(false);
  });

  it('still answers the canonical paths: the same write from this origin goes through', async () => {
    const same = { Origin: server.baseUrl, 'Sec-Fetch-Site': 'same-origin', Cookie: adminCookie, 'Content-Type': 'application/json' };
    const created = await send('POST', '/api/portal-users', same, JSON.stringify(PAYLOADS['POST /api/portal-users']()));
    expect(created.status, created.text).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const changed = await send('POST', '/api/units/bulk-status', same, JSON.stringify({ ids: [fixtures.units.dubai.reserved], status: 'reserved' }));
    expect(changed.status, changed.text).toBe(200);
  });
});

describe('finding 8: a write is JSON from this origin', () => {
  const login = PAYLOADS['POST /api/portal-auth/login'];

  it('refuses a sign-in posted by an HTML form, from any origin, and starts no session', async () => {
    const origins = [{}, { Origin: server.baseUrl, 'Sec-Fetch-Site': 'same-origin' }, ...SENDERS.map((sender) => sender.headers())];
    for (const origin of origins) {
      for (const encoding of BODIES.slice(0, 3)) {
        const answer = await send('POST', `/api${AUTH_PATHS.login}`, { ...origin, 'Content-Type': encoding.contentType }, encoding.body(login()));
        expect([403, 415], `${JSON.stringify(origin)} ${encoding.name}: ${answer.text}`).toContain(answer.status);
        expect(answer.headers['set-cookie'], encoding.name).toBeUndefined();
      }
    }
  });

  it('refuses a JSON sign-in from another origin, another port of this host, or a cross-site fetch without Origin', async () => {
    const hostile = [
      ...SENDERS.map((sender) => sender.headers()),
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: server.baseUrl, 'Sec-Fetch-Site': 'cross-site' },
    ];
    for (const headers of hostile) {
      const answer = await send('POST', `/api${AUTH_PATHS.login}`, { ...headers, 'Content-Type': 'application/json' }, JSON.stringify(login()));
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
  });

  it('signs in with the portal’s own JSON request, from this origin or from a client that is no browser', async () => {
    const own: Record<string, string>[] = [{ Origin: server.baseUrl, 'Sec-Fetch-Site': 'same-origin' }, {}, { 'Sec-Fetch-Site': 'none' }];
    for (const headers of own) {
      const answer = await send('POST', `/api${AUTH_PATHS.login}`, { ...headers, 'Content-Type': 'application/json' }, JSON.stringify(login()));
      expect(answer.status, answer.text).toBe(200);
      const cookies = new Headers(
        Object.entries(answer.headers).flatMap(([name, value]) =>
          Array.isArray(value) ? value.map((item) => [name, item]) : value === undefined ? [] : [[name, value]],
        ) as [string, string][],
      );
      expect(sessionTokenOf(cookies)).toBeTruthy();
    }
  });

  it('refuses a form-encoded write from this origin, even with a bearer token', async () => {
    for (const encoding of [BODIES[0], BODIES[1]]) {
      const answer = await send(
        'POST',
        '/api/projects',
        { Origin: server.baseUrl, Authorization: `Bearer ${adminToken}`, 'Content-Type': encoding.contentType },
        encoding.body({ name: 'Form', location: 'Form' }),
      );
      expect(answer.status, encoding.name).toBe(415);
    }
    const multipart = await send(
      'POST',
      '/api/projects',
      { Authorization: `Bearer ${adminToken}`, 'Content-Type': BODIES[2].contentType },
      BODIES[2].body({ name: 'Form', location: 'Form' }),
    );
    expect(multipart.status).toBe(415);
  });

  it('keeps the portal’s uploads (unit image, property image, CSV import) from this origin, and refuses them from another', async () => {
    const boundary = 'portalupload';
    const file = (name: string, type: string, bytes: Buffer) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    const uploads: [string, Buffer][] = [
      [`/api/units/${fixtures.units.dubai.available}/images`, file('unit.png', 'image/png', PNG)],
      ['/api/projects/property-image', file('property.png', 'image/png', PNG)],
      [
        `/api/projects/${fixtures.projects.dubai}/units/import`,
        file('units.csv', 'text/csv', Buffer.from('unitNumber,unitType,floor,price,area,status\nPaths-import-1,Studio,3,5000,40,available\n')),
      ],
    ];
    for (const [path, body] of uploads) {
      const headers = { Cookie: adminCookie, 'Content-Type': `multipart/form-data; boundary=${boundary}` };
      const hostile = await send('POST', path, { ...headers, ...SENDERS[1].headers() }, body);
      expect(hostile.status, path).toBe(403);
      const own = await send('POST', path, { ...headers, Origin: server.baseUrl, 'Sec-Fetch-Site': 'same-origin' }, body);
      expect(own.status, `${path}: ${own.text.slice(0, 200)}`).toBeLessThan(300);
    }
  });

  it('keeps the CMS panel’s JSON sign-in from this origin, and refuses it as a form or from another origin', async () => {
    const credentials = { email: 'nobody@cms.test', password: 'Wrong-Password-1' };
    const own = await send(
      'POST',
      '/admin/login',
      { Origin: server.baseUrl, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' },
      JSON.stringify(credentials),
    );
    // Reaches Strapi's own check (wrong credentials), not a guard.
    expect([400, 401], own.text).toContain(own.status);
    const form = await send('POST', '/admin/login', { Origin: server.baseUrl, 'Content-Type': BODIES[0].contentType }, BODIES[0].body(credentials));
    expect(form.status).toBe(415);
    const foreign = await send('POST', '/admin/login', { ...SENDERS[1].headers(), 'Content-Type': 'application/json' }, JSON.stringify(credentials));
    expect(foreign.status).toBe(403);
  });
});
