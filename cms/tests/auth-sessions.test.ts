import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, SESSION_COOKIE, type LoginResult, type SessionProfile } from '@repo/types';
import { api, createClient, DEMO, sessionCookieLine, sessionTokenOf, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';
import { SESSION_ROLE_FIELDS, SESSION_USER_FIELDS, toSessionProfile, type UserRow } from '../src/api/portal-auth/lib/profile';
import { createSessionUserReader } from '../src/api/portal-auth/lib/sessions';
import { createUser, sessionCount, USER_UID, userById } from './helpers/users';

// Behind a TLS-terminating proxy (TRUST_PROXY=true): X-Forwarded-Proto decides the Secure flag.
let server: TestServer;
let client: TestClient;

const SESSION_UID = 'api::portal-auth.portal-session';
const PASSWORD = 'Session-User-2026!';
type ErrorBody = { error: { status: number; message: string; details?: { errors?: { path: string[]; message: string }[] } } };

const me = (who: TestClient | string) =>
  typeof who === 'string' ? client.get<SessionProfile>(api(AUTH_PATHS.me), { token: who }) : who.get<SessionProfile>(api(AUTH_PATHS.me));

const browserFor = async (email: string, password = PASSWORD, userType: 'admin' | 'agent' = 'agent') => {
  const browser = createClient(server.baseUrl, { browser: true });
  const token = await signIn(browser, email, password, userType);
  return { browser, token };
};

/** An HS256 JWT signed with the server's own JWT_SECRET: what the stock users-permissions accepted as a login. */
const forgedJwt = (payload: Record<string, unknown>) => {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ ...payload, iat: Math.floor(Date.now() / 1000) })}`;
  const signature = crypto.createHmac('sha256', server.env.JWT_SECRET).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
};

beforeAll(async () => {
  server = await startTestStrapi({ seed: true, env: { TRUST_PROXY: 'true' } });
  client = createClient(server.baseUrl);
});

afterAll(async () => {
  await server?.stop();
});

describe('the session cookie', () => {
  it('is Secure when the request came over https, and lasts the configured 12 hours', async () => {
    const response = await client.post<LoginResult>(
      api(AUTH_PATHS.login),
      { email: DEMO.dubai.email, password: DEMO.dubai.password, userType: 'agent' },
      { headers: { 'X-Forwarded-Proto': 'https' } },
    );
    const line = sessionCookieLine(response.headers) ?? '';
    expect(line).toMatch(/;\s*secure/i);
    expect(line).toMatch(/;\s*httponly/i);
    expect(line).toMatch(/;\s*samesite=strict/i);
    const expires = new Date(/expires=([^;]+)/i.exec(line)?.[1] ?? '').getTime();
    expect(expires - Date.now()).toBeGreaterThan(11.9 * 3_600_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(12 * 3_600_000 + 1000);
  });

  it('is stored only as a keyed hash', async () => {
    const user = await createUser(server, { email: 'hash@sessions.test', password: PASSWORD, role: 'agent' });
    const { token } = await browserFor(user.email);
    const rows = (await server.strapi.db.query(SESSION_UID).findMany({ where: { userId: user.id } })) as { tokenHash: string }[];
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('replaces no-longer-valid tokens with 401: unknown, forged JWT, expired', async () => {
    const admin = (await server.strapi.db.query('plugin::users-permissions.user').findOne({ where: { email: DEMO.admin.email } })) as { id: number };
    expect((await me('A'.repeat(43))).status).toBe(401);
    expect((await me(forgedJwt({ id: admin.id }))).status).toBe(401);
    expect((await client.get('/api/projects', { token: forgedJwt({ id: admin.id }) })).status).toBe(401);

    const user = await createUser(server, { email: 'expired@sessions.test', password: PASSWORD, role: 'agent' });
    const { browser, token } = await browserFor(user.email);
    await server.strapi.db.query(SESSION_UID).updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await me(browser)).status).toBe(401);
    expect((await me(token)).status).toBe(401);
    expect(await sessionCount(server, user.id)).toBe(0);
  });

  it('is looked up by a unique index on its hash (one indexed read per request, however many sessions exist)', async () => {
    const user = await createUser(server, { email: 'unique@sessions.test', password: PASSWORD, role: 'agent' });
    await browserFor(user.email);
    const [row] = (await server.strapi.db.query(SESSION_UID).findMany({ where: { userId: user.id } })) as { tokenHash: string }[];
    const copy = { tokenHash: row.tokenHash, userId: user.id, expiresAt: new Date(Date.now() + 60_000), lastSeenAt: new Date() };
    await expect(server.strapi.db.query(SESSION_UID).create({ data: copy })).rejects.toThrow(/unique|duplicate/i);
    expect(await server.strapi.db.query(SESSION_UID).count({ where: { tokenHash: row.tokenHash } })).toBe(1);
  });

  it('is replaced, not duplicated, when the same browser signs in again', async () => {
    const user = await createUser(server, { email: 'again@sessions.test', password: PASSWORD, role: 'agent' });
    const { browser, token } = await browserFor(user.email);
    const again = await signIn(browser, user.email, PASSWORD);
    expect(again).not.toBe(token);
    expect((await me(token)).status).toBe(401);
    expect((await me(browser)).status).toBe(200);
    expect(await sessionCount(server, user.id)).toBe(1);
  });

  it('keeps profiles out of caches', async () => {
    const { browser } = await browserFor(DEMO.doha.email, DEMO.doha.password);
    expect((await me(browser)).headers.get('cache-control')).toBe('no-store');
  });

  it('keeps its tables out of the CMS panel', () => {
    for (const uid of ['portal-session', 'auth-challenge', 'auth-attempt', 'password-reset-code']) {
      const contentType = server.strapi.contentType(`api::portal-auth.${uid}` as never) as { pluginOptions?: Record<string, { visible?: boolean }> };
      expect(contentType.pluginOptions?.['content-manager']?.visible).toBe(false);
      expect(contentType.pluginOptions?.['content-type-builder']?.visible).toBe(false);
    }
  });

  it('authenticates the existing admin-only content routes by cookie, with the role checked', async () => {
    const { browser: admin } = await browserFor(DEMO.admin.email, DEMO.admin.password, 'admin');
    expect((await admin.get('/api/sold-units')).status).toBe(200);
    const { browser: agent } = await browserFor(DEMO.super.email, DEMO.super.password);
    expect((await agent.get('/api/sold-units')).status).toBe(403);
    expect((await agent.get('/api/projects')).status).toBe(200);
  });
});

describe('the per-request session read (one query for session, user and role)', () => {
  const byQueryEngine = (id: number) =>
    server.strapi.db.query(USER_UID).findOne({ where: { id }, select: [...SESSION_USER_FIELDS], populate: { role: { select: [...SESSION_ROLE_FIELDS] } } });

  it('gives the session fields of the user exactly as the query engine reads them, role populated, for each kind of user', async () => {
    const read = createSessionUserReader(server.strapi);
    const agent = await createUser(server, {
      email: 'reader@sessions.test',
      password: PASSWORD,
      role: 'agent',
      visibleProjects: [3, 1],
      twoFactorEnabled: false,
    });
    const people = [
      { email: DEMO.admin.email, password: DEMO.admin.password, userType: 'admin' as const },
      { email: DEMO.dubai.email, password: DEMO.dubai.password, userType: 'agent' as const },
      { email: agent.email, password: PASSWORD, userType: 'agent' as const },
    ];
    for (const person of people) {
      const token = await signIn(createClient(server.baseUrl), person.email, person.password, person.userType);
      const found = await read(token);
      expect(found?.user).not.toBeNull();
      const expected = (await byQueryEngine(found!.user!.id)) as Record<string, unknown>;
      expect(found!.user).toEqual(expected);
      expect((expected.role as { type: string }).type).toBe(person.userType);
      expect(found!.session.userId).toBe(found!.user!.id);
    }
    // JSON, booleans and datetimes as the query engine gives them, not as the driver does.
    const stored = (await read(await signIn(createClient(server.baseUrl), agent.email, PASSWORD, 'agent')))!.user!;
    expect(stored.visibleProjects).toEqual([3, 1]);
    expect(stored.blocked).toBe(false);
    expect(stored.confirmed).toBe(true);
    // Nothing else of the row rides along on every request: no password hash, no timestamps.
    expect(Object.keys(stored).sort()).toEqual([...SESSION_USER_FIELDS, 'role'].sort());
    expect(Object.keys(stored.role!).sort()).toEqual([...SESSION_ROLE_FIELDS].sort());
  });

  it('leaves the account routes the whole row: the profile shows what the session read leaves out, as stored now', async () => {
    const user = await createUser(server, { email: 'whole@sessions.test', password: PASSWORD, role: 'agent', twoFactorEnabled: false });
    const { browser } = await browserFor(user.email);
    // Changed behind the session's back, in fields no request reads for authorization.
    const lastLogin = new Date('2026-01-02T03:04:05.000Z');
    await server.strapi.db
      .query(USER_UID)
      .update({ where: { id: user.id }, data: { firstName: 'Whole', lastName: 'Row', displayName: 'Whole Row', phoneNumber: '+97150000042', lastLogin } });
    const response = await me(browser);
    expect(response.status).toBe(200);
    const stored = (await server.strapi.db.query(USER_UID).findOne({ where: { id: user.id }, populate: ['role'] })) as UserRow;
    expect(response.body).toEqual(toSessionProfile(stored));
    expect(response.body).toMatchObject({ displayName: 'Whole Row', phoneNumber: '+97150000042', lastLogin: lastLogin.toISOString() });

    // A profile edit starts from the stored row too: the last name is kept when only the first changes.
    const edited = await browser.put<SessionProfile>(api(AUTH_PATHS.me), { firstName: 'Entire' });
    expect(edited.status).toBe(200);
    expect(edited.body.displayName).toBe('Entire Row');
  });

  it('gives a user without a role with role null, and a session whose user is gone with user null', async () => {
    const read = createSessionUserReader(server.strapi);
    const roleless = await createUser(server, { email: 'roleless@sessions.test', password: PASSWORD, role: 'agent' });
    const token = await signIn(createClient(server.baseUrl), roleless.email, PASSWORD, 'agent');
    await server.strapi.db.query(USER_UID).update({ where: { id: roleless.id }, data: { role: null } });
    const found = await read(token);
    expect(found?.user?.role).toBeNull();
    expect(found!.user).toEqual(await byQueryEngine(roleless.id));
    expect((await me(token)).status).toBe(401);

    // The user row removed behind the portal's back (its sessions would normally go with it).
    await server.strapi.db.connection('up_users').where({ id: roleless.id }).delete();
    expect(await read(token)).toEqual({ session: { id: expect.any(Number), userId: roleless.id }, user: null });
    expect((await me(token)).status).toBe(401);
    expect(await read('not-a-token')).toBeNull();
    expect(await read('a'.repeat(43))).toBeNull();
  });
});

describe('ending sessions', () => {
  it('logout ends this session at once, and only this one', async () => {
    const user = await createUser(server, { email: 'logout@sessions.test', password: PASSWORD, role: 'agent' });
    const first = await browserFor(user.email);
    const second = await browserFor(user.email);
    const response = await first.browser.post(api(AUTH_PATHS.logout));
    expect(response.status).toBe(204);
    expect(first.browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await me(first.token)).status).toBe(401);
    expect((await client.get(api(AUTH_PATHS.me), { headers: { Cookie: `${SESSION_COOKIE}=${first.token}` } })).status).toBe(401);
    expect((await me(second.browser)).status).toBe(200);
    // Signing out twice, or with no session at all, is harmless.
    expect((await first.browser.post(api(AUTH_PATHS.logout))).status).toBe(204);
    expect((await client.post(api(AUTH_PATHS.logout))).status).toBe(204);
  });

  it('a password change ends every other session and hands this browser a fresh one', async () => {
    const user = await createUser(server, { email: 'change@sessions.test', password: PASSWORD, role: 'agent' });
    const here = await browserFor(user.email);
    const elsewhere = await browserFor(user.email);
    const response = await here.browser.post(api(AUTH_PATHS.changePassword), {
      currentPassword: PASSWORD,
      newPassword: 'Changed-Password-2026!',
      confirmPassword: 'Changed-Password-2026!',
    });
    expect(response.status).toBe(204);
    const fresh = sessionTokenOf(response.headers);
    expect(fresh).toEqual(expect.any(String));
    expect(fresh).not.toBe(here.token);
    expect((await me(here.browser)).status).toBe(200);
    expect((await me(here.token)).status).toBe(401);
    expect((await me(elsewhere.browser)).status).toBe(401);
    expect(await sessionCount(server, user.id)).toBe(1);
    const oldPassword = await client.post(api(AUTH_PATHS.login), { email: user.email, password: PASSWORD, userType: 'agent' });
    expect(oldPassword.status).toBe(400);
    await signIn(client, user.email, 'Changed-Password-2026!');
  });

  it('content staff changing a password or blocking a user in the CMS panel ends their sessions too', async () => {
    const user = await createUser(server, { email: 'panel@sessions.test', password: PASSWORD, role: 'agent' });
    const first = await browserFor(user.email);
    await server.strapi.plugin('users-permissions').service('user').edit(user.id, { password: 'Panel-Reset-2026!' });
    expect((await me(first.browser)).status).toBe(401);
    const second = await browserFor(user.email, 'Panel-Reset-2026!');
    await server.strapi.plugin('users-permissions').service('user').edit(user.id, { blocked: true });
    expect((await me(second.browser)).status).toBe(401);
    const blocked = await client.post(api(AUTH_PATHS.login), { email: user.email, password: 'Panel-Reset-2026!', userType: 'agent' });
    expect(blocked.status).toBe(400);
  });

  it('deleting the account ends its sessions everywhere', async () => {
    const user = await createUser(server, { email: 'delete@sessions.test', password: PASSWORD, role: 'agent' });
    const here = await browserFor(user.email);
    const elsewhere = await browserFor(user.email);
    const response = await here.browser.post(api(AUTH_PATHS.deleteAccount), { password: PASSWORD });
    expect(response.status).toBe(204);
    expect(here.browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await me(elsewhere.browser)).status).toBe(401);
    expect((await me(here.token)).status).toBe(401);
    expect(await userById(server, user.id)).toBeNull();
    expect(await sessionCount(server, user.id)).toBe(0);
  });
});

describe('cross-site requests', () => {
  let browser: TestClient;
  let userId: number;

  beforeAll(async () => {
    const user = await createUser(server, { email: 'csrf@sessions.test', password: PASSWORD, role: 'agent', firstName: 'Before' });
    userId = user.id;
    ({ browser } = await browserFor(user.email));
  });

  it('refuses a cookie-authenticated write from another origin', async () => {
    const response = await browser.put<ErrorBody>(api(AUTH_PATHS.me), { firstName: 'Hijacked' }, { headers: { Origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    const logout = await browser.post(api(AUTH_PATHS.logout), undefined, { headers: { Origin: 'https://evil.example' } });
    expect(logout.status).toBe(403);
    const noOrigin = await browser.put(api(AUTH_PATHS.me), { firstName: 'Hijacked' }, { headers: { Origin: '', 'Sec-Fetch-Site': 'cross-site' } });
    expect(noOrigin.status).toBe(403);
    expect((await userById(server, userId))?.firstName).toBe('Before');
    expect((await me(browser)).status).toBe(200);
  });

  it('accepts the same write from this origin', async () => {
    const response = await browser.put<SessionProfile>(api(AUTH_PATHS.me), { firstName: 'After' });
    expect(response.status).toBe(200);
    expect(response.body.firstName).toBe('After');
  });
});

describe('limits across a restart', () => {
  it('keeps an address refused on an account after the server restarts on the same database', async () => {
    const user = await createUser(server, { email: 'restart@sessions.test', password: PASSWORD, role: 'agent' });
    const survivor = await browserFor(DEMO.doha.email, DEMO.doha.password);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await client.post(api(AUTH_PATHS.login), { email: user.email, password: `Guess-${attempt}-Aa1!`, userType: 'agent' });
      expect(response.status).toBe(400);
    }
    await server.stop({ keepDatabase: true });
    server = await startTestStrapi({ database: server.database, env: server.env });
    client = createClient(server.baseUrl);

    const locked = await client.post<ErrorBody>(api(AUTH_PATHS.login), { email: user.email, password: PASSWORD, userType: 'agent' });
    expect(locked.status).toBe(429);
    expect(locked.body.error.message).toBe('Too many failed login attempts. Please try again later');
    // Sessions live in the database as well: a restart signs nobody out.
    expect((await me(survivor.token)).status).toBe(200);
  });
});
