import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, createUserSchema, updateUserSchema, type LoginResult, type ManagedUser } from '@repo/types';
import { api, createClient, DEMO, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';
import { createUser, sessionCount, USER_UID, userByEmail, userById } from './helpers/users';

type ErrorBody = { error: { status: number; name: string; message: string; details?: { errors?: { path: string[]; message: string }[] } } };

let server: TestServer;
let client: TestClient;
let admin: TestClient;
let adminId: number;

const NEW_PASSWORD = 'New-User-2026!';
const newAgent = (fields: Record<string, unknown> = {}) => ({
  email: 'new.agent@users.test',
  password: NEW_PASSWORD,
  confirmPassword: NEW_PASSWORD,
  firstName: 'Nadia',
  lastName: 'Karim',
  role: 'agent',
  agentType: 'doha',
  ...fields,
});

/** Every user row, private fields included, to prove a refused request changed nothing. */
/** The revision an edit form would have read (a user row from before revisions reads as 0). */
const revisionOf = async (id: number) => (await userById(server, id))?.revision ?? 0;
const snapshot = async () => JSON.stringify(await server.strapi.db.query(USER_UID).findMany({ orderBy: { id: 'asc' }, populate: ['role'] }));

beforeAll(async () => {
  server = await startTestStrapi({ seed: true });
  client = createClient(server.baseUrl);
  admin = createClient(server.baseUrl, { browser: true });
  await signIn(admin, DEMO.admin.email, DEMO.admin.password, 'admin');
  adminId = (await userByEmail(server, DEMO.admin.email))?.id ?? 0;
});

afterAll(async () => {
  await server?.stop();
});

describe('who may manage users', () => {
  it('refuses an agent on every users route and changes nothing', async () => {
    const agent = createClient(server.baseUrl, { browser: true });
    await signIn(agent, DEMO.dubai.email, DEMO.dubai.password);
    const self = await userByEmail(server, DEMO.dubai.email);
    const other = await userByEmail(server, DEMO.doha.email);
    const before = await snapshot();
    const attempts = [
      agent.get(api(AUTH_PATHS.users)),
      agent.post(api(AUTH_PATHS.users), newAgent({ email: 'by.agent@users.test' })),
      agent.put(api(AUTH_PATHS.user(self?.id ?? 0)), { agentType: 'super' }),
      agent.put(api(AUTH_PATHS.user(other?.id ?? 0)), { firstName: 'Changed' }),
      agent.put(api(AUTH_PATHS.user(adminId)), { firstName: 'Changed' }),
      agent.del(api(AUTH_PATHS.user(other?.id ?? 0))),
      agent.del(api(AUTH_PATHS.user(adminId))),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(403);
    expect(await snapshot()).toBe(before);
  });

  it('refuses anonymous callers as not signed in', async () => {
    expect((await client.get(api(AUTH_PATHS.users))).status).toBe(401);
    expect((await client.post(api(AUTH_PATHS.users), newAgent())).status).toBe(401);
    expect((await client.del(api(AUTH_PATHS.user(adminId)))).status).toBe(401);
  });
});

describe('listing users', () => {
  it('lists every user with the profile fields and nothing private', async () => {
    const response = await admin.get<ManagedUser[]>(api(AUTH_PATHS.users));
    expect(response.status).toBe(200);
    const emails = response.body.map((user) => user.email);
    expect(emails).toEqual(expect.arrayContaining([DEMO.admin.email, DEMO.dubai.email, DEMO.doha.email, DEMO.super.email]));
    const adminRow = response.body.find((user) => user.email === DEMO.admin.email);
    expect(adminRow).toMatchObject({ role: 'admin', agentType: null, blocked: false, displayName: 'Amira Haddad', signInThrottled: false });
    expect(response.body.find((user) => user.email === DEMO.doha.email)).toMatchObject({ role: 'agent', agentType: 'doha' });
    expect(response.text).not.toMatch(/password|resetPasswordToken|confirmationToken|sessionVersion|pendingPhoneNumber|\$2[aby]\$/);
  });
});

describe('creating users', () => {
  it('creates an agent: agent type, display name, default project access, and a phone to verify at first sign-in', async () => {
    const response = await admin.post<ManagedUser>(api(AUTH_PATHS.users), newAgent({ email: 'New.Agent@Users.test', phoneNumber: '0097450009876' }));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      email: 'new.agent@users.test',
      role: 'agent',
      agentType: 'doha',
      displayName: 'Nadia Karim',
      phoneNumber: '+97450009876',
      phoneVerificationPending: true,
      twoFactorEnabled: false,
    });
    const stored = await userByEmail(server, 'new.agent@users.test');
    expect(stored).toMatchObject({ username: 'new.agent@users.test', provider: 'local', confirmed: true, blocked: false });
    expect(stored?.password).not.toBe(NEW_PASSWORD);
    // None assigned: the doha agent type's defaults apply (spec §4), and keep following new projects.
    expect(response.body.visibleProjects).toBeNull();
    expect(stored?.visibleProjects).toBeNull();
    // The phone is verified by SMS before the first session.
    const login = await client.post<LoginResult>(api(AUTH_PATHS.login), { email: 'new.agent@users.test', password: NEW_PASSWORD, userType: 'agent' });
    expect(login.body.status).toBe('two-factor-required');
  });

  it('creates an admin without an agent type or project access, even when the form sends them', async () => {
    const response = await admin.post<ManagedUser>(
      api(AUTH_PATHS.users),
      newAgent({ email: 'second.admin@users.test', role: 'admin', agentType: 'super', visibleProjects: [1], lastName: null }),
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ role: 'admin', agentType: null, visibleProjects: null, displayName: 'Nadia' });
    const stored = await userByEmail(server, 'second.admin@users.test');
    expect(stored?.agentType).toBeNull();
    await signIn(client, 'second.admin@users.test', NEW_PASSWORD, 'admin');
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['missing required fields', { email: '', firstName: ' ' }, 'All required fields must be filled', 'email'],
    ['an invalid e-mail', { email: 'not-an-address' }, 'Please enter a valid email address', 'email'],
    ['a short password', { password: 'Ab1!', confirmPassword: 'Ab1!' }, 'Password must be at least 8 characters long', 'password'],
    ['a password without a digit', { password: 'Abcdefg!', confirmPassword: 'Abcdefg!' }, 'Password must contain at least one number', 'password'],
    ['a mismatched confirmation', { confirmPassword: 'Other-Pass-2026!' }, 'Passwords do not match', 'confirmPassword'],
    ['a duplicate e-mail in other case', { email: 'DUBAI.agent@demo.test' }, 'Email is already taken', 'email'],
    ['an invalid phone', { email: 'phone@users.test', phoneNumber: '12' }, 'Please enter a valid phone number', 'phoneNumber'],
    ['an unknown project', { email: 'projects@users.test', visibleProjects: [999_999] }, 'Unknown project id(s): 999999', 'visibleProjects'],
  ])('refuses %s with the message on its field', async (label, fields, message, field) => {
    const before = await server.strapi.db.query(USER_UID).count({});
    const body = newAgent({ email: 'refused@users.test', ...fields });
    const response = await admin.post<ErrorBody>(api(AUTH_PATHS.users), body);
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(message);
    expect(response.body.error.details?.errors).toContainEqual({ path: [field], message });
    // The contract: the Create New User form validates with the same schema and says the same,
    // except for what only the database knows (a taken e-mail, a project that does not exist).
    const form = createUserSchema.safeParse(body);
    if (label.startsWith('a duplicate') || label.startsWith('an unknown project')) expect(form.success).toBe(true);
    else expect(form.error?.issues[0]).toMatchObject({ path: [field], message });
    expect(await server.strapi.db.query(USER_UID).count({})).toBe(before);
  });

  it.each<[string, Record<string, unknown>]>([
    ['an unknown role', { role: 'super' }],
    ['an unknown agent type', { agentType: 'paris' }],
    ['a stock field', { confirmed: false }],
    ['a blocked flag', { blocked: true }],
    ['two-factor flags', { twoFactorEnabled: true }],
    ['an operator object', { email: { $ne: '' } }],
    ['project ids as text', { visibleProjects: ['1'] }],
    // Beyond the ids' 32-bit column on PostgreSQL, whose statements fail on such a number.
    ['a project id no record can have', { visibleProjects: [2 ** 31] }],
  ])('refuses %s with 400', async (_label, fields) => {
    const response = await admin.post(api(AUTH_PATHS.users), newAgent({ email: 'typed@users.test', ...fields }));
    expect(response.status).toBe(400);
    expect(await userByEmail(server, 'typed@users.test')).toBeNull();
  });
});

