import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, SESSION_COOKIE, type LoginResult, type SessionProfile } from '@repo/types';
import { api, createClient, DEMO, sessionCookieLine, sessionTokenOf, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';
import { createUser, userByEmail } from './helpers/users';

let server: TestServer;
let client: TestClient;
let adminToken: string;

type ErrorBody = { data: null; error: { status: number; name: string; message: string; details?: { errors?: { path: string[]; message: string }[] } } };

const login = (body: unknown, headers?: Record<string, string>) => client.post<LoginResult & ErrorBody>(api(AUTH_PATHS.login), body, { headers });

const failuresRecorded = (prefix: string) => server.strapi.db.query('api::portal-auth.auth-attempt').count({ where: { bucket: { $startsWith: prefix } } });

beforeAll(async () => {
  server = await startTestStrapi({ seed: true });
  client = createClient(server.baseUrl);
  adminToken = await signIn(client, DEMO.admin.email, DEMO.admin.password, 'admin');
});

afterAll(async () => {
  await server?.stop();
});

describe('stock users-permissions routes', () => {
  // Every stock route that could hand out a JWT, a session or someone's data without the second factor.
  const STOCK_ROUTES: [string, string, unknown?][] = [
    ['POST', '/api/auth/local', { identifier: DEMO.admin.email, password: DEMO.admin.password }],
    ['POST', '/api/auth/local/register', { username: 'intruder', email: 'intruder@example.test', password: 'Intruder-2026!' }],
    ['POST', '/api/auth/forgot-password', { email: DEMO.admin.email }],
    ['POST', '/api/auth/reset-password', { code: 'x', password: 'Intruder-2026!', passwordConfirmation: 'Intruder-2026!' }],
    ['GET', '/api/auth/email-confirmation?confirmation=x'],
    ['POST', '/api/auth/send-email-confirmation', { email: DEMO.admin.email }],
    ['GET', '/api/connect/google'],
    ['GET', '/api/connect/github/callback'],
    ['GET', '/api/auth/google/callback?access_token=x'],
    ['GET', '/api/auth/local/callback'],
    ['POST', '/api/auth/refresh', { refreshToken: 'x' }],
    ['POST', '/api/auth/change-password', { currentPassword: DEMO.admin.password, password: 'Intruder-2026!', passwordConfirmation: 'Intruder-2026!' }],
    ['POST', '/api/auth/logout'],
    ['GET', '/api/auth/sessions'],
    ['DELETE', '/api/auth/sessions/1'],
    ['GET', '/api/users'],
    ['GET', '/api/users/count'],
    ['GET', '/api/users/me'],
    ['GET', '/api/users/1'],
    ['POST', '/api/users', { username: 'intruder', email: 'intruder@example.test', password: 'Intruder-2026!', role: 1 }],
    ['PUT', '/api/users/1', { role: 1 }],
    ['DELETE', '/api/users/2'],
    ['GET', '/api/roles'],
    ['GET', '/api/roles/1'],
    ['POST', '/api/roles', { name: 'x', type: 'x' }],
    ['PUT', '/api/roles/1', { name: 'x' }],
    ['DELETE', '/api/roles/1'],
    ['GET', '/api/permissions'],
  ];

  it.each(STOCK_ROUTES)('%s %s is gone, anonymous or signed in', async (method, path, body) => {
    const usersBefore = await server.strapi.db.query('plugin::users-permissions.user').count({});
    for (const token of [undefined, adminToken]) {
      const response = await client.request(method, path, { body, token });
      expect([404, 405]).toContain(response.status);
      expect(response.text).not.toMatch(/"jwt"|"refreshToken"|"email"/);
      expect(sessionTokenOf(response.headers)).toBeNull();
    }
    expect(await server.strapi.db.query('plugin::users-permissions.user').count({})).toBe(usersBefore);
  });
});

describe('the password step', () => {
  it('signs in an account without a second factor: the session is in an httpOnly cookie, never in the body', async () => {
    const before = await userByEmail(server, DEMO.dubai.email);
    const response = await login({ email: DEMO.dubai.email, password: DEMO.dubai.password, userType: 'agent' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'signed-in', profile: { email: DEMO.dubai.email, role: 'agent', agentType: 'dubai' } });
    const token = sessionTokenOf(response.headers);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.text).not.toContain(token);
    const cookie = sessionCookieLine(response.headers) ?? '';
    expect(cookie).toMatch(/;\s*httponly/i);
    expect(cookie).toMatch(/;\s*samesite=strict/i);
    expect(cookie).toMatch(/;\s*path=\/(;|$)/i);
    // Plain http here: a Secure cookie would never come back.
    expect(cookie).not.toMatch(/;\s*secure/i);
    const after = await userByEmail(server, DEMO.dubai.email);
    expect(after?.lastLogin).not.toBeNull();
    expect(after?.lastLogin).not.toBe(before?.lastLogin);
    // No second factor was involved.
    expect(after?.lastTwoFactorVerification).toBe(before?.lastTwoFactorVerification);
  });

  it('authenticates later requests by the cookie, and by the same token as a bearer', async () => {
    const browser = createClient(server.baseUrl, { browser: true });
    const token = await signIn(browser, DEMO.doha.email, DEMO.doha.password);
    expect(browser.cookies.get(SESSION_COOKIE)).toBe(token);
    const byCookie = await browser.get<SessionProfile>(api(AUTH_PATHS.me));
    expect(byCookie.status).toBe(200);
    expect(byCookie.body).toMatchObject({ email: DEMO.doha.email, agentType: 'doha' });
    const byBearer = await client.get<SessionProfile>(api(AUTH_PATHS.me), { token });
    expect(byBearer.body.id).toBe(byCookie.body.id);
  });

  it('answers a wrong password and an unknown account alike', async () => {
    const wrong = await login({ email: DEMO.dubai.email, password: 'Wrong-Password-1!', userType: 'agent' });
    const unknown = await login({ email: 'nobody@demo.test', password: 'Wrong-Password-1!', userType: 'agent' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('Invalid email or password');
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(sessionTokenOf(wrong.headers)).toBeNull();
  });

  it('admits only admins on the admin screen and agents or admins on the agent screen', async () => {
    const agentAsAdmin = await login({ email: DEMO.super.email, password: DEMO.super.password, userType: 'admin' });
    expect(agentAsAdmin.status).toBe(403);
    expect(agentAsAdmin.body.error.message).toBe('Invalid account type');
    expect(sessionTokenOf(agentAsAdmin.headers)).toBeNull();
    expect(agentAsAdmin.text).not.toContain('challengeId');
    const adminAsAgent = await login({ email: DEMO.admin.email, password: DEMO.admin.password, userType: 'agent' });
    expect(adminAsAgent.status).toBe(200);
    expect(adminAsAgent.body).toMatchObject({ status: 'signed-in', profile: { role: 'admin', agentType: 'super' } });
  });

  it('does not let CMS content staff into the portal', async () => {
    const response = await login({ email: DEMO.cms.email, password: DEMO.cms.password, userType: 'admin' });
    expect(response.status).toBe(400);
  });

  it('refuses a password past 72 bytes even when bcrypt would match its prefix', async () => {
    const password = `Aa1!${'x'.repeat(68)}`;
    await createUser(server, { email: 'long.password@demo.test', password, role: 'agent' });
    const longer = await login({ email: 'long.password@demo.test', password: `${password}y`, userType: 'agent' });
    expect(longer.status).toBe(400);
    expect(sessionTokenOf(longer.headers)).toBeNull();
    const exact = await login({ email: 'long.password@demo.test', password, userType: 'agent' });
    expect(exact.status).toBe(200);
  });

  const MALFORMED: [string, unknown][] = [
    ['an empty object', {}],
    ['an array', []],
    ['an operator object as e-mail', { email: { $ne: '' }, password: DEMO.admin.password, userType: 'admin' }],
    ['an operator object as password', { email: DEMO.admin.email, password: { $ne: '' }, userType: 'admin' }],
    ['null as password', { email: DEMO.admin.email, password: null, userType: 'admin' }],
    ['true as password', { email: DEMO.admin.email, password: true, userType: 'admin' }],
    ['a list as e-mail', { email: [DEMO.admin.email], password: DEMO.admin.password, userType: 'admin' }],
    ['a number as password', { email: DEMO.admin.email, password: 12345678, userType: 'admin' }],
    ['no account type', { email: DEMO.admin.email, password: DEMO.admin.password }],
    ['an unknown account type', { email: DEMO.admin.email, password: DEMO.admin.password, userType: 'super' }],
    ['an unknown field', { email: DEMO.admin.email, password: DEMO.admin.password, userType: 'admin', role: 'admin' }],
    ['an identifier instead of an e-mail', { identifier: DEMO.admin.email, password: DEMO.admin.password, userType: 'admin' }],
    ['a huge password', { email: DEMO.admin.email, password: 'A'.repeat(100_000), userType: 'admin' }],
  ];

  it.each(MALFORMED)('refuses %s with 400 and no session', async (_label, body) => {
    const response = await login(body);
    expect(response.status).toBe(400);
    expect(response.body.error.name).toBe('ValidationError');
    expect(sessionTokenOf(response.headers)).toBeNull();
  });

  it('refuses a body that is not a JSON object', async () => {
    for (const raw of ['true', 'null', '"admin@demo.test"', '[1]']) {
      const response = await fetch(`${server.baseUrl}${api(AUTH_PATHS.login)}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: raw });
      expect(response.status).toBe(400);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });
});

describe('failed sign-in limits', () => {
  // No proxy is trusted here, so X-Forwarded-For is the caller's invention and every request comes from one address.
  it('refuses an address after 5 failures on an account whatever an untrusted X-Forwarded-For, letter case or extra fields say', async () => {
    const target = await createUser(server, { email: 'locked.agent@demo.test', password: 'Locked-Agent-2026!', role: 'agent' });
    const variants = ['locked.agent@demo.test', 'LOCKED.agent@demo.test', ' Locked.Agent@Demo.Test ', 'locked.AGENT@demo.test', 'locked.agent@DEMO.TEST'];
    for (const [index, email] of variants.entries()) {
      const response = await login({ email, password: `Guess-${index}-Aa1!`, userType: 'agent' }, { 'X-Forwarded-For': `203.0.113.${index + 1}` });
      expect(response.status).toBe(400);
    }
    // Extra fields are refused before anything is checked, so they cannot open a fresh bucket either.
    const withExtra = await login({ email: target.email, password: 'Locked-Agent-2026!', userType: 'agent', identifier: 'other@demo.test' });
    expect(withExtra.status).toBe(400);
    const rightPassword = await login({ email: target.email, password: 'Locked-Agent-2026!', userType: 'agent' }, { 'X-Forwarded-For': '198.51.100.77' });
    expect(rightPassword.status).toBe(429);
    expect(rightPassword.body.error.message).toBe('Too many failed login attempts. Please try again later');
    expect(sessionTokenOf(rightPassword.headers)).toBeNull();
    // The counter is a database row per failure, not process memory.
    expect(await failuresRecorded('login-failure:account:')).toBeGreaterThanOrEqual(5);
  });

  it('does not refuse other accounts from that address', async () => {
    const response = await login({ email: DEMO.super.email, password: DEMO.super.password, userType: 'agent' });
    expect(response.status).toBe(200);
  });

  it('admits at most 5 of many parallel guesses at one account from one address', async () => {
    await createUser(server, { email: 'parallel.agent@demo.test', password: 'Parallel-Agent-2026!', role: 'agent' });
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, index) => login({ email: 'parallel.agent@demo.test', password: `Guess-${index}-Aa1!`, userType: 'agent' })),
    );
    const statuses = guesses.map((response) => response.status);
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(7);
  });

  it('locks the client address after 20 failures across accounts', async () => {
    const used = await failuresRecorded('login-failure:address:');
    expect(used).toBeLessThan(20);
    for (let index = used; index < 20; index += 1) {
      const response = await login({ email: `${crypto.randomUUID()}@demo.test`, password: 'Stuffed-Password-1!', userType: 'agent' });
      expect(response.status).toBe(400);
    }
    const next = await login({ email: DEMO.doha.email, password: DEMO.doha.password, userType: 'agent' }, { 'X-Forwarded-For': '192.0.2.200' });
    expect(next.status).toBe(429);
    expect(next.body.error.message).toBe('Too many failed login attempts. Please try again later');
  });
});
