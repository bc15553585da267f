import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, type LoginResult, type VerifyCodeResult } from '@repo/types';
import { createSmsProvider } from '../src/providers/sms';
import { readOutbox } from './helpers/outbox';
import { api, createClient, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';
import { createUser } from './helpers/users';

// The one mock of the suite: a local HTTP server standing in for Twilio's Messages API.
interface GatewayRequest {
  method: string;
  url: string;
  authorization: string;
  contentType: string;
  form: URLSearchParams;
}

const SID = 'AC0123456789abcdef0123456789abcdef';
const AUTH_TOKEN = 'gateway-secret-token';
const FROM = '+15005550006';
const PASSWORD = 'Gateway-User-2026!';

let gateway: http.Server;
let gatewayUrl: string;
const requests: GatewayRequest[] = [];
let failNext = false;

let server: TestServer;
let client: TestClient;

beforeAll(async () => {
  gateway = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization ?? '',
        contentType: request.headers['content-type'] ?? '',
        form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      });
      const status = failNext ? 500 : 201;
      failNext = false;
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(status === 201 ? { sid: 'SM123', status: 'queued' } : { code: 20500, message: 'Internal Server Error' }));
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  server = await startTestStrapi({
    seed: false,
    env: { SMS_PROVIDER: 'twilio', SMS_API_BASE_URL: gatewayUrl, SMS_ACCOUNT_SID: SID, SMS_AUTH_TOKEN: AUTH_TOKEN, SMS_FROM: FROM },
  });
  client = createClient(server.baseUrl);
});

afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
});

describe('SMS through a Twilio-shaped gateway', () => {
  it('posts the form fields with basic auth to the Messages endpoint, and the code signs in', async () => {
    const user = await createUser(server, {
      email: 'gateway@sms.test',
      password: PASSWORD,
      role: 'agent',
      phoneNumber: '+97450001234',
      twoFactorEnabled: true,
      twoFactorMethod: 'sms',
    });
    const login = await client.post<LoginResult>(api(AUTH_PATHS.login), { email: user.email, password: PASSWORD, userType: 'agent' });
    const challengeId = login.body.status === 'two-factor-required' ? login.body.challengeId : '';
    const sent = await client.post(api(AUTH_PATHS.sendLoginCode), { challengeId });
    expect(sent.status).toBe(200);

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request.method).toBe('POST');
    expect(request.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request.authorization).toBe(`Basic ${Buffer.from(`${SID}:${AUTH_TOKEN}`).toString('base64')}`);
    expect(request.contentType).toContain('application/x-www-form-urlencoded');
    expect(request.form.get('To')).toBe('+97450001234');
    expect(request.form.get('From')).toBe(FROM);
    const code = /\b(\d{6})\b/.exec(request.form.get('Body') ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    // The gateway replaces the outbox entirely.
    expect(readOutbox(server.outboxDir, 'sms')).toEqual([]);

    const verified = await client.post<VerifyCodeResult>(api(AUTH_PATHS.verifyLoginCode), { challengeId, code });
    expect(verified.status).toBe(200);
    expect(verified.body.profile.email).toBe(user.email);
  });

  it('answers a gateway failure with 502 and the spec message, and lets the user retry at once', async () => {
    const user = await createUser(server, {
      email: 'gateway.down@sms.test',
      password: PASSWORD,
      role: 'agent',
      phoneNumber: '+97450004321',
      twoFactorEnabled: true,
      twoFactorMethod: 'sms',
    });
    const login = await client.post<LoginResult>(api(AUTH_PATHS.login), { email: user.email, password: PASSWORD, userType: 'agent' });
    const challengeId = login.body.status === 'two-factor-required' ? login.body.challengeId : '';
    failNext = true;
    const failed = await client.post<{ error: { message: string } }>(api(AUTH_PATHS.sendLoginCode), { challengeId });
    expect(failed.status).toBe(502);
    expect(failed.body.error.message).toBe('Failed to send verification code. Please try again.');
    expect(failed.text).not.toContain('20500');
    const retry = await client.post(api(AUTH_PATHS.sendLoginCode), { challengeId });
    expect(retry.status).toBe(200);
  });
});

describe('SMS provider configuration', () => {
  const settings = { provider: 'twilio', apiBaseUrl: 'https://api.twilio.com', accountSid: SID, authToken: AUTH_TOKEN, from: FROM };

  it('fails loudly on a gateway without credentials or sender', () => {
    expect(() => createSmsProvider({ ...settings, accountSid: '', from: '' })).toThrow(/SMS_ACCOUNT_SID, SMS_FROM/);
    expect(() => createSmsProvider({ ...settings, authToken: '' })).toThrow(/SMS_AUTH_TOKEN/);
  });

  it('fails loudly on an unknown provider', () => {
    expect(() => createSmsProvider({ ...settings, provider: 'carrier-pigeon' })).toThrow(/Unknown SMS_PROVIDER 'carrier-pigeon'/);
  });
});
