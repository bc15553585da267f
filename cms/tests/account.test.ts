import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, SESSION_COOKIE, type SessionProfile } from '@repo/types';
import { api, createClient, DEMO, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';
import { createUser, userByEmail, userById, type StoredUser } from './helpers/users';

type ErrorBody = { error: { status: number; name: string; message: string; details?: { errors?: { path: string[]; message: string }[] } } };

let server: TestServer;
let client: TestClient;
const PASSWORD = 'Account-User-2026!';

const browserFor = async (email: string, password = PASSWORD, userType: 'admin' | 'agent' = 'agent') => {
  const browser = createClient(server.baseUrl, { browser: true });
  await signIn(browser, email, password, userType);
  return browser;
};

/** The user's row as stored, private fields and timestamps included: any write shows. */
const stored = async (id: number) => JSON.stringify(await userById(server, id));

beforeAll(async () => {
  server = await startTestStrapi({ seed: true });
  client = createClient(server.baseUrl);
});

afterAll(async () => {
  await server?.stop();
});

describe('GET me', () => {
  it('needs a session', async () => {
    expect((await client.get(api(AUTH_PATHS.me))).status).toBe(401);
  });

  it.each<[string, Record<string, unknown>, 'admin' | 'agent', string]>([
    ['an agent with an agent type', { agentType: 'super', region: 'doha' }, 'agent', 'super'],
    ['an agent with only a region', { region: 'doha' }, 'agent', 'doha'],
    ['an agent with neither', {}, 'agent', 'dubai'],
    ['an admin', {}, 'admin', 'super'],
  ])('derives the agent type of %s (spec §4)', async (label, fields, role, agentType) => {
    const email = `${label.replace(/\W+/g, '.')}@account.test`;
    await createUser(server, { email, password: PASSWORD, role, ...fields });
    const browser = await browserFor(email, PASSWORD, role);
    const me = await browser.get<SessionProfile>(api(AUTH_PATHS.me));
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, role, agentType });
    expect(me.text).not.toMatch(/password|sessionVersion|pendingPhoneNumber/);
  });
});

describe('PUT me', () => {
  let user: StoredUser;
  let browser: TestClient;

  beforeAll(async () => {
    user = await createUser(server, {
      email: 'self.edit@account.test',
      password: PASSWORD,
      role: 'agent',
      agentType: 'dubai',
      firstName: 'Sami',
      lastName: 'Old',
    });
    browser = await browserFor(user.email);
  });

  it('changes names and phone, with the display name following', async () => {
    const response = await browser.put<SessionProfile>(api(AUTH_PATHS.me), { firstName: 'Sami', lastName: 'New', phoneNumber: '+971 50 000 0909' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ displayName: 'Sami New', lastName: 'New', phoneNumber: '+971500000909', phoneVerified: false });
    // A phone entered by the user is theirs to verify through the two-factor setup, not forced at sign-in.
    expect(response.body.phoneVerificationPending).toBe(false);
  });

  it.each<[string, Record<string, unknown>]>([
    ['the role', { role: 'admin' }],
    ['the agent type', { agentType: 'super' }],
    ['the project access', { visibleProjects: [1, 2, 3] }],
    ['the e-mail', { email: 'other@account.test' }],
    ['the region', { region: 'doha' }],
    ['two-factor flags', { twoFactorEnabled: false, phoneVerified: true }],
    ['the blocked flag', { blocked: false }],
    ['the password', { password: 'Another-Pass-2026!' }],
    ['names plus a forbidden field', { firstName: 'Sneaky', agentType: 'super' }],
  ])('refuses a change of %s with 400 and changes nothing', async (_label, body) => {
    const before = await stored(user.id);
    const response = await browser.put(api(AUTH_PATHS.me), body);
    expect(response.status).toBe(400);
    expect(await stored(user.id)).toBe(before);
  });

  it('requires a first name and a valid phone, with the spec messages', async () => {
    const noName = await browser.put<ErrorBody>(api(AUTH_PATHS.me), { firstName: '' });
    expect(noName.status).toBe(400);
    expect(noName.body.error.message).toBe('First name is required');
    const badPhone = await browser.put<ErrorBody>(api(AUTH_PATHS.me), { phoneNumber: '12' });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.error.message).toBe('Please enter a valid phone number');
  });

  it('does not let the two-factor phone be swapped without verifying the new one', async () => {
    const protectedUser = await createUser(server, {
      email: 'protected@account.test',
      password: PASSWORD,
      role: 'agent',
      phoneNumber: '+97150000606',
      twoFactorEnabled: false,
    });
    const other = await browserFor(protectedUser.email);
    await server.strapi.db
      .query('plugin::users-permissions.user')
      .update({ where: { id: protectedUser.id }, data: { twoFactorEnabled: true, twoFactorMethod: 'sms' } });
    const response = await other.put(api(AUTH_PATHS.me), { phoneNumber: '+97150000707' });
    expect(response.status).toBe(400);
    expect((await userById(server, protectedUser.id))?.phoneNumber).toBe('+97150000606');
  });
});

