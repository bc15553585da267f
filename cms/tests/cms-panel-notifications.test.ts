import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, DEMO, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';
import { startMailbox, type Mailbox } from './helpers/smtp-mailbox';

// Issue #24, item 3: staff opt in, on the unit's edit view, to e-mail agents when a save creates a
// unit or makes it available. The box is not stored; nothing is sent without it; a failed send
// never fails the save. Through the panel's own admin API, with a real SMTP server on loopback.

const UNIT = 'api::unit.unit';
const cm = (documentId?: string) => `/content-manager/collection-types/${UNIT}${documentId ? `/${documentId}` : ''}`;

let server: TestServer;
let client: TestClient;
let mailbox: Mailbox;
let staff: string;
let admin: string;
let projectId: number;
let expectedRecipients: string[];

interface PanelUnit {
  id: number;
  documentId: string;
  unitNumber: string;
  [field: string]: unknown;
}

const asStaff = {
  post: (path: string, body: unknown) => client.post<{ data: PanelUnit }>(path, body, { token: staff }),
  put: (path: string, body: unknown) => client.put<{ data: PanelUnit }>(path, body, { token: staff }),
};

/** Lets the after-commit sends run, then returns the addresses that received mail naming the unit. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 600));
const recipientsOf = (unitNumber: string, from: number) =>
  mailbox.received
    .slice(from)
    .filter((mail) => mail.raw.includes(unitNumber))
    .flatMap((mail) => mail.to)
    .sort();

const storedNotify = async (id: number) =>
  ((await server.strapi.db.query(UNIT).findOne({ where: { id }, select: ['id', 'notifyAgents'] })) as { notifyAgents: boolean | null }).notifyAgents;

let counter = 0;
const number = (prefix: string) => `${prefix}-${(counter += 1)}-${Date.now() % 100000}`;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestStrapi({ seed: true, env: mailbox.env });
  client = createClient(server.baseUrl);
  const login = await client.post<{ data: { token: string } }>('/admin/login', { email: DEMO.cms.email, password: DEMO.cms.password });
  staff = login.body.data.token;
  admin = await signIn(client, DEMO.admin.email, DEMO.admin.password);
  const project = (await server.strapi.db.query('api::project.project').findOne({ where: { name: { $notNull: true } }, orderBy: { id: 'asc' } })) as {
    id: number;
  };
  projectId = project.id;
  // The same recipient rules as the portal's 'Send Email Notification' to all.
  const portal = await client.get<{ data: { email: string }[] }>(`/api/projects/${projectId}/notification-recipients?mode=all`, { token: admin });
  expectedRecipients = portal.body.data.map((user) => user.email).sort();
  expect(expectedRecipients.length).toBeGreaterThan(0);
});

afterAll(async () => {
  await server?.stop();
  await mailbox?.stop();
});

describe("the e-mail agents box of the panel's unit edit view", () => {
  it('is on the edit view, described as not stored', async () => {
    const response = await client.get<{
      data: { contentType: { layouts: { edit: { name: string }[][] }; metadatas: Record<string, { edit: { description: string } }> } };
    }>(`/content-manager/content-types/${UNIT}/configuration`, { token: staff });
    const { layouts, metadatas } = response.body.data.contentType;
    expect(layouts.edit.flat().map((field) => field.name)).toContain('notifyAgents');
    expect(metadatas.notifyAgents.edit.description).toMatch(/^Not stored/);
  });

  it('ticked on a new unit, e-mails the agents who see the project, and is not stored', async () => {
    const from = mailbox.received.length;
    const unitNumber = number('NEW');
    const created = await asStaff.post(cm(), { projectId, unitNumber, unitStatus: 'available', notifyAgents: true });
    expect(created.status).toBe(201);
    await mailbox.waitFor(expectedRecipients.length, from);
    await settle();
    expect(recipientsOf(unitNumber, from)).toEqual(expectedRecipients);
    expect(await storedNotify(created.body.data.id)).not.toBe(true);
    expect(created.body.data.notifyAgents).not.toBe(true);
  });

  it('ticked on a save that makes a unit available, e-mails them; a save that does not, sends nothing', async () => {
    const unitNumber = number('AVL');
    const created = await asStaff.post(cm(), { projectId, unitNumber, unitStatus: 'reserved' });
    const from = mailbox.received.length;
    expect((await asStaff.put(cm(created.body.data.documentId), { price: 990000, notifyAgents: true })).status).toBe(200);
    expect((await asStaff.put(cm(created.body.data.documentId), { unitStatus: 'available', notifyAgents: true })).status).toBe(200);
    await mailbox.waitFor(expectedRecipients.length, from);
    await settle();
    expect(recipientsOf(unitNumber, from)).toEqual(expectedRecipients);
    expect(await storedNotify(created.body.data.id)).not.toBe(true);
  });

  it('left alone, sends nothing: neither on create nor on a save that makes a unit available', async () => {
    const from = mailbox.received.length;
    const unitNumber = number('QUIET');
    const created = await asStaff.post(cm(), { projectId, unitNumber, unitStatus: 'sold' });
    expect(created.status).toBe(201);
    expect((await asStaff.put(cm(created.body.data.documentId), { unitStatus: 'available' })).status).toBe(200);
    expect((await asStaff.put(cm(created.body.data.documentId), { unitStatus: 'reserved', notifyAgents: false })).status).toBe(200);
    expect((await asStaff.put(cm(created.body.data.documentId), { unitStatus: 'available', notifyAgents: false })).status).toBe(200);
    await settle();
    await settle();
    expect(mailbox.received.slice(from)).toEqual([]);
  });

  it('a refused send still saves the unit and its history', async () => {
    const refused = mailbox.state.refused;
    mailbox.state.failing = true;
    try {
      const unitNumber = number('FAIL');
      const created = await asStaff.post(cm(), { projectId, unitNumber, unitStatus: 'available', price: 1200000, notifyAgents: true });
      expect(created.status).toBe(201);
      await mailbox.waitForRefused(refused + 1);
      const row = (await server.strapi.db.query(UNIT).findOne({ where: { projectId, unitNumber }, select: ['id', 'unitStatus'] })) as {
        id: number;
        unitStatus: string;
      };
      expect(row.unitStatus).toBe('available');
      const history = (await server.strapi.db
        .query('api::unit-history.unit-history')
        .findMany({ where: { unitId: row.id }, select: ['action', 'source'] })) as { action: string; source: string }[];
      expect(history).toEqual([{ action: 'created', source: 'cms-panel' }]);
      const again = await asStaff.put(cm(created.body.data.documentId), { unitStatus: 'reserved' });
      expect(again.status).toBe(200);
      const available = await asStaff.put(cm(created.body.data.documentId), { unitStatus: 'available', notifyAgents: true });
      expect(available.status).toBe(200);
      await mailbox.waitForRefused(refused + 2);
      expect(((await server.strapi.db.query(UNIT).findOne({ where: { id: row.id }, select: ['unitStatus'] })) as { unitStatus: string }).unitStatus).toBe(
        'available',
      );
    } finally {
      mailbox.state.failing = false;
    }
  });
});