describe('editing users', () => {
  it('edits an agent: names, agent type, project access and a phone that must be verified', async () => {
    const agent = await userByEmail(server, DEMO.super.email);
    const [project] = (await server.strapi.db.query('api::project.project').findMany({ limit: 1 })) as { id: number }[];
    const response = await admin.put<ManagedUser>(api(AUTH_PATHS.user(agent?.id ?? 0)), {
      revision: await revisionOf(agent?.id ?? 0),
      firstName: ' Karima ',
      lastName: 'Farouk',
      agentType: 'doha',
      visibleProjects: [project.id],
      phoneNumber: '+971 50 000 0444',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      firstName: 'Karima',
      displayName: 'Karima Farouk',
      agentType: 'doha',
      visibleProjects: [project.id],
      phoneNumber: '+971500000444',
      phoneVerificationPending: true,
      email: DEMO.super.email,
    });
  });

  it('requires a first name and refuses unknown projects and the e-mail field', async () => {
    const agent = await userByEmail(server, DEMO.doha.email);
    const before = await snapshot();
    const noName = await admin.put<ErrorBody>(api(AUTH_PATHS.user(agent?.id ?? 0)), { revision: await revisionOf(agent?.id ?? 0), firstName: '  ' });
    expect(noName.status).toBe(400);
    expect(noName.body.error.message).toBe('First name is required');
    // The Edit Agent form's schema says the same for the same input.
    expect(updateUserSchema.safeParse({ revision: 1, firstName: '  ' }).error?.issues[0]).toMatchObject({
      path: ['firstName'],
      message: 'First name is required',
    });
    const unknownProject = await admin.put<ErrorBody>(api(AUTH_PATHS.user(agent?.id ?? 0)), {
      revision: await revisionOf(agent?.id ?? 0),
      visibleProjects: [123_456],
    });
    expect(unknownProject.status).toBe(400);
    const email = await admin.put(api(AUTH_PATHS.user(agent?.id ?? 0)), { revision: await revisionOf(agent?.id ?? 0), email: 'changed@users.test' });
    expect(email.status).toBe(400);
    const role = await admin.put(api(AUTH_PATHS.user(agent?.id ?? 0)), { revision: await revisionOf(agent?.id ?? 0), role: 'admin' });
    expect(role.status).toBe(400);
    expect(await snapshot()).toBe(before);
  });

  it('lets an admin edit their own names and phone, nothing else', async () => {
    const own = await admin.put<ManagedUser>(api(AUTH_PATHS.user(adminId)), {
      revision: await revisionOf(adminId),
      firstName: 'Amira',
      lastName: 'Haddad-Saleh',
      phoneNumber: '+97150000111',
    });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ displayName: 'Amira Haddad-Saleh', phoneNumber: '+97150000111', phoneVerificationPending: false, role: 'admin' });
    const before = await snapshot();
    expect((await admin.put(api(AUTH_PATHS.user(adminId)), { revision: await revisionOf(adminId), agentType: 'super' })).status).toBe(400);
    expect((await admin.put(api(AUTH_PATHS.user(adminId)), { revision: await revisionOf(adminId), visibleProjects: [] })).status).toBe(400);
    expect(await snapshot()).toBe(before);
  });

  it('refuses to edit another admin', async () => {
    const other = await userByEmail(server, 'second.admin@users.test');
    const before = await snapshot();
    const response = await admin.put<ErrorBody>(api(AUTH_PATHS.user(other?.id ?? 0)), { revision: await revisionOf(other?.id ?? 0), firstName: 'Renamed' });
    expect(response.status).toBe(403);
    expect(response.body.error.message).toBe('Administrators can only edit their own profile');
    expect(await snapshot()).toBe(before);
  });

  it('answers 404 for an unknown user and for an id no user can have, as every route does', async () => {
    expect((await admin.put(api(AUTH_PATHS.user(999_999)), { revision: await revisionOf(999_999), firstName: 'Ghost' })).status).toBe(404);
    const malformed = await admin.put<ErrorBody>(api('/portal-users/abc'), { revision: 1, firstName: 'Ghost' });
    expect(malformed.status).toBe(404);
    expect(malformed.body.error.message).toBe('User abc not found');
    expect((await admin.put(api(`/portal-users/${2 ** 31}`), { revision: 1, firstName: 'Ghost' })).status).toBe(404);
  });
});

