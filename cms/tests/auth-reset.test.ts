import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, type LoginResult, type ResetPasswordResult } from '@repo/types';
import { readOutbox, type EmailEntry } from './helpers/outbox';
import { startSmtpSink, type SmtpSink } from './helpers/smtp';
import { api, createClient, DEMO, sessionTokenOf, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';
import { createUser, sessionCount } from './helpers/users';

type ErrorBody = { error: { status: number; name: string; message: string; details?: { errors?: { path: string[]; message: string }[] } } };

const RESET_UID = 'api::portal-auth.password-reset-code';
const PASSWORD = 'Before-Reset-2026!';
const NEW_PASSWORD = 'After-Reset-2026!';
const PUBLIC_URL = 'https://portal.example.test';
const LINK = /(https?:\/\/[^\s"<>]+\/reset-password\?code=([A-Za-z0-9_-]+)&userType=(admin|agent))/;

let server: TestServer;
let client: TestClient;
let smtp: SmtpSink;

/** With `from`, the request comes through the trusted proxy from that client address (reset requests are limited per address). */
const forgot = (body: unknown, from?: string) =>
  client.post<ErrorBody>(api(AUTH_PATHS.forgotPassword), body, { headers: from ? { 'X-Forwarded-For': from } : {} });

/**
 * A forgot-password request whose Host (and X-Forwarded-Host) names the attacker's site, as a raw
 * HTTP request: fetch does not let a caller choose the Host header.
 */
const forgotWithForgedHost = (email: string, from: string) =>
  new Promise<number>((resolve, reject) => {
    const { hostname, port } = new URL(server.baseUrl);
    const payload = JSON.stringify({ email, userType: 'agent' });
    const request = http.request(
      {
        hostname,
        port,
        method: 'POST',
        path: api(AUTH_PATHS.forgotPassword),
        headers: {
          Host: 'attacker.example',
          'X-Forwarded-Host': 'attacker.example',
          'X-Forwarded-Proto': 'https',
          'X-Forwarded-For': from,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
const reset = (body: unknown) => client.post<ResetPasswordResult & ErrorBody>(api(AUTH_PATHS.resetPassword), body);

/** The link of the last reset e-mail that reached the SMTP server for an address. */
const lastLink = (to: string) => {
  const mail = smtp.received.filter((message) => message.to.includes(to)).at(-1);
  const match = LINK.exec(mail?.text ?? '');
  if (!match) throw new Error(`No reset link was mailed to ${to}`);
  return { url: match[1], code: match[2], userType: match[3] };
};

describe('password reset by e-mail through SMTP', () => {
  beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startTestStrapi({
      seed: true,
      // TRUST_PROXY: a forwarded host would count for the request's own origin, and must not for links.
      env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_IGNORE_TLS: 'true', SMTP_SECURE: 'false', PUBLIC_URL, TRUST_PROXY: 'true' },
    });
    client = createClient(server.baseUrl);
  });

  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it('mails a single-use link to the public URL and stores only a hash of its code', async () => {
    const user = await createUser(server, { email: 'reset.agent@reset.test', password: PASSWORD, role: 'agent' });
    const response = await forgot({ email: ' Reset.Agent@reset.test ', userType: 'agent' });
    expect(response.status).toBe(204);
    const mail = smtp.received.at(-1);
    expect(mail?.to).toEqual([user.email]);
    const link = lastLink(user.email);
    expect(link.url.startsWith(`${PUBLIC_URL}/reset-password?code=`)).toBe(true);
    expect(link.userType).toBe('agent');
    const rows = (await server.strapi.db.query(RESET_UID).findMany({ where: { userId: user.id } })) as { codeHash: string }[];
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(link.code);
  });

  it('mails the configured PUBLIC_URL whatever Host and X-Forwarded-Host the request names', async () => {
    const user = await createUser(server, { email: 'reset.forged@reset.test', password: PASSWORD, role: 'agent' });
    expect(await forgotWithForgedHost(user.email, '198.51.100.1')).toBe(204);
    const link = lastLink(user.email);
    expect(link.url.startsWith(`${PUBLIC_URL}/reset-password?code=`)).toBe(true);
    expect(smtp.received.at(-1)?.text).not.toContain('attacker.example');
  });

  it('sets the new password, ends every session, signs nobody in, and answers the account type', async () => {
    const user = await createUser(server, { email: 'reset.sessions@reset.test', password: PASSWORD, role: 'agent' });
    const oldSession = await signIn(client, user.email, PASSWORD);
    expect((await forgot({ email: user.email, userType: 'agent' })).status).toBe(204);
    const { code } = lastLink(user.email);

    const mismatch = await reset({ code, password: NEW_PASSWORD, passwordConfirmation: 'Something-Else-1!' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.message).toBe('Passwords do not match');
    const weak = await reset({ code, password: 'weakpass', passwordConfirmation: 'weakpass' });
    expect(weak.status).toBe(400);
    expect(weak.body.error.details?.errors?.map((error) => error.message)).toEqual([
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
    ]);

    // Neither mistake used up the link.
    const done = await reset({ code, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ userType: 'agent' });
    expect(sessionTokenOf(done.headers)).toBeNull();
    expect(done.text).not.toMatch(/jwt|token/i);
    expect((await client.get(api(AUTH_PATHS.me), { token: oldSession })).status).toBe(401);
    expect(await sessionCount(server, user.id)).toBe(0);
    expect((await client.post(api(AUTH_PATHS.login), { email: user.email, password: PASSWORD, userType: 'agent' })).status).toBe(400);
    await signIn(client, user.email, NEW_PASSWORD);

    const again = await reset({ code, password: 'Third-Password-2026!', passwordConfirmation: 'Third-Password-2026!' });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('This password reset link is invalid or has expired.');
  });

  it('cancels a pending link when the password is changed in account settings', async () => {
    const user = await createUser(server, { email: 'reset.changed@reset.test', password: PASSWORD, role: 'agent' });
    expect((await forgot({ email: user.email, userType: 'agent' }, '198.51.100.2')).status).toBe(204);
    const { code } = lastLink(user.email);
    const browser = createClient(server.baseUrl, { browser: true });
    await signIn(browser, user.email, PASSWORD);
    const changed = await browser.post(api(AUTH_PATHS.changePassword), { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(changed.status).toBe(204);

    const stale = await reset({ code, password: 'Stale-Link-2026!', passwordConfirmation: 'Stale-Link-2026!' });
    expect(stale.status).toBe(400);
    expect(stale.body.error.message).toBe('This password reset link is invalid or has expired.');
    await signIn(client, user.email, NEW_PASSWORD);
    expect(await server.strapi.db.query(RESET_UID).count({ where: { userId: user.id } })).toBe(0);
  });

  it('cancels a pending link when content staff set the password in the CMS panel', async () => {
    const user = await createUser(server, { email: 'reset.panel@reset.test', password: PASSWORD, role: 'agent' });
    expect((await forgot({ email: user.email, userType: 'agent' }, '198.51.100.3')).status).toBe(204);
    const { code } = lastLink(user.email);
    await server.strapi.plugin('users-permissions').service('user').edit(user.id, { password: NEW_PASSWORD });

    const stale = await reset({ code, password: 'Stale-Link-2026!', passwordConfirmation: 'Stale-Link-2026!' });
    expect(stale.status).toBe(400);
    expect(stale.body.error.message).toBe('This password reset link is invalid or has expired.');
    await signIn(client, user.email, NEW_PASSWORD);
  });

  it('cancels an earlier link when the password is reset with another one', async () => {
    const user = await createUser(server, { email: 'reset.twice@reset.test', password: PASSWORD, role: 'agent' });
    expect((await forgot({ email: user.email, userType: 'agent' }, '198.51.100.4')).status).toBe(204);
    const first = lastLink(user.email);
    expect((await forgot({ email: user.email, userType: 'agent' }, '198.51.100.4')).status).toBe(204);
    const second = lastLink(user.email);
    expect(second.code).not.toBe(first.code);
    expect((await reset({ code: second.code, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD })).status).toBe(200);

    const stale = await reset({ code: first.code, password: 'Stale-Link-2026!', passwordConfirmation: 'Stale-Link-2026!' });
    expect(stale.status).toBe(400);
    expect(stale.body.error.message).toBe('This password reset link is invalid or has expired.');
    await signIn(client, user.email, NEW_PASSWORD);
  });

  it('refuses an expired link', async () => {
    const user = await createUser(server, { email: 'reset.expired@reset.test', password: PASSWORD, role: 'agent' });
    expect((await forgot({ email: user.email, userType: 'agent' })).status).toBe(204);
    const { code } = lastLink(user.email);
    await server.strapi.db.query(RESET_UID).updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const response = await reset({ code, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe('This password reset link is invalid or has expired.');
    await signIn(client, user.email, PASSWORD);
  });

  it.each<[string, unknown]>([
    ['an empty object', {}],
    ['an array', []],
    ['an operator object', { $ne: '' }],
    ['null', null],
    ['true', true],
    ['a number', 123456],
  ])('refuses %s as the code with 400 and changes nothing', async (_label, code) => {
    const response = await reset({ code, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD });
    expect(response.status).toBe(400);
    expect(response.text).not.toMatch(/userType/);
  });

  it.each(['', 'x', 'A'.repeat(43)])('refuses the code %j as an invalid link', async (code) => {
    const response = await reset({ code, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe('This password reset link is invalid or has expired.');
  });

  it('refuses unknown fields, and answers the spec messages for missing, invalid and unknown addresses', async () => {
    expect((await forgot({ email: DEMO.admin.email, userType: 'admin', redirect: 'https://evil.example' })).status).toBe(400);
    const empty = await forgot({ email: '  ', userType: 'agent' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('Please enter your email address');
    const invalid = await forgot({ email: 'not-an-address', userType: 'agent' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.message).toBe('Invalid email address');
    const unknown = await forgot({ email: 'nobody@reset.test', userType: 'agent' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('No account found with this email address');
  });

  it('sends admins back to the screen they asked from, and agents always to the agent login', async () => {
    expect((await forgot({ email: DEMO.admin.email, userType: 'admin' })).status).toBe(204);
    expect(lastLink(DEMO.admin.email).userType).toBe('admin');
    expect((await forgot({ email: DEMO.super.email, userType: 'admin' })).status).toBe(204);
    const { code, userType } = lastLink(DEMO.super.email);
    expect(userType).toBe('agent');
    const done = await reset({ code, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD });
    expect(done.body).toEqual({ userType: 'agent' });
  });

  it('does not let a reset skip the second factor', async () => {
    const user = await createUser(server, {
      email: 'reset.two-factor@reset.test',
      password: PASSWORD,
      role: 'agent',
      phoneNumber: '+97150000555',
      twoFactorEnabled: true,
      twoFactorMethod: 'sms',
    });
    expect((await forgot({ email: user.email, userType: 'agent' })).status).toBe(204);
    const { code } = lastLink(user.email);
    expect((await reset({ code, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD })).status).toBe(200);
    const next = await client.post<LoginResult>(api(AUTH_PATHS.login), { email: user.email, password: NEW_PASSWORD, userType: 'agent' });
    expect(next.body.status).toBe('two-factor-required');
    expect(sessionTokenOf(next.headers)).toBeNull();
  });

  it('limits reset e-mails to 3 an hour for one address', async () => {
    const user = await createUser(server, { email: 'reset.limit@reset.test', password: PASSWORD, role: 'agent' });
    for (let request = 0; request < 3; request += 1) expect((await forgot({ email: user.email, userType: 'agent' })).status).toBe(204);
    const limited = await forgot({ email: user.email.toUpperCase(), userType: 'agent' });
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe('Too many attempts. Please try again later.');
    expect(smtp.received.filter((mail) => mail.to.includes(user.email))).toHaveLength(3);
  });

  it('limits reset requests from one client address, found or not', async () => {
    const address = '203.0.113.10';
    for (let request = 0; request < 10; request += 1) {
      expect((await forgot({ email: `nobody${request}@reset.test`, userType: 'agent' }, address)).status).toBe(404);
    }
    const limited = await forgot({ email: DEMO.doha.email, userType: 'agent' }, address);
    expect(limited.status).toBe(429);
  });
});

describe('password reset through the dev outbox, without PUBLIC_URL', () => {
  // The URL `npm start` prints for HOST=0.0.0.0 and PORT=1399 (the test server itself listens on a free port).
  const PRINTED_URL = 'http://localhost:1399';

  beforeAll(async () => {
    server = await startTestStrapi({ seed: true, env: { SMTP_HOST: '', PUBLIC_URL: '', HOST: '0.0.0.0', PORT: '1399', TRUST_PROXY: 'true' } });
    client = createClient(server.baseUrl);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('appends the e-mail to email.jsonl with a link to the printed start URL, never to a forged Host', async () => {
    expect(await forgotWithForgedHost(DEMO.doha.email, '198.51.100.1')).toBe(204);
    const mail = readOutbox<EmailEntry>(server.outboxDir, 'email').at(-1);
    expect(mail?.to).toBe(DEMO.doha.email);
    expect(`${mail?.text}${mail?.html}`).not.toContain('attacker.example');
    const match = LINK.exec(mail?.text ?? '');
    expect(match?.[1].startsWith(`${PRINTED_URL}/reset-password?code=`)).toBe(true);
    const done = await reset({ code: match?.[2], password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD });
    expect(done.status).toBe(200);
    await signIn(client, DEMO.doha.email, NEW_PASSWORD);
  });

  it('answers 502 with the spec message when the e-mail cannot be sent', async () => {
    const provider = server.strapi.plugin('email').provider as { send: (message: unknown) => Promise<void> };
    const original = provider.send;
    provider.send = async () => {
      throw new Error('relay down');
    };
    try {
      const response = await forgot({ email: DEMO.dubai.email, userType: 'agent' });
      expect(response.status).toBe(502);
      expect(response.body.error.message).toBe('Failed to send password reset email. Please try again later.');
      const dubai = (await server.strapi.db.query('plugin::users-permissions.user').findOne({ where: { email: DEMO.dubai.email } })) as { id: number };
      // The link that never went out is not left behind to be used.
      expect(await server.strapi.db.query(RESET_UID).count({ where: { userId: dubai.id } })).toBe(0);
    } finally {
      provider.send = original;
    }
  });
});
