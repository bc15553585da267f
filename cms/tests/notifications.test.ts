import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationRecipient, NotificationResult } from '@repo/types';
import { createClient, DEMO, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';
import { startMailbox, type Mailbox } from './helpers/smtp-mailbox';

interface ErrorBody {
  error: { status: number; message: string };
}

let server: TestServer;
let client: TestClient;
let mailbox: Mailbox;
let admin: string;
let agent: string;
const projects: Record<'dubai' | 'doha' | 'both' | 'none', number> = { dubai: 0, doha: 0, both: 0, none: 0 };
const units: Record<keyof typeof projects, number[]> = { dubai: [], doha: [], both: [], none: [] };

const EXTRA = {
  adminDoha: 'admin.doha@demo.test',
  regionDoha: 'region.doha@demo.test',
  blockedDoha: 'blocked.doha@demo.test',
};

const createUser = async (email: string, role: 'admin' | 'agent', fields: Record<string, unknown>) => {
  const found = (await server.strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: role } })) as { id: number };
  await server.strapi.db.query('plugin::users-permissions.user').create({
    data: { username: email, email, provider: 'local', confirmed: true, blocked: false, role: found.id, displayName: email.split('@')[0], ...fields },
  });
};

const send = (body: Record<string, unknown>, token = admin) =>
  client.post<{ data: NotificationResult } & ErrorBody>('/api/notifications/units', body, { token });
const recipients = async (projectId: number, mode: 'all' | 'select') => {
  const response = await client.get<{ data: NotificationRecipient[] }>(`/api/projects/${projectId}/notification-recipients?mode=${mode}`, { token: admin });
  expect(response.status).toBe(200);
  return response.body.data.map((user) => user.email).sort();
};
const sorted = (...emails: string[]) => [...emails].sort();

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestStrapi({ seed: true, env: mailbox.env });
  client = createClient(server.baseUrl);
  admin = await signIn(client, DEMO.admin.email, DEMO.admin.password);
  agent = await signIn(client, DEMO.dubai.email, DEMO.dubai.password);
  await createUser(EXTRA.adminDoha, 'admin', { agentType: 'doha' });
  await createUser(EXTRA.regionDoha, 'agent', { agentType: null, region: 'doha' });
  await createUser(EXTRA.blockedDoha, 'agent', { agentType: 'doha', blocked: true });
  const visibility = { dubai: ['dubai'], doha: ['doha'], both: ['dubai', 'doha'], none: [] };
  for (const [key, visibleTo] of Object.entries(visibility) as [keyof typeof projects, string[]][]) {
    const project = await client.post<{ data: { id: number } }>(
      '/api/projects',
      { name: `Notify ${key}`, location: 'Marina, Dubai', visibleTo },
      { token: admin },
    );
    projects[key] = project.body.data.id;
    const created = await client.post<{ data: { id: number }[] }>(
      `/api/projects/${project.body.data.id}/units`,
      { units: [{ unitNumber: `${key}-1`, price: 1250000, description: 'Sea <b>view</b> & light' }, { unitNumber: `${key}-2` }] },
      { token: admin },
    );
    units[key] = created.body.data.map((unit) => unit.id);
  }
});

afterAll(async () => {
  await server?.stop();
  await mailbox?.stop();
});