describe('change password', () => {
  let user: StoredUser;
  let browser: TestClient;
  const change = (body: unknown) => browser.post<ErrorBody>(api(AUTH_PATHS.changePassword), body);

  beforeAll(async () => {
    user = await createUser(server, { email: 'change@account.test', password: PASSWORD, role: 'agent' });
    browser = await browserFor(user.email);
  });

  it('re-verifies the current password first, then the confirmation, then the rules', async () => {
    const wrongCurrent = await change({ currentPassword: 'Wrong-Pass-2026!', newPassword: 'weak', confirmPassword: 'other' });
    expect(wrongCurrent.status).toBe(400);
    expect(wrongCurrent.body.error.message).toBe('Incorrect password. Please try again.');
    const mismatch = await change({ currentPassword: PASSWORD, newPassword: 'weak', confirmPassword: 'other' });
    expect(mismatch.body.error.message).toBe('New passwords do not match');
    const weak = await change({ currentPassword: PASSWORD, newPassword: 'weakpass', confirmPassword: 'weakpass' });
    expect(weak.status).toBe(400);
    expect(weak.body.error.message).toBe('Password does not meet all requirements');
    expect(weak.body.error.details?.errors).toContainEqual({ path: ['newPassword'], message: 'Password must contain at least one uppercase letter' });
    const tooLong = `Aa1!${'x'.repeat(69)}`;
    const long = await change({ currentPassword: PASSWORD, newPassword: tooLong, confirmPassword: tooLong });
    expect(long.status).toBe(400);
    expect(long.body.error.details?.errors?.map((error) => error.message)).toContain('Password must be at most 72 bytes long');
    expect((await client.post(api(AUTH_PATHS.login), { email: user.email, password: PASSWORD, userType: 'agent' })).status).toBe(200);
  });

  it('stops guessing the current password after 5 wrong answers', async () => {
    // One wrong answer was given above.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await change({ currentPassword: `Guess-${attempt}-Aa1!`, newPassword: 'New-Pass-2026!', confirmPassword: 'New-Pass-2026!' })).status).toBe(400);
    }
    const limited = await change({ currentPassword: PASSWORD, newPassword: 'New-Pass-2026!', confirmPassword: 'New-Pass-2026!' });
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe('Too many attempts. Please try again later.');
  });

  it('refuses malformed bodies', async () => {
    const other = await browserFor(DEMO.doha.email, DEMO.doha.password);
    for (const body of [
      {},
      { currentPassword: { $ne: '' }, newPassword: 'New-Pass-2026!', confirmPassword: 'New-Pass-2026!' },
      { currentPassword: DEMO.doha.password, newPassword: 'New-Pass-2026!', confirmPassword: 'New-Pass-2026!', userId: 1 },
    ]) {
      expect((await other.post(api(AUTH_PATHS.changePassword), body)).status).toBe(400);
    }
    await signIn(client, DEMO.doha.email, DEMO.doha.password);
  });
});

describe('delete account', () => {
  it('re-verifies the password, then deletes the account and clears the cookie', async () => {
    const user = await createUser(server, { email: 'leaving@account.test', password: PASSWORD, role: 'agent' });
    const browser = await browserFor(user.email);
    const wrong = await browser.post<ErrorBody>(api(AUTH_PATHS.deleteAccount), { password: 'Wrong-Pass-2026!' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('Incorrect password. Please try again.');
    expect(await userById(server, user.id)).not.toBeNull();
    expect((await browser.post(api(AUTH_PATHS.deleteAccount), {})).status).toBe(400);

    const done = await browser.post(api(AUTH_PATHS.deleteAccount), { password: PASSWORD });
    expect(done.status).toBe(204);
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await userByEmail(server, user.email)).toBeNull();
    expect((await client.post(api(AUTH_PATHS.login), { email: user.email, password: PASSWORD, userType: 'agent' })).status).toBe(400);
  });

  it('lets an admin delete their own account here (only user management refuses it)', async () => {
    await createUser(server, { email: 'admin.leaving@account.test', password: PASSWORD, role: 'admin' });
    const browser = await browserFor('admin.leaving@account.test', PASSWORD, 'admin');
    expect((await browser.post(api(AUTH_PATHS.deleteAccount), { password: PASSWORD })).status).toBe(204);
    expect(await userByEmail(server, 'admin.leaving@account.test')).toBeNull();
  });
});
