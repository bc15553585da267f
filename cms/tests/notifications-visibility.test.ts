import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_TEMPLATE_HEADER, type NotificationPreview, type NotificationRecipient, type NotificationResult, type UnitStatus } from '@repo/types';
import { createClient, DEMO, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';
import { partOf, startMailbox, type Mailbox, type ReceivedMail } from './helpers/smtp-mailbox';
import { createUser, USER_UID } from './helpers/users';

/**
 * Issue #25.3: a notification tells each recipient only what that recipient may see (spec §6), by
 * agent type, by their project access and by unit status, on every path that sends one (the modal,
 * a batch create with notifyAgents, a CSV import), and the picker offers only those who may see the
 * project. Issue #29.2: the preview is the e-mail.
 */

interface ErrorBody {
  error: { status: number; message: string };
}

const STATUSES: UnitStatus[] = ['available', 'sold', 'reserved', 'unavailable', 'occupied'];
const AGENT_STATUSES = ['available', 'sold', 'reserved'];
const PROJECTS = { dubai: ['dubai'], doha: ['doha'], both: ['dubai', 'doha'] } as const;
type ProjectKey = keyof typeof PROJECTS;

const PASSWORD = 'Visibility-Test-2026!';
/** The recipients of this file, each a case of the rule: agent type, project access, role. */
const PEOPLE = {
  dubaiDefault: { email: 'dubai.default@notify.test', role: 'agent', agentType: 'dubai' },
  dohaDefault: { email: 'doha.default@notify.test', role: 'agent', agentType: 'doha' },
  superDefault: { email: 'super.default@notify.test', role: 'agent', agentType: 'super' },
  dubaiOnlyBoth: { email: 'dubai.only-both@notify.test', role: 'agent', agentType: 'dubai', access: 'both' },
  superOnlyDoha: { email: 'super.only-doha@notify.test', role: 'agent', agentType: 'super', access: 'doha' },
  dubaiNoAccess: { email: 'dubai.none@notify.test', role: 'agent', agentType: 'dubai', access: 'none' },
  adminDoha: { email: 'admin.doha@notify.test', role: 'admin', agentType: 'doha' },
} as const;
type Person = keyof typeof PEOPLE;

/**
 * Written out by hand from spec §6 rather than computed by the code under test: who the picker
 * offers for each project ('select'), and who the send-to-all rule reaches ('all').
 */
const PICKER: Record<ProjectKey, Person[]> = {
  dubai: ['dubaiDefault', 'superDefault'],
  doha: ['dohaDefault', 'superDefault', 'superOnlyDoha', 'adminDoha'],
  both: ['dubaiDefault', 'dohaDefault', 'superDefault', 'dubaiOnlyBoth', 'adminDoha'],
};
const SEND_TO_ALL: Record<ProjectKey, Person[]> = {
  dubai: ['dubaiDefault', 'superDefault'],
  doha: ['dohaDefault', 'superDefault', 'superOnlyDoha', 'adminDoha'],
  both: ['dohaDefault', 'superDefault', 'adminDoha'],
};

let server: TestServer;
let client: TestClient;
let mailbox: Mailbox;
let admin: string;
const projectIds = {} as Record<ProjectKey, number>;
const unitIds = {} as Record<ProjectKey, Record<UnitStatus, number>>;
const userIds = {} as Record<Person, number>;

const emailOf = (person: Person) => PEOPLE[person].email;
const emails = (people: readonly Person[]) => people.map(emailOf).sort();
/** The unit numbers an e-mail's text part lists ('Unit: both-sold'), sorted. */
const unitsIn = (mail: ReceivedMail) => [...(partOf(mail, 'text/plain') ?? '').matchAll(/^Unit: (.+)$/gm)].map((match) => match[1]).sort();
const numbersOf = (key: string, statuses: readonly string[]) => statuses.map((status) => `${key}-${status}`).sort();
/** Who got which units, from what the loopback SMTP server received. */
const byRecipient = (mails: ReceivedMail[]) => Object.fromEntries(mails.map((mail) => [mail.to.join(','), unitsIn(mail)]));

const send = (body: Record<string, unknown>) => client.post<{ data: NotificationResult } & ErrorBody>('/api/notifications/units', body, { token: admin });
const preview = (body: Record<string, unknown>, token = admin) =>
  client.post<{ data: NotificationPreview[] } & ErrorBody>('/api/notifications/units/preview', body, { token });
const picker = async (project: ProjectKey, mode: 'select' | 'all') => {
  const response = await client.get<{ data: NotificationRecipient[] }>(`/api/projects/${projectIds[project]}/notification-recipients?mode=${mode}`, {
    token: admin,
  });
  expect(response.status).toBe(200);
  return response.body.data;
};
/** No more mail arrives than expected: background sends get a moment to misbehave. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestStrapi({ seed: true, env: mailbox.env });
  client = createClient(server.baseUrl);
  admin = await signIn(client, DEMO.admin.email, DEMO.admin.password, 'admin');
  // The seeded agents would be recipients too; this file's table names its own, so theirs are blocked.
  await server.strapi.db
    .query(USER_UID)
    .updateMany({ where: { email: { $in: [DEMO.dubai.email, DEMO.doha.email, DEMO.super.email] } }, data: { blocked: true } });
  for (const [key, visibleTo] of Object.entries(PROJECTS) as [ProjectKey, readonly string[]][]) {
    const project = await client.post<{ data: { id: number } }>('/api/projects', { name: `Seen ${key}`, location: 'Marina', visibleTo }, { token: admin });
    expect(project.status).toBe(201);
    projectIds[key] = project.body.data.id;
    const created = await client.post<{ data: { id: number; unitNumber: string }[] }>(
      `/api/projects/${projectIds[key]}/units`,
      { units: STATUSES.map((status) => ({ unitNumber: `${key}-${status}`, status, price: 1000, description: `A ${status} unit` })) },
      { token: admin },
    );
    expect(created.status).toBe(201);
    unitIds[key] = Object.fromEntries(created.body.data.map((unit) => [unit.unitNumber.slice(key.length + 1), unit.id])) as Record<UnitStatus, number>;
  }
  for (const [person, spec] of Object.entries(PEOPLE) as [Person, (typeof PEOPLE)[Person]][]) {
    const access = 'access' in spec ? spec.access : null;
    const visibleProjects = access === null ? null : access === 'none' ? [] : [projectIds[access]];
    const user = await createUser(server, { email: spec.email, password: PASSWORD, role: spec.role, agentType: spec.agentType, visibleProjects });
    userIds[person] = user.id;
  }
});

afterAll(async () => {
  await server?.stop();
  await mailbox?.stop();
});

describe('the recipient picker offers only those who may see the project (issue #25.3)', () => {
  it.each(Object.keys(PROJECTS) as ProjectKey[])('project visible to %s', async (project) => {
    expect((await picker(project, 'select')).map((user) => user.email).sort()).toEqual(emails(PICKER[project]));
    expect((await picker(project, 'all')).map((user) => user.email).sort()).toEqual(emails(SEND_TO_ALL[project]));
  });

  it('refuses to send to an agent whose project access leaves the project out, and sends nothing', async () => {
    const start = mailbox.received.length;
    for (const [project, person] of [
      ['dubai', 'dubaiOnlyBoth'],
      ['both', 'superOnlyDoha'],
      ['both', 'dubaiNoAccess'],
    ] as [ProjectKey, Person][]) {
      const response = await send({ projectId: projectIds[project], unitIds: [unitIds[project].available], mode: 'select', recipientIds: [userIds[person]] });
      expect(response.status, `${person} about ${project}`).toBe(400);
      expect(response.body.error.message).toBe(`User ${userIds[person]} is not an eligible recipient for this project`);
    }
    await settle();
    expect(mailbox.received.length).toBe(start);
  });
});

describe('each recipient is told only of the units they may see', () => {
  it.each(Object.keys(PROJECTS) as ProjectKey[])('every status of a project visible to %s, to everyone the picker offers', async (project) => {
    const start = mailbox.received.length;
    const offered = PICKER[project];
    const response = await send({
      projectId: projectIds[project],
      unitIds: STATUSES.map((status) => unitIds[project][status]),
      mode: 'select',
      recipientIds: offered.map((person) => userIds[person]),
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ success: true, sent: offered.length });
    const mails = await mailbox.waitFor(offered.length, start);
    await settle();
    expect(mailbox.received.length - start).toBe(offered.length);
    // Agents: available, sold and reserved only; an admin recipient: all five.
    const expected = Object.fromEntries(
      offered.map((person) => [emailOf(person), numbersOf(project, PEOPLE[person].role === 'admin' ? STATUSES : AGENT_STATUSES)]),
    );
    expect(byRecipient(mails)).toEqual(expected);
    for (const mail of mails.filter((entry) => PEOPLE.adminDoha.email !== entry.to[0])) {
      expect(mail.raw).not.toMatch(/unavailable|occupied/);
    }
  });

  it('sends no e-mail to a recipient who may see none of the units; the rest still get theirs', async () => {
    const start = mailbox.received.length;
    const project = 'doha';
    const response = await send({
      projectId: projectIds[project],
      unitIds: [unitIds[project].unavailable, unitIds[project].occupied],
      mode: 'select',
      recipientIds: PICKER[project].map((person) => userIds[person]),
    });
    expect(response.body.data).toMatchObject({ success: true, sent: 1, message: 'Notification sent for 2 units to 1 agent' });
    const mails = await mailbox.waitFor(1, start);
    await settle();
    expect(byRecipient(mailbox.received.slice(start))).toEqual({ [PEOPLE.adminDoha.email]: numbersOf(project, ['unavailable', 'occupied']) });
    expect(mails).toHaveLength(1);
  });

  it("answers 'No eligible agents found for notification' when nobody may see any of the units", async () => {
    const start = mailbox.received.length;
    const response = await send({ projectId: projectIds.dubai, unitIds: [unitIds.dubai.unavailable, unitIds.dubai.occupied], mode: 'all' });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe('No eligible agents found for notification');
    await settle();
    expect(mailbox.received.length).toBe(start);
  });

  it('send to all follows the same rules', async () => {
    const start = mailbox.received.length;
    const response = await send({ projectId: projectIds.both, unitIds: STATUSES.map((status) => unitIds.both[status]), mode: 'all' });
    expect(response.body.data).toMatchObject({ success: true, sent: SEND_TO_ALL.both.length });
    const mails = await mailbox.waitFor(SEND_TO_ALL.both.length, start);
    expect(byRecipient(mails)).toEqual({
      [emailOf('dohaDefault')]: numbersOf('both', AGENT_STATUSES),
      [emailOf('superDefault')]: numbersOf('both', AGENT_STATUSES),
      [emailOf('adminDoha')]: numbersOf('both', STATUSES),
    });
  });

  it('a batch create with notifyAgents tells each send-to-all recipient only of what they may see', async () => {
    const start = mailbox.received.length;
    const response = await client.post(
      `/api/projects/${projectIds.doha}/units`,
      {
        units: [
          { unitNumber: 'new-occupied', status: 'occupied' },
          { unitNumber: 'new-available', status: 'available' },
        ],
        notifyAgents: true,
      },
      { token: admin },
    );
    expect(response.status).toBe(201);
    const mails = await mailbox.waitFor(SEND_TO_ALL.doha.length, start);
    await settle();
    expect(mailbox.received.length - start).toBe(SEND_TO_ALL.doha.length);
    expect(byRecipient(mails)).toEqual({
      [emailOf('dohaDefault')]: ['new-available'],
      [emailOf('superDefault')]: ['new-available'],
      [emailOf('superOnlyDoha')]: ['new-available'],
      [emailOf('adminDoha')]: ['new-available', 'new-occupied'],
    });
  });

  it('a batch create of units no agent may see mails only the admin recipients', async () => {
    const start = mailbox.received.length;
    const response = await client.post(
      `/api/projects/${projectIds.dubai}/units`,
      { units: [{ unitNumber: 'hidden-1', status: 'unavailable' }], notifyAgents: true },
      { token: admin },
    );
    expect(response.status).toBe(201);
    await settle();
    expect(mailbox.received.length).toBe(start);
  });

  it('a CSV import with notifyAgents sends agents a summary of what they may see, and admins of everything', async () => {
    const start = mailbox.received.length;
    const form = new FormData();
    const rows = ['csv-available,Studio,1,100,50,,,,,available,', 'csv-unavailable,Studio,1,100,50,,,,,unavailable,'];
    form.append('file', new Blob([[CSV_TEMPLATE_HEADER, ...rows].join('\r\n')], { type: 'text/csv' }), 'units.csv');
    form.append('notifyAgents', 'true');
    const response = await fetch(`${server.baseUrl}/api/projects/${projectIds.doha}/units/import`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(response.status).toBe(200);
    const mails = await mailbox.waitFor(2, start);
    await settle();
    expect(mailbox.received.length - start).toBe(2);
    const agents = mails.find((mail) => mail.to.includes(emailOf('dohaDefault')));
    const admins = mails.find((mail) => mail.to.includes(emailOf('adminDoha')));
    expect(agents?.to.sort()).toEqual(emails(['dohaDefault', 'superDefault', 'superOnlyDoha']));
    expect(agents?.raw).toContain('csv-available');
    expect(agents?.raw).not.toContain('csv-unavailable');
    expect(admins?.to).toEqual([emailOf('adminDoha')]);
    expect(admins?.raw).toContain('csv-unavailable');
  });
});

describe('the e-mail preview is the e-mail (issue #29.2)', () => {
  it('returns, per recipient, exactly the message the mail server then receives', async () => {
    const body = {
      projectId: projectIds.both,
      unitIds: [unitIds.both.reserved, unitIds.both.unavailable, unitIds.both.available],
      mode: 'select',
      recipientIds: [userIds.dubaiDefault, userIds.adminDoha],
    };
    const before = mailbox.received.length;
    const previewed = await preview(body);
    expect(previewed.status).toBe(200);
    await settle();
    expect(mailbox.received.length).toBe(before);
    expect(previewed.body.data.map((message) => message.to)).toEqual([emailOf('dubaiDefault'), emailOf('adminDoha')]);

    const start = mailbox.received.length;
    expect((await send(body)).status).toBe(200);
    const mails = await mailbox.waitFor(2, start);
    for (const message of previewed.body.data) {
      const mail = mails.find((entry) => entry.to.includes(message.to));
      expect(mail?.subject).toBe(message.subject);
      expect(partOf(mail as ReceivedMail, 'text/plain')).toBe(message.text);
      expect(partOf(mail as ReceivedMail, 'text/html')).toBe(message.html);
    }
    // The unit's own description, and the portal link from the configured public address, in both.
    const agentMessage = previewed.body.data[0];
    expect(agentMessage.text).toContain('Description: A reserved unit');
    expect(agentMessage.text).toMatch(new RegExp(`View: http://[^/]+/agent/units/${unitIds.both.reserved}`));
    expect(agentMessage.text).not.toContain('unavailable');
  });

  it('refuses what the send refuses, with the spec’s preview message, and refuses agents', async () => {
    const noUnit = await preview({ projectId: projectIds.both, unitIds: [], mode: 'all' });
    expect(noUnit.status).toBe(400);
    expect(noUnit.body.error.message).toBe('Please select at least one unit to preview the email');
    const outside = await preview({ projectId: projectIds.dubai, unitIds: [unitIds.dubai.available], mode: 'select', recipientIds: [userIds.dubaiOnlyBoth] });
    expect(outside.status).toBe(400);
    const agent = await signIn(client, PEOPLE.dohaDefault.email, PASSWORD);
    expect((await preview({ projectId: projectIds.doha, unitIds: [unitIds.doha.available], mode: 'all' }, agent)).status).toBe(403);
  });
});
