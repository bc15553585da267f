import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@repo/types';
import { ROUTE_DECISIONS, type Access } from './helpers/route-decisions';
import { createSecurityFixtures, createSecurityUsers, SECURITY_PASSWORD, securityEmail, type SecurityFixtures } from './helpers/security-fixtures';
import { createClient, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';
import { openEventStream } from './helpers/event-stream';
import { createUser, userById } from './helpers/users';

/**
 * Issue #9 item 1: the access matrix. The route table is read from the booted server, every
 * content-API route is called as every kind of caller, and each answer is checked against the one
 * decision table (helpers/route-decisions.ts).
 */
type CallerName = 'anonymous' | 'dubai' | 'doha' | 'super' | 'blocked' | 'deleted-bearer' | 'deleted-cookie' | 'admin';
interface Caller {
  name: CallerName;
  headers: Record<string, string>;
}
interface Call {
  key: string;
  caller: CallerName;
  path: string;
  status: number;
  text: string;
}

const REVOKED: CallerName[] = ['blocked', 'deleted-bearer', 'deleted-cookie'];
const PASSWORD = 'Matrix-Agent-2026!';
const MISSING_ID = 999_999_999;
/** The id of a route's record for each agent: the dubai-only fixtures, which doha must not see. */
const SEES_DUBAI: Record<string, boolean> = { dubai: true, doha: false, super: true };

let server: TestServer;
let client: TestClient;
let fixtures: SecurityFixtures;
let callers: Caller[];
let mounted: string[];
let blockedUserId: number;
const calls: Call[] = [];

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The content-API routes the server mounted at boot, as `METHOD path` (HEAD folded into GET). */
const mountedRoutes = (): string[] => {
  const keys = new Set<string>();
  for (const layer of server.strapi.server.api('content-api').listRoutes()) {
    for (const method of layer.methods) if (method !== 'HEAD') keys.add(`${method} ${layer.path}`);
  }
  return [...keys].sort();
};

/** A concrete URL for a route: real fixture ids, except that admins delete only records that do not exist. */
const urlFor = (key: string, caller: CallerName) => {
  const [method, pattern] = key.split(' ');
  const destroys = method === 'DELETE' && caller === 'admin';
  const id = destroys
    ? MISSING_ID
    : pattern.startsWith('/api/projects/:id')
      ? fixtures.projects.dubai
      : pattern.startsWith('/api/units/:id')
        ? fixtures.units.dubai.available
        : pattern.startsWith('/api/portal-users/:id')
          ? blockedUserId
          : 1;
  return pattern.replace(':id', String(id)).replace(':uid', 'api::unit.unit').replace(':imageId', 'img_1');
};

const call = async (key: string, caller: Caller) => {
  const [method] = key.split(' ');
  const url = urlFor(key, caller.name);
  // An event stream (issue #27) never ends: its status is what counts, then it is closed.
  if (method === 'GET' && key.endsWith('/events')) {
    const stream = await openEventStream(server.baseUrl, url, { token: caller.headers.Authorization?.replace(/^Bearer /, ''), cookie: caller.headers.Cookie });
    stream.close();
    const result = { key, caller: caller.name, path: url, status: stream.status, text: JSON.stringify(stream.body ?? '').slice(0, 200) };
    calls.push(result);
    return result;
  }
  const response = await client.request(method, url, { headers: caller.headers, body: method === 'GET' ? undefined : {} });
  const result = { key, caller: caller.name, path: url, status: response.status, text: response.text.slice(0, 200) };
  calls.push(result);
  return result;
};

/** Why an answer breaks the decision, or null when it keeps it. */
const violation = (access: Access, { key, caller, status }: Call): string | null => {
  if (status >= 500) return `server error ${status}`;
  const refused = status === 401 || status === 403;
  if (access === 'public') return refused ? `a public route refused with ${status}` : null;
  if (caller === 'anonymous') return status === 401 ? null : `anonymous got ${status}, not 401`;
  if (REVOKED.includes(caller)) return refused ? null : `a ${caller} session got ${status}, not 401/403`;
  if (access === 'nobody') return status === 403 ? null : `got ${status}, not 403`;
  if (caller === 'admin') {
    if (access === 'read') return status === 200 ? null : `admin read got ${status}, not 200`;
    return refused ? `admin refused with ${status}` : null;
  }
  // An agent.
  if (access === 'admin') return status === 403 ? null : `agent got ${status}, not 403`;
  if (access === 'self') return refused ? `agent refused with ${status} on their own account` : null;
  const expected = !key.includes(':id') || SEES_DUBAI[caller] ? 200 : 404;
  return status === expected ? null : `agent read got ${status}, not ${expected}`;
};

beforeAll(async () => {
  server = await startTestStrapi({ seed: false });
  client = createClient(server.baseUrl);
  await createSecurityUsers(server);
  const admin = await signIn(client, securityEmail('admin'), SECURITY_PASSWORD, 'admin');
  fixtures = await createSecurityFixtures(client, admin, 'Matrix');

  const blocked = await createUser(server, { email: 'blocked.agent@matrix.test', password: PASSWORD, role: 'agent', agentType: 'super' });
  blockedUserId = blocked.id;
  const blockedToken = await signIn(client, blocked.email, PASSWORD);
  await server.strapi.db.query('plugin::users-permissions.user').update({ where: { id: blocked.id }, data: { blocked: true } });

  const leaver = await createUser(server, { email: 'deleted.agent@matrix.test', password: PASSWORD, role: 'agent', agentType: 'super' });
  const leaverBearer = await signIn(client, leaver.email, PASSWORD);
  const leaverCookie = await signIn(client, leaver.email, PASSWORD);
  const removed = await client.del(`/api/portal-users/${leaver.id}`, { token: admin });
  if (removed.status !== 204 || (await userById(server, leaver.id))) throw new Error(`The admin could not delete the leaver: ${removed.status}`);

  callers = [
    { name: 'anonymous', headers: {} },
    { name: 'dubai', headers: bearer(await signIn(client, securityEmail('dubai'), SECURITY_PASSWORD)) },
    { name: 'doha', headers: bearer(await signIn(client, securityEmail('doha'), SECURITY_PASSWORD)) },
    { name: 'super', headers: bearer(await signIn(client, securityEmail('super'), SECURITY_PASSWORD)) },
    { name: 'blocked', headers: bearer(blockedToken) },
    { name: 'deleted-bearer', headers: bearer(leaverBearer) },
    // The way a browser would reuse it: the session cookie, from the portal's own origin.
    { name: 'deleted-cookie', headers: { Cookie: `${SESSION_COOKIE}=${leaverCookie}`, Origin: server.baseUrl } },
    { name: 'admin', headers: bearer(admin) },
  ];
  mounted = mountedRoutes();
});

afterAll(async () => {
  await server?.stop();
});

describe('the route table', () => {
  it('has an access decision for every content-API route mounted at boot', () => {
    const undecided = mounted.filter((key) => !(key in ROUTE_DECISIONS));
    expect(undecided.map((key) => `new route added without an access decision: ${key} (add it to tests/helpers/route-decisions.ts)`)).toEqual([]);
  });

  it('has no decision for a route that is not mounted', () => {
    const stale = Object.keys(ROUTE_DECISIONS).filter((key) => !mounted.includes(key));
    expect(stale.map((key) => `access decision for a route that no longer exists: ${key}`)).toEqual([]);
  });

  it('keeps the decisions themselves strict: a short public list, self-service only on the own account, no agent writes', () => {
    const entries = Object.entries(ROUTE_DECISIONS);
    const publicRoutes = entries.filter(([, decision]) => decision.access === 'public').map(([key]) => key);
    expect(publicRoutes.sort()).toEqual(
      [
        'POST /api/portal-auth/forgot-password',
        'POST /api/portal-auth/login',
        'POST /api/portal-auth/login/send-code',
        'POST /api/portal-auth/login/verify',
        'POST /api/portal-auth/logout',
        'POST /api/portal-auth/reset-password',
      ].sort(),
    );
    for (const [key, decision] of entries) {
      if (decision.access === 'read') expect(key.startsWith('GET '), `${key} is a write open to agents`).toBe(true);
      if (decision.access === 'self') expect(key, 'self-service lives under /portal-auth').toMatch(/^(GET|PUT|POST) \/api\/portal-auth\//);
    }
  });

  it('mounts the routes the portal is built on (the route listing is not empty or partial)', () => {
    expect(mounted.length).toBeGreaterThan(40);
    for (const key of ['GET /api/projects', 'GET /api/units/:id', 'POST /api/portal-auth/login', 'POST /api/upload']) expect(mounted).toContain(key);
  });
});

describe('every route as every caller', () => {
  it('answers each caller exactly as the decision table says', async () => {
    // Sign-out last: it ends the session it is given, and the other calls still need theirs.
    const ordered = [...mounted.filter((key) => key in ROUTE_DECISIONS)].sort((a, b) => {
      const rank = (key: string) => (key === 'POST /api/portal-auth/logout' ? 2 : ROUTE_DECISIONS[key].access === 'public' ? 1 : 0);
      return rank(a) - rank(b);
    });
    const problems: string[] = [];
    for (const key of ordered) {
      for (const caller of callers) {
        const result = await call(key, caller);
        const why = violation(ROUTE_DECISIONS[key].access, result);
        if (why) problems.push(`${key} as ${caller.name} (${result.path}): ${why}; body ${result.text}`);
      }
    }
    expect(problems).toEqual([]);
    expect(calls.length).toBe(ordered.length * callers.length);
  });

  it('refused the revoked sessions with 401, as a session that does not exist', () => {
    const revoked = calls.filter((entry) => REVOKED.includes(entry.caller) && ROUTE_DECISIONS[entry.key].access !== 'public');
    expect(revoked.length).toBeGreaterThan(40);
    expect(revoked.filter((entry) => entry.status !== 401).map((entry) => `${entry.key} as ${entry.caller}: ${entry.status}`)).toEqual([]);
  });

  it('left the blocked agent blocked and the deleted agent deleted', async () => {
    expect((await userById(server, blockedUserId))?.blocked).toBe(true);
    const leaver = await server.strapi.db.query('plugin::users-permissions.user').findOne({ where: { email: 'deleted.agent@matrix.test' } });
    expect(leaver).toBeNull();
  });
});

describe("the CMS panel's admin API", () => {
  /**
   * Strapi's own unauthenticated panel routes, which hand out nothing about the data: the panel's
   * first-run flags, its edition, and the static script of the content preview.
   */
  const PANEL_PUBLIC = new Set(['GET /admin/init', 'GET /admin/project-type', 'GET /admin/registration-info', 'GET /content-manager/preview/script']);

  it('never accepts a portal session, admin or agent, or an anonymous caller', async () => {
    const routes = new Set<string>();
    for (const layer of server.strapi.server.api('admin').listRoutes()) {
      for (const method of layer.methods) if (method !== 'HEAD') routes.add(`${method} ${layer.path}`);
    }
    expect(routes.size).toBeGreaterThan(100);
    const portalCallers = callers.filter((caller) => ['anonymous', 'admin', 'dubai'].includes(caller.name));
    const accepted: string[] = [];
    for (const key of routes) {
      if (PANEL_PUBLIC.has(key)) continue;
      const [method, pattern] = key.split(' ');
      const url = pattern.replace(/:(model|uid|contentType)\b/g, 'api::unit.unit').replace(/:[A-Za-z]+/g, '1');
      for (const caller of portalCallers) {
        const response = await client.request(method, url, { headers: caller.headers, body: method === 'GET' ? undefined : {} });
        if (response.status < 300 || response.status >= 500) accepted.push(`${key} as ${caller.name}: ${response.status} ${response.text.slice(0, 120)}`);
      }
    }
    expect(accepted).toEqual([]);
  });
});