describe('notification recipients (spec §6)', () => {
  it('offers the agents of the project’s regions plus super agents, admins with an agent type, never blocked accounts', async () => {
    expect(await recipients(projects.dubai, 'select')).toEqual(sorted(DEMO.dubai.email, DEMO.super.email));
    expect(await recipients(projects.doha, 'select')).toEqual(sorted(DEMO.doha.email, DEMO.super.email, EXTRA.adminDoha, EXTRA.regionDoha));
    expect(await recipients(projects.both, 'select')).toEqual(sorted(DEMO.dubai.email, DEMO.doha.email, DEMO.super.email, EXTRA.adminDoha, EXTRA.regionDoha));
  });

  it('sends to all: super plus doha if visible to doha, else dubai if visible to dubai', async () => {
    expect(await recipients(projects.dubai, 'all')).toEqual(sorted(DEMO.dubai.email, DEMO.super.email));
    expect(await recipients(projects.doha, 'all')).toEqual(sorted(DEMO.doha.email, DEMO.super.email, EXTRA.adminDoha, EXTRA.regionDoha));
    expect(await recipients(projects.both, 'all')).toEqual(sorted(DEMO.doha.email, DEMO.super.email, EXTRA.adminDoha, EXTRA.regionDoha));
    expect(await recipients(projects.none, 'all')).toEqual([DEMO.super.email]);
  });

  it('refuses agents', async () => {
    expect((await client.get(`/api/projects/${projects.dubai}/notification-recipients`, { token: agent })).status).toBe(403);
  });
});

describe('sending a notification', () => {
  it('e-mails each selected agent once with the spec’s subject and every template field', async () => {
    const start = mailbox.received.length;
    const ids = await client.get<{ data: NotificationRecipient[] }>(`/api/projects/${projects.dubai}/notification-recipients`, { token: admin });
    const response = await send({ projectId: projects.dubai, unitIds: units.dubai, mode: 'select', recipientIds: ids.body.data.map((user) => user.id) });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ success: true, message: 'Notification sent for 2 units to 2 agents', sent: 2, failed: 0 });
    const mails = await mailbox.waitFor(2, start);
    expect(
      mails
        .map((mail) => mail.to)
        .flat()
        .sort(),
    ).toEqual(sorted(DEMO.dubai.email, DEMO.super.email));
    const mail = mails.find((entry) => entry.to.includes(DEMO.dubai.email));
    expect(mail?.subject).toBe('New Property Available: dubai-1 in Notify dubai');
    for (const field of [
      'Hello Omar Saeed,',
      'Notify dubai',
      'Marina, Dubai',
      'dubai-1',
      'AED 1,250,000',
      'Sea <b>view</b> & light',
      `Unit ID: ${units.dubai[0]}`,
      `Project ID: ${projects.dubai}`,
      'dubai-2',
      'Price on Request',
    ]) {
      expect(mail?.raw).toContain(field);
    }
    expect(mail?.raw).toContain('Sea &lt;b&gt;view&lt;/b&gt; &amp; light');
  });

  it('sends to all exactly the send-to-all recipients of a project visible to both regions', async () => {
    const start = mailbox.received.length;
    const response = await send({ projectId: projects.both, unitIds: [units.both[0]], mode: 'all' });
    expect(response.body.data).toMatchObject({ success: true, message: 'Notification sent for 1 unit to 4 agents', sent: 4 });
    const mails = await mailbox.waitFor(4, start);
    expect(
      mails
        .map((mail) => mail.to)
        .flat()
        .sort(),
    ).toEqual(sorted(DEMO.doha.email, DEMO.super.email, EXTRA.adminDoha, EXTRA.regionDoha));
  });

  it('refuses a recipient who is not eligible, and sends nothing', async () => {
    const start = mailbox.received.length;
    const doha = (await server.strapi.db.query('plugin::users-permissions.user').findOne({ where: { email: DEMO.doha.email } })) as { id: number };
    const response = await send({ projectId: projects.dubai, unitIds: units.dubai, mode: 'select', recipientIds: [doha.id] });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(`User ${doha.id} is not an eligible recipient for this project`);
    expect(mailbox.received.length).toBe(start);
  });

  it.each([
    [{ unitIds: [], mode: 'all' }, 400, 'Please select at least one unit'],
    [{ mode: 'select', recipientIds: [] }, 400, 'Please select at least one recipient'],
    [{ projectId: 999999, mode: 'all' }, 404, 'Project not found'],
    [{ unitIds: [999999], mode: 'all' }, 404, 'Unit not found'],
    // Ids beyond the 32-bit id column of PostgreSQL, whose statements fail on such a number.
    [{ unitIds: [2 ** 31], mode: 'all' }, 400, 'unitIds must hold positive whole numbers'],
    [{ projectId: 2 ** 31, mode: 'all' }, 404, 'Project not found'],
  ])('refuses %j with %i %s', async (overrides, status, message) => {
    const response = await send({ projectId: projects.dubai, unitIds: units.dubai, ...overrides });
    expect(response.status).toBe(status);
    expect(response.body.error.message).toBe(message);
  });

  it('refuses a unit of another project', async () => {
    const response = await send({ projectId: projects.dubai, unitIds: [units.doha[0]], mode: 'all' });
    expect(response.status).toBe(404);
    expect(response.body.error.message).toBe('Unit not found');
  });

  it("answers 'No eligible agents found for notification' when nobody may be told", async () => {
    const users = server.strapi.db.query('plugin::users-permissions.user');
    await users.updateMany({ where: { email: DEMO.super.email }, data: { blocked: true } });
    try {
      const response = await send({ projectId: projects.none, unitIds: units.none, mode: 'all' });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe('No eligible agents found for notification');
    } finally {
      await users.updateMany({ where: { email: DEMO.super.email }, data: { blocked: false } });
    }
  });

  it('refuses agents (403) and sends nothing', async () => {
    const start = mailbox.received.length;
    const response = await send({ projectId: projects.dubai, unitIds: units.dubai, mode: 'all' }, agent);
    expect(response.status).toBe(403);
    expect(mailbox.received.length).toBe(start);
  });

  it('reports success false with the reason when the mail server refuses, without failing the request', async () => {
    mailbox.state.failing = true;
    try {
      const response = await send({ projectId: projects.dubai, unitIds: units.dubai, mode: 'all' });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ success: false, sent: 0, failed: 2 });
      expect(response.body.data.message).toMatch(/^Failed to send notification: .*550/);
    } finally {
      mailbox.state.failing = false;
    }
  });
});