describe('deleting users', () => {
  it('refuses to delete oneself, with the spec message, and another admin', async () => {
    const self = await admin.del<ErrorBody>(api(AUTH_PATHS.user(adminId)));
    expect(self.status).toBe(403);
    expect(self.body.error.message).toBe('You cannot delete your own account.');
    const other = await userByEmail(server, 'second.admin@users.test');
    const otherAdmin = await admin.del(api(AUTH_PATHS.user(other?.id ?? 0)));
    expect(otherAdmin.status).toBe(403);
    expect(await userById(server, adminId)).not.toBeNull();
    expect(await userById(server, other?.id ?? 0)).not.toBeNull();
  });

  it('deletes an agent and ends their sessions at once', async () => {
    const agent = await createUser(server, { email: 'leaving@users.test', password: NEW_PASSWORD, role: 'agent' });
    const token = await signIn(client, agent.email, NEW_PASSWORD);
    expect((await client.get(api(AUTH_PATHS.me), { token })).status).toBe(200);
    const response = await admin.del(api(AUTH_PATHS.user(agent.id)));
    expect(response.status).toBe(204);
    expect(await userById(server, agent.id)).toBeNull();
    expect(await sessionCount(server, agent.id)).toBe(0);
    expect((await client.get(api(AUTH_PATHS.me), { token })).status).toBe(401);
    expect((await admin.del(api(AUTH_PATHS.user(agent.id)))).status).toBe(404);
  });
});