describe('creating a unit with notifyAgents', () => {
  it('e-mails the send-to-all recipients after the unit is saved', async () => {
    const start = mailbox.received.length;
    const response = await client.post(
      `/api/projects/${projects.doha}/units`,
      { units: [{ unitNumber: 'N-1', price: 2000 }], notifyAgents: true },
      { token: admin },
    );
    expect(response.status).toBe(201);
    const mails = await mailbox.waitFor(4, start);
    expect(mails.every((mail) => mail.subject === 'New Property Available: N-1 in Notify doha')).toBe(true);
    expect(
      mails
        .map((mail) => mail.to)
        .flat()
        .sort(),
    ).toEqual(sorted(DEMO.doha.email, DEMO.super.email, EXTRA.adminDoha, EXTRA.regionDoha));
    expect(mails[0].raw).toContain('QAR 2,000');
  });

  it('still creates the unit when the mail server refuses', async () => {
    mailbox.state.failing = true;
    const refused = mailbox.state.refused;
    try {
      const response = await client.post(`/api/projects/${projects.dubai}/units`, { units: [{ unitNumber: 'N-2' }], notifyAgents: true }, { token: admin });
      expect(response.status).toBe(201);
      expect(await server.strapi.db.query('api::unit.unit').count({ where: { projectId: projects.dubai, unitNumber: 'N-2' } })).toBe(1);
      // Both send-to-all recipients of a dubai project (the dubai and the super agent) were tried and refused.
      await mailbox.waitForRefused(refused + 2);
    } finally {
      mailbox.state.failing = false;
    }
  });

  it('sends nothing without notifyAgents and refuses a non-boolean flag', async () => {
    const start = mailbox.received.length;
    expect((await client.post(`/api/projects/${projects.dubai}/units`, { units: [{ unitNumber: 'N-3' }] }, { token: admin })).status).toBe(201);
    expect((await client.post(`/api/projects/${projects.dubai}/units`, { units: [{ unitNumber: 'N-4' }], notifyAgents: 'yes' }, { token: admin })).status).toBe(
      400,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailbox.received.length).toBe(start);
  });
});
