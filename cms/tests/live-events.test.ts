import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, IMAGE_PATHS } from '@repo/types';
import { api, createClient, DEMO, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';
import { openEventStream, type EventStreamClient, type ReceivedEvent } from './helpers/event-stream';
import { readOutbox, type EmailEntry } from './helpers/outbox';
import { PNG, uploadUnitImage } from './helpers/unit-images';
import { createUser } from './helpers/users';
import { unitsByIds } from '../src/db';
import { LIST_FIELDS } from '../src/api/unit/lib/list-row';

/**
 * Issue #27: the live streams. Every write goes through the API (or the services the API calls),
 * as a client would make it; what each viewer receives is compared with what their own list shows.
 * "Receives nothing" is proven with a barrier: a later change that every viewer sees, and the
 * server resolves changes in order, so all that a write sent has arrived when the barrier has.
 */

type Who = 'admin' | 'dubai' | 'doha' | 'super';
const AGENTS = ['dubai', 'doha', 'super'] as const;
const USER_UID = 'plugin::users-permissions.user';

let server: TestServer;
let client: TestClient;
let tokens: Record<Who, string>;
let shared: number; // a project every agent type sees (Gulf Horizon Tower: dubai and doha)
let dubaiOnly: number; // Marina Heights
let dohaOnly: number; // Pearl Bay Residences
const open: EventStreamClient[] = [];

const projectByName = async (name: string) =>
  ((await server.strapi.db.query('api::project.project').findOne({ where: { name }, select: ['id'] })) as { id: number }).id;
const unitsOf = async (projectId: number) =>
  (await server.strapi.db.query('api::unit.unit').findMany({ where: { projectId }, select: ['id', 'unitStatus', 'price'], orderBy: { id: 'asc' } })) as Array<{
    id: number;
    unitStatus: string;
    price: number;
  }>;

const stream = async (who: Who, path: string, lastEventId?: string) => {
  const opened = await openEventStream(server.baseUrl, api(path), { token: tokens[who], lastEventId });
  open.push(opened);
  return opened;
};
const streamsOn = async (projectId: number) => {
  const entries = await Promise.all((['admin', ...AGENTS] as const).map(async (who) => [who, await stream(who, `/projects/${projectId}/events`)] as const));
  return Object.fromEntries(entries) as Record<Who, EventStreamClient>;
};

const put = async (id: number, body: Record<string, unknown>) => {
  const response = await client.put(api(`/units/${id}`), body, { token: tokens.admin });
  expect(response.status, response.text).toBe(200);
};

let barrierPrice = 500_000;
/** A change every viewer of the project sees, awaited on each stream: everything before it has arrived. */
const barrier = async (unitId: number, streams: EventStreamClient[]) => {
  barrierPrice += 1;
  const price = barrierPrice;
  await put(unitId, { price });
  const marks: number[] = [];
  for (const opened of streams) {
    const events = await opened.waitFor(
      (received) => received.some((event) => event.type === 'unit' && (event.data as { unit: { id: number; price: number } }).unit.price === price),
      15_000,
      `the barrier (price ${price})`,
    );
    marks.push(events.findIndex((event) => event.type === 'unit' && (event.data as { unit: { price: number } }).unit.price === price));
  }
  return marks;
};
/** The event types between two barriers (on PostgreSQL, events of earlier writes may still arrive after a stream opens). */
const typesBetween = (events: ReceivedEvent[], from: number, to: number) => events.slice(from + 1, to).map((event) => event.type);
/** The ids of the units named by `unit` events between two barriers. */
const unitIdsBetween = (events: ReceivedEvent[], from: number, to: number) =>
  [
    ...new Set(
      events
        .slice(from + 1, to)
        .filter((event) => event.type === 'unit')
        .map((event) => (event.data as { unit: { id: number } }).unit.id),
    ),
  ].sort((x, y) => x - y);

/** Whether a stream ends within `ms`. */
const endsWithin = (opened: EventStreamClient, ms: number) =>
  Promise.race([opened.ended.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

/**
 * Runs `work` with the running hub's periodic session check (every 500 ms in this file) turned off,
 * so only a revocation itself can end a stream. The hub is the compiled module's, which Strapi loaded
 * through the same require cache; `work` gets it to check that it holds the streams it opened.
 */
const withoutSessionSweep = async (work: (hub: { openStreams: number }) => Promise<void>) => {
  const compiled = createRequire(__filename)(
    path.resolve(__dirname, '..', 'dist', 'src', 'api', 'live', 'lib', 'hub.js'),
  ) as typeof import('../src/api/live/lib/hub');
  const hub = compiled.liveHub(server.strapi) as unknown as { openStreams: number; sweepSessions?: () => Promise<void> };
  hub.sweepSessions = async () => undefined;
  try {
    await work(hub);
  } finally {
    delete hub.sweepSessions;
  }
};

/** A sale-details field as a JSON key, anywhere in an event's data. */
const SALE_DETAIL_FIELDS =
  /"(saleDetails|registration(Date|Number|Status)|handover(Date|Status)|paymentStatus|(total|paid|remaining)Amount|notes|lastUpdated)":/;

beforeAll(async () => {
  server = await startTestStrapi({ seed: true, env: { PROJECT_EVENTS_HEARTBEAT_MS: '300', LIVE_SESSION_CHECK_MS: '500' } });
  client = createClient(server.baseUrl);
  tokens = {
    admin: await signIn(client, DEMO.admin.email, DEMO.admin.password, 'admin'),
    dubai: await signIn(client, DEMO.dubai.email, DEMO.dubai.password),
    doha: await signIn(client, DEMO.doha.email, DEMO.doha.password),
    super: await signIn(client, DEMO.super.email, DEMO.super.password),
  };
  shared = await projectByName('Gulf Horizon Tower');
  dubaiOnly = await projectByName('Marina Heights');
  dohaOnly = await projectByName('Pearl Bay Residences');
});

afterEach(() => {
  for (const opened of open.splice(0)) opened.close();
});

afterAll(async () => {
  await server?.stop();
});

describe('the stream', () => {
  it('answers text/event-stream to a viewer of the project, and a hidden project exactly like a missing one', async () => {
    const admin = await stream('admin', `/projects/${dohaOnly}/events`);
    expect(admin.status).toBe(200);
    expect(admin.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(admin.headers['content-encoding']).toBeUndefined();
    const hidden = await stream('dubai', `/projects/${dohaOnly}/events`);
    const missing = await stream('dubai', '/projects/999999/events');
    const read = await client.get(api(`/projects/${dohaOnly}`), { token: tokens.dubai });
    expect(hidden.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
    expect(hidden.body).toEqual(read.body);
    const anonymous = await openEventStream(server.baseUrl, api(`/projects/${shared}/events`));
    expect(anonymous.status).toBe(401);
  });

  it('sends heartbeat comments on an idle stream', async () => {
    const opened = await stream('dubai', '/events');
    const deadline = Date.now() + 10_000;
    while (opened.comments() < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(opened.comments()).toBeGreaterThanOrEqual(3);
    expect(opened.events).toEqual([]);
  });
});

describe('what each viewer receives (issue #27 item 2)', () => {
  /** before → after status of one unit of a project every agent type sees; what each receives. */
  const TABLE: Array<{ before: string; after: string | { price: number }; admin: string[]; agent: string[] }> = [
    { before: 'available', after: 'sold', admin: ['unit', 'project'], agent: ['unit', 'project'] },
    { before: 'available', after: 'reserved', admin: ['unit', 'project'], agent: ['unit', 'project'] },
    { before: 'available', after: 'unavailable', admin: ['unit', 'project'], agent: ['unit-removed', 'project'] },
    { before: 'available', after: 'occupied', admin: ['unit', 'project'], agent: ['unit-removed', 'project'] },
    { before: 'sold', after: 'occupied', admin: ['unit', 'project'], agent: ['unit-removed', 'project'] },
    { before: 'unavailable', after: 'available', admin: ['unit', 'project'], agent: ['unit', 'project'] },
    { before: 'occupied', after: 'sold', admin: ['unit', 'project'], agent: ['unit', 'project'] },
    { before: 'unavailable', after: 'reserved', admin: ['unit', 'project'], agent: ['unit', 'project'] },
    { before: 'unavailable', after: 'occupied', admin: ['unit', 'project'], agent: [] },
    { before: 'occupied', after: 'unavailable', admin: ['unit', 'project'], agent: [] },
    { before: 'unavailable', after: { price: 1_234_567 }, admin: ['unit'], agent: [] },
    { before: 'available', after: { price: 2_345_678 }, admin: ['unit'], agent: ['unit'] },
  ];

  it.each(TABLE)('$before → $after', async ({ before, after, admin, agent }) => {
    const [subject, marker] = await unitsOf(shared);
    await put(marker.id, { status: 'available' });
    await put(subject.id, { status: before });
    const streams = await streamsOn(shared);
    const all = Object.values(streams);
    const starts = await barrier(marker.id, all);
    await put(subject.id, typeof after === 'string' ? { status: after } : after);
    const marks = await barrier(marker.id, all);
    const received = Object.fromEntries(
      (['admin', ...AGENTS] as const).map((who, index) => [who, typesBetween(streams[who].events, starts[index], marks[index])]),
    );
    expect(received).toEqual({ admin, dubai: agent, doha: agent, super: agent });
    // What a `unit` event carries is the viewer's own list row, field for field.
    for (const who of ['admin', ...AGENTS] as const) {
      const event = streams[who].events
        .slice(starts[(['admin', ...AGENTS] as const).indexOf(who)] + 1)
        .find((candidate) => candidate.type === 'unit' && (candidate.data as { unit: { id: number } }).unit.id === subject.id);
      if (!event) continue;
      const list = await client.get<{ data: Array<{ id: number }> }>(api(`/projects/${shared}/units`), { token: tokens[who] });
      const row = list.body.data.find((unit) => unit.id === subject.id);
      expect((event.data as { unit: unknown }).unit).toEqual(row);
    }
    // unit-removed names the unit only.
    for (const who of AGENTS) {
      for (const event of streams[who].events
        .slice(starts[(['admin', ...AGENTS] as const).indexOf(who)] + 1)
        .filter((candidate) => candidate.type === 'unit-removed'))
        expect(event.data).toEqual({ id: subject.id });
    }
    // The project card is the one GET /projects shows that viewer.
    for (const who of ['admin', ...AGENTS] as const) {
      const index = (['admin', ...AGENTS] as const).indexOf(who);
      const events = streams[who].events.slice(starts[index] + 1, marks[index]);
      const card = events.find((event) => event.type === 'project');
      if (!card) continue;
      const cards = await client.get<{ data: Array<{ id: number }> }>(api('/projects'), { token: tokens[who] });
      expect((card.data as { project: unknown }).project).toEqual(cards.body.data.find((project) => project.id === shared));
    }
    // Every event has an id.
    for (const opened of all) for (const event of opened.events) expect(event.id).toMatch(/\S/);
  });

  it('a viewer who may not see the project hears nothing of it, on the whole-inventory stream either', async () => {
    const [subject, marker] = await unitsOf(dubaiOnly);
    const [dohaMarker] = await unitsOf(dohaOnly);
    await put(subject.id, { status: 'available' });
    await put(dohaMarker.id, { status: 'available' });
    const doha = await stream('doha', '/events');
    const dubai = await stream('dubai', '/events');
    const admin = await stream('admin', '/events');
    const [dohaStart] = await barrier(dohaMarker.id, [doha]);
    const [dubaiStart, adminStart] = await barrier(marker.id, [dubai, admin]);
    await put(subject.id, { status: 'sold' });
    await put(subject.id, { status: 'unavailable' });
    const [dubaiMark, adminMark] = await barrier(marker.id, [dubai, admin]);
    const [dohaMark] = await barrier(dohaMarker.id, [doha]);
    expect(typesBetween(doha.events, dohaStart, dohaMark)).toEqual([]);
    expect(doha.events.some((event) => JSON.stringify(event.data).includes(`"id":${subject.id},`) || (event.data as { id?: number }).id === subject.id)).toBe(
      false,
    );
    expect(typesBetween(dubai.events, dubaiStart, dubaiMark)).toEqual(['unit', 'project', 'unit-removed', 'project']);
    expect(typesBetween(admin.events, adminStart, adminMark)).toEqual(['unit', 'project', 'unit', 'project']);
  });

  it('sale details and archive reach admins only, and agents never see private fields', async () => {
    const [subject, marker] = await unitsOf(shared);
    await put(marker.id, { status: 'available' });
    await put(subject.id, { status: 'sold' });
    const streams = await streamsOn(shared);
    const starts = await barrier(marker.id, Object.values(streams));
    const archived = await client.put(api(`/units/${subject.id}/archive`), { archived: true }, { token: tokens.admin });
    const marks = await barrier(marker.id, Object.values(streams));
    expect(typesBetween(streams.admin.events, starts[0], marks[0])).toEqual(['unit']);
    expect(archived.status, archived.text).toBe(200);
    for (const [index, who] of AGENTS.entries()) {
      expect(typesBetween(streams[who].events, starts[index + 1], marks[index + 1])).toEqual([]);
      // A project event carries the card GET /projects shows that viewer (checked above), visibleTo
      // included. One can reach a stream opened just after the change it tells of: changes are
      // resolved on the next turn, and on PostgreSQL they come back through NOTIFY.
      for (const event of streams[who].events) {
        const data = event.type === 'project' ? { ...(event.data as object), project: undefined } : event.data;
        expect(JSON.stringify(data)).not.toMatch(/saleDetails|archived|revision|history|visibleTo"/);
      }
    }
  });

  it("saving a sold unit's sale details reaches admins only, and no agent event carries a sale-details field", async () => {
    const [subject, marker] = await unitsOf(shared);
    await put(marker.id, { status: 'available' });
    await put(subject.id, { status: 'sold' });
    const streams = await streamsOn(shared);
    // The agents' dashboards (whole inventory) too.
    const everywhere = await Promise.all(AGENTS.map((who) => stream(who, '/events')));
    const all = [...Object.values(streams), ...everywhere];
    const starts = await barrier(marker.id, all);
    const { revision } = (await server.strapi.db.query('api::unit.unit').findOne({ where: { id: subject.id }, select: ['revision'] })) as { revision: number };
    const saved = await client.put(
      api(`/units/${subject.id}/sale-details`),
      { revision, registrationNumber: 'LIVE-REG-7781', paymentStatus: 'partial', totalAmount: 2_000_000, paidAmount: 500_000, notes: 'live secret note' },
      { token: tokens.admin },
    );
    expect(saved.status, saved.text).toBe(200);
    const marks = await barrier(marker.id, all);
    expect(typesBetween(streams.admin.events, starts[0], marks[0])).toEqual(['unit']);
    expect(unitIdsBetween(streams.admin.events, starts[0], marks[0])).toEqual([subject.id]);
    for (let index = 1; index < all.length; index += 1) {
      expect(typesBetween(all[index].events, starts[index], marks[index])).toEqual([]);
      for (const event of all[index].events) {
        const text = JSON.stringify(event.data);
        expect(text).not.toMatch(SALE_DETAIL_FIELDS);
        expect(text).not.toMatch(/LIVE-REG-7781|live secret note/);
      }
    }
  });
});

describe('visibility checked again', () => {
  it("an agent whose visible projects lose a project gets unit-removed for each unit they saw there, and that project's stream ends", async () => {
    const dubaiRow = (await server.strapi.db.query(USER_UID).findOne({ where: { email: DEMO.dubai.email }, select: ['id', 'revision'] })) as {
      id: number;
      revision: number | null;
    };
    const dubaiId = dubaiRow.id;
    const seen = await client.get<{ data: Array<{ id: number }> }>(api(`/projects/${dubaiOnly}/units`), { token: tokens.dubai });
    const projectStream = await stream('dubai', `/projects/${dubaiOnly}/events`);
    const allStream = await stream('dubai', '/events');
    const edited = await client.put(api(`/portal-users/${dubaiId}`), { visibleProjects: [shared], revision: dubaiRow.revision ?? 0 }, { token: tokens.admin });
    try {
      expect(edited.status, edited.text).toBe(200);
      await projectStream.ended;
      const removedIds = (events: ReceivedEvent[]) =>
        events
          .filter((event) => event.type === 'unit-removed')
          .map((event) => (event.data as { id: number }).id)
          .sort((a, b) => a - b);
      const expected = seen.body.data.map((unit) => unit.id).sort((a, b) => a - b);
      expect(removedIds(projectStream.events)).toEqual(expected);
      await allStream.waitFor((events) => removedIds(events).length >= expected.length, 10_000, 'the removals');
      expect(removedIds(allStream.events)).toEqual(expect.arrayContaining(expected));
      const again = await stream('dubai', `/projects/${dubaiOnly}/events`);
      expect(again.status).toBe(404);
    } finally {
      await server.strapi.db.query(USER_UID).update({ where: { id: dubaiId }, data: { visibleProjects: null } });
    }
  });
});

describe('reconnection and revocation', () => {
  it('Last-Event-ID replays what was missed; an unknown id gets one resync', async () => {
    const [subject] = await unitsOf(shared);
    const first = await stream('admin', `/projects/${shared}/events`);
    // The subject's prices only: on PostgreSQL an earlier test's change can reach a stream opened just after it.
    const pricesOf = (events: ReceivedEvent[]) =>
      events
        .filter((event) => event.type === 'unit' && (event.data as { unit: { id: number } }).unit.id === subject.id)
        .map((event) => (event.data as { unit: { price: number } }).unit.price);
    await put(subject.id, { price: 3_000_001 });
    await first.waitFor((events) => pricesOf(events).includes(3_000_001));
    const lastId = first.lastId() as string;
    first.close();
    await put(subject.id, { price: 3_000_002 });
    await put(subject.id, { price: 3_000_003 });
    // Nothing listens meanwhile on this instance? The admin's whole-inventory stream keeps the hub resolving.
    const again = await stream('admin', `/projects/${shared}/events`, lastId);
    await again.waitFor((events) => pricesOf(events).length >= 2, 10_000, 'the replay');
    expect(pricesOf(again.events)).toEqual([3_000_002, 3_000_003]);
    const unknown = await stream('admin', `/projects/${shared}/events`, 'elsewhere-12');
    await unknown.waitFor((events) => events.length > 0);
    expect(unknown.events[0]).toEqual(expect.objectContaining({ type: 'resync', data: { reason: 'gap' } }));
    expect(pricesOf(unknown.events)).toEqual([]);
  });

  it('logout ends that session’s streams at once; other sessions stay', async () => {
    const second = await signIn(client, DEMO.super.email, DEMO.super.password);
    const ending = await openEventStream(server.baseUrl, api('/events'), { token: second });
    open.push(ending);
    const staying = await stream('super', '/events');
    const out = await client.post(api(AUTH_PATHS.logout), undefined, { token: second });
    expect(out.status).toBeLessThan(300);
    await ending.ended;
    expect(staying.isEnded()).toBe(false);
  });

  it('a session that expires ends its streams', async () => {
    const token = await signIn(client, DEMO.super.email, DEMO.super.password);
    const opened = await openEventStream(server.baseUrl, api('/events'), { token });
    open.push(opened);
    expect(opened.status).toBe(200);
    const sessions = server.strapi.db.query('api::portal-auth.portal-session');
    const newest = (await sessions.findMany({ select: ['id'], orderBy: { id: 'desc' }, limit: 1 })) as Array<{ id: number }>;
    await sessions.update({ where: { id: newest[0].id }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    await opened.ended;
  });

  it('blocking a user ends their streams', async () => {
    const doha = await signIn(client, DEMO.doha.email, DEMO.doha.password);
    const opened = await openEventStream(server.baseUrl, api('/events'), { token: doha });
    open.push(opened);
    const id = ((await server.strapi.db.query(USER_UID).findOne({ where: { email: DEMO.doha.email }, select: ['id'] })) as { id: number }).id;
    await server.strapi.db.query(USER_UID).update({ where: { id }, data: { blocked: true } });
    try {
      await opened.ended;
    } finally {
      await server.strapi.db.query(USER_UID).update({ where: { id }, data: { blocked: false } });
    }
    tokens.doha = await signIn(client, DEMO.doha.email, DEMO.doha.password);
  });
});

describe('revocation ends the user’s streams at once', () => {
  const PASSWORD = 'Live-Stream-2026!';
  const NEW_PASSWORD = 'Live-Stream-2027!';
  const RESET_LINK = /reset-password\?code=([A-Za-z0-9_-]+)/;
  const REVOCATIONS: Array<{ what: string; revoke: (user: { id: number; email: string }, token: string) => Promise<void> }> = [
    {
      what: 'a password change',
      revoke: async (_user, token) => {
        const changed = await client.post(
          api(AUTH_PATHS.changePassword),
          { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
          { token },
        );
        expect(changed.status, changed.text).toBe(204);
      },
    },
    {
      what: 'a password reset',
      revoke: async (user) => {
        const asked = await client.post(api(AUTH_PATHS.forgotPassword), { email: user.email, userType: 'agent' });
        expect(asked.status, asked.text).toBe(204);
        const mail = readOutbox<EmailEntry>(server.outboxDir, 'email')
          .filter((entry) => entry.to === user.email)
          .at(-1);
        const code = RESET_LINK.exec(mail?.text ?? '')?.[1];
        expect(code, 'the reset e-mail').toBeTruthy();
        const done = await client.post(api(AUTH_PATHS.resetPassword), { code, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD });
        expect(done.status, done.text).toBe(200);
      },
    },
    {
      what: "the user's deletion",
      revoke: async (user) => {
        const deleted = await client.del(api(AUTH_PATHS.user(user.id)), { token: tokens.admin });
        expect(deleted.status, deleted.text).toBe(204);
      },
    },
  ];

  it.each(REVOCATIONS)('$what ends their open streams, and no one else’s', async ({ what, revoke }) => {
    const user = await createUser(server, { email: `live.${what.replace(/\W+/g, '-')}@live.test`, password: PASSWORD, role: 'agent', agentType: 'dubai' });
    const token = await signIn(client, user.email, PASSWORD);
    await withoutSessionSweep(async (hub) => {
      const own = await openEventStream(server.baseUrl, api('/events'), { token });
      const project = await openEventStream(server.baseUrl, api(`/projects/${dubaiOnly}/events`), { token });
      open.push(own, project);
      const other = await stream('dubai', '/events');
      expect([own.status, project.status, other.status]).toEqual([200, 200, 200]);
      // The hub paused is the one holding these streams.
      expect(hub.openStreams).toBeGreaterThanOrEqual(3);
      await revoke(user, token);
      expect(await endsWithin(own, 5_000), 'the whole-inventory stream').toBe(true);
      expect(await endsWithin(project, 5_000), "the project's stream").toBe(true);
      expect(other.isEnded()).toBe(false);
    });
  });
});

describe('after the commit only', () => {
  it('a rolled-back write emits nothing', async () => {
    const [subject, marker] = await unitsOf(shared);
    await put(marker.id, { status: 'available' });
    const admin = await stream('admin', `/projects/${shared}/events`);
    const [start] = await barrier(marker.id, [admin]);
    const writes = server.strapi.service('api::unit.unit-writes') as unknown as {
      updateUnit: (viewer: unknown, id: number, input: unknown) => Promise<number>;
    };
    const viewer = { userId: 1, email: 'admin@demo.test', isAdmin: true, agentType: null, visibleProjects: null };
    await expect(
      server.strapi.db.transaction(async () => {
        await writes.updateUnit(viewer, subject.id, { price: 9_999_999 });
        throw new Error('rolled back on purpose');
      }),
    ).rejects.toThrow('rolled back on purpose');
    const [mark] = await barrier(marker.id, [admin]);
    expect(typesBetween(admin.events, start, mark)).toEqual([]);
  });

  it('bulk status, bulk delete and batch create each reach the stream', async () => {
    const units = await unitsOf(shared);
    const ids = units.slice(2, 6).map((unit) => unit.id);
    const admin = await stream('admin', `/projects/${shared}/events`);
    const dubai = await stream('dubai', `/projects/${shared}/events`);
    await put(units[0].id, { status: 'available' });
    const bulk = await client.post(api('/units/bulk-status'), { ids, status: 'unavailable' }, { token: tokens.admin });
    expect(bulk.status, bulk.text).toBe(200);
    await admin.waitFor((events) =>
      ids.every((id) =>
        events.some(
          (event) =>
            event.type === 'unit' &&
            (event.data as { unit: { id: number; status: string } }).unit.id === id &&
            (event.data as { unit: { status: string } }).unit.status === 'unavailable',
        ),
      ),
    );
    const created = await client.post<{ data: Array<{ id: number }> }>(
      api(`/projects/${shared}/units`),
      {
        units: [
          { unitNumber: 'LIVE-1', status: 'available', price: 100 },
          { unitNumber: 'LIVE-2', status: 'occupied', price: 100 },
        ],
      },
      { token: tokens.admin },
    );
    expect(created.status, created.text).toBe(201);
    const [live1, live2] = created.body.data.map((unit) => unit.id);
    await admin.waitFor((events) =>
      [live1, live2].every((id) => events.some((event) => event.type === 'unit' && (event.data as { unit: { id: number } }).unit.id === id)),
    );
    await dubai.waitFor((events) => events.some((event) => event.type === 'unit' && (event.data as { unit: { id: number } }).unit.id === live1));
    const removed = await client.post(api('/units/bulk-delete'), { ids: [live1, live2] }, { token: tokens.admin });
    expect(removed.status, removed.text).toBe(200);
    await admin.waitFor((events) =>
      [live1, live2].every((id) => events.some((event) => event.type === 'unit-removed' && (event.data as { id: number }).id === id)),
    );
    await dubai.waitFor((events) => events.some((event) => event.type === 'unit-removed' && (event.data as { id: number }).id === live1));
    expect(dubai.events.some((event) => JSON.stringify(event.data).includes(`"id":${live2}`))).toBe(false);
    const restore = await client.post(api('/units/bulk-status'), { ids, status: 'available' }, { token: tokens.admin });
    expect(restore.status).toBe(200);
  });
});

describe('the other write paths', () => {
  const unitEventOf = (events: ReceivedEvent[], id: number) =>
    events.find((event) => event.type === 'unit' && (event.data as { unit: { id: number } }).unit.id === id);

  it('a CSV import sends its units, and a large one a single resync', async () => {
    const admin = await stream('admin', `/projects/${dubaiOnly}/events`);
    const dubai = await stream('dubai', '/events');
    const header = 'unitNumber,unitType,floor,price,area,bedrooms,bathrooms,view,description,status,features';
    const send = async (rows: string[]) => {
      const form = new FormData();
      form.append('file', new Blob([[header, ...rows].join('\r\n')], { type: 'text/csv' }), 'units.csv');
      const response = await fetch(`${server.baseUrl}/api/projects/${dubaiOnly}/units/import`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${tokens.admin}` },
        body: form,
      });
      expect(response.status, await response.clone().text()).toBe(200);
    };
    // The units of this test's imports only: on PostgreSQL an earlier test's change can reach a
    // stream opened just after it (it comes back through NOTIFY).
    const imported = (events: ReceivedEvent[], prefix: string) =>
      events
        .filter((event) => event.type === 'unit')
        .map((event) => (event.data as { unit: { unitNumber: string } }).unit.unitNumber)
        .filter((unitNumber) => unitNumber.startsWith(prefix));
    await send(['CSV-1,Studio,1,100,50,,,,,available,', 'CSV-2,Studio,1,100,50,,,,,occupied,']);
    await admin.waitFor((events) => imported(events, 'CSV-').length >= 2, 10_000, 'the imported units');
    await dubai.waitFor((events) => imported(events, 'CSV-').length >= 1, 10_000, 'the imported unit');
    // Both units went out in one change: the agent's stream had it whole, without the occupied unit.
    expect(imported(dubai.events, 'CSV-')).toEqual(['CSV-1']);
    const before = admin.events.length;
    await send(Array.from({ length: 250 }, (_, index) => `BIG-${index},Studio,1,100,50,,,,,available,`));
    await admin.waitFor((events) => events.slice(before).some((event) => event.type === 'resync'), 10_000, 'the resync');
    expect(imported(admin.events, 'BIG-')).toEqual([]);
    expect(admin.events.slice(before).find((event) => event.type === 'resync')?.data).toEqual({ reason: 'bulk' });
    await dubai.waitFor((events) => events.some((event) => event.type === 'resync'), 10_000, "the agent's resync");
  });

  it('an image upload reaches the unit’s viewers', async () => {
    const [subject] = await unitsOf(shared);
    await put(subject.id, { status: 'available' });
    const dubai = await stream('dubai', `/projects/${shared}/events`);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'live.png');
    const uploaded = await fetch(`${server.baseUrl}/api/units/${subject.id}/images`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokens.admin}` },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    await dubai.waitFor((events) => Boolean(unitEventOf(events, subject.id)), 10_000, 'the unit after its upload');
  });

  it("a project's visibility change takes its units from the agents who lose it", async () => {
    const doha = await stream('doha', '/events');
    const dubai = await stream('dubai', '/events');
    const seen = await client.get<{ data: Array<{ id: number }> }>(api(`/projects/${shared}/units`), { token: tokens.doha });
    const project = await client.get<{ data: { revision: number } }>(api(`/projects/${shared}`), { token: tokens.admin });
    const edited = await client.put(api(`/projects/${shared}`), { visibleTo: ['dubai'], revision: project.body.data.revision }, { token: tokens.admin });
    expect(edited.status, edited.text).toBe(200);
    try {
      await doha.waitFor((events) => events.filter((event) => event.type === 'unit-removed').length >= seen.body.data.length, 10_000, 'the removals');
      expect(
        doha.events
          .filter((event) => event.type === 'unit-removed')
          .map((event) => (event.data as { id: number }).id)
          .sort((x, y) => x - y),
      ).toEqual(seen.body.data.map((unit) => unit.id).sort((x, y) => x - y));
      expect(doha.events.some((event) => event.type === 'project')).toBe(false);
      // The dashboard's card of the project Doha lost goes too: its whole-inventory stream revalidates.
      await doha.waitFor((events) => events.some((event) => event.type === 'resync'), 10_000, "doha's resync");
      const removals = doha.events.findIndex((event) => event.type === 'unit-removed');
      expect(doha.events.findIndex((event) => event.type === 'resync')).toBeGreaterThan(removals);
      await dubai.waitFor(
        (events) => events.some((event) => event.type === 'project' && (event.data as { project: { id: number } }).project.id === shared),
        10_000,
        "dubai's card",
      );
    } finally {
      const now = await client.get<{ data: { revision: number } }>(api(`/projects/${shared}`), { token: tokens.admin });
      await client.put(api(`/projects/${shared}`), { visibleTo: ['dubai', 'doha'], revision: now.body.data.revision }, { token: tokens.admin });
    }
  });

  /**
   * A project of its own for image sharing, every agent type seeing it: three units of one type (the
   * first with an image, the last hidden from agents) and a marker of another type, for the barriers.
   */
  const sharingProject = async (name: string) => {
    const project = await client.post<{ data: { id: number } }>(
      api('/projects'),
      { name, location: 'Dubai Marina', visibleTo: ['dubai', 'doha'] },
      { token: tokens.admin },
    );
    expect(project.status, project.text).toBe(201);
    const projectId = project.body.data.id;
    const units = [
      { unitNumber: 'SH-1', unitType: 'Live Share', status: 'available', price: 100 },
      { unitNumber: 'SH-2', unitType: 'Live Share', status: 'sold', price: 100 },
      { unitNumber: 'SH-3', unitType: 'Live Share', status: 'unavailable', price: 100 },
      { unitNumber: 'SH-M', unitType: 'Live Marker', status: 'available', price: 100 },
    ];
    const created = await client.post(api(`/projects/${projectId}/units`), { units }, { token: tokens.admin });
    expect(created.status, created.text).toBe(201);
    const rows = (await server.strapi.db.query('api::unit.unit').findMany({ where: { projectId }, select: ['id', 'unitNumber'] })) as Array<{
      id: number;
      unitNumber: string;
    }>;
    const idOf = (unitNumber: string) => (rows.find((row) => row.unitNumber === unitNumber) as { id: number }).id;
    const ids = { projectId, source: idOf('SH-1'), sold: idOf('SH-2'), hidden: idOf('SH-3'), marker: idOf('SH-M') };
    const uploaded = await uploadUnitImage(server, tokens.admin, ids.source, PNG, 'share.png');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    return ids;
  };
  const removeProject = (projectId: number) => client.del(api(`/projects/${projectId}`), { token: tokens.admin });

  it('linking and unlinking shared images send each affected unit to its viewers', async () => {
    const { projectId, source, sold, hidden, marker } = await sharingProject('Live Sharing Link');
    try {
      const streams = await streamsOn(projectId);
      const all = Object.values(streams);
      for (const step of ['link', 'unlink'] as const) {
        const starts = await barrier(marker, all);
        const response = await client.post<{ data: { changedUnits: number } }>(api(IMAGE_PATHS[step](projectId)), step === 'link' ? undefined : {}, {
          token: tokens.admin,
        });
        expect(response.status, response.text).toBe(200);
        expect(response.body.data.changedUnits, step).toBe(3);
        const marks = await barrier(marker, all);
        expect(unitIdsBetween(streams.admin.events, starts[0], marks[0]), step).toEqual([source, sold, hidden].sort((x, y) => x - y));
        for (const [index, who] of AGENTS.entries()) {
          expect(unitIdsBetween(streams[who].events, starts[index + 1], marks[index + 1]), `${step}: ${who}`).toEqual([source, sold].sort((x, y) => x - y));
          expect(
            typesBetween(streams[who].events, starts[index + 1], marks[index + 1]).filter((type) => type !== 'unit'),
            `${step}: ${who}`,
          ).toEqual([]);
        }
      }
    } finally {
      await removeProject(projectId);
    }
  });

  it('deleting a source unit sends its followers, whose link it cleared, to their viewers', async () => {
    const { projectId, source, sold, hidden, marker } = await sharingProject('Live Sharing Delete');
    try {
      const linked = await client.post(api(IMAGE_PATHS.link(projectId)), undefined, { token: tokens.admin });
      expect(linked.status, linked.text).toBe(200);
      const streams = await streamsOn(projectId);
      const all = Object.values(streams);
      const starts = await barrier(marker, all);
      const deleted = await client.del(api(`/units/${source}`), { token: tokens.admin });
      expect(deleted.status, deleted.text).toBe(200);
      const marks = await barrier(marker, all);
      const followers = (await server.strapi.db
        .query('api::unit.unit')
        .findMany({ where: { id: { $in: [sold, hidden] } }, select: ['sharedImagesUnitId'] })) as Array<{ sharedImagesUnitId: number | null }>;
      expect(followers.map((unit) => unit.sharedImagesUnitId)).toEqual([null, null]);
      expect(unitIdsBetween(streams.admin.events, starts[0], marks[0])).toEqual([sold, hidden].sort((x, y) => x - y));
      for (const [index, who] of AGENTS.entries()) {
        const events = streams[who].events.slice(starts[index + 1] + 1, marks[index + 1]);
        expect(unitIdsBetween(streams[who].events, starts[index + 1], marks[index + 1]), who).toEqual([sold]);
        expect(
          events.filter((event) => event.type === 'unit-removed').map((event) => event.data),
          who,
        ).toEqual([{ id: source }]);
      }
    } finally {
      await removeProject(projectId);
    }
  });

  it('a unit saved in the CMS panel reaches the streams', async () => {
    const [subject] = await unitsOf(dubaiOnly);
    await put(subject.id, { status: 'available' });
    const dubai = await stream('dubai', `/projects/${dubaiOnly}/events`);
    const login = await client.post<{ data: { token: string } }>('/admin/login', { email: DEMO.cms.email, password: DEMO.cms.password });
    expect(login.status, login.text).toBe(200);
    const row = (await server.strapi.db.query('api::unit.unit').findOne({ where: { id: subject.id }, select: ['documentId', 'revision'] })) as {
      documentId: string;
      revision: number;
    };
    const saved = await client.put(
      `/content-manager/collection-types/api::unit.unit/${row.documentId}`,
      { unitStatus: 'occupied', revision: row.revision },
      { token: login.body.data.token },
    );
    expect(saved.status, saved.text).toBe(200);
    await dubai.waitFor(
      (events) => events.some((event) => event.type === 'unit-removed' && (event.data as { id: number }).id === subject.id),
      10_000,
      'the removal',
    );
    await put(subject.id, { status: 'available' });
  });
});

describe('the units the hub reads after each change', () => {
  it("answers each unit's list fields and project exactly as the query engine does, and nothing for ids that are gone", async () => {
    const fields = [...LIST_FIELDS, 'projectId'];
    const units = server.strapi.db.query('api::unit.unit');
    const ids = ((await units.findMany({ select: ['id'], orderBy: { id: 'asc' } })) as Array<{ id: number }>).map((unit) => unit.id);
    // Units with a price, an area, a floor and a view, and their datetimes: every type the list carries.
    const wanted = [...ids.slice(0, 40), ...ids.slice(-40), 999_999_999];
    const expected = (await units.findMany({ select: fields, where: { id: { $in: wanted } }, orderBy: { id: 'asc' } })) as Array<Record<string, unknown>>;
    const read = await unitsByIds<Record<string, unknown>>(server.strapi, 'api::unit.unit', fields)(wanted);
    expect(expected.length).toBe(80);
    expect([...read].sort((a, b) => Number(a.id) - Number(b.id))).toEqual(expected);
    expect(expected.some((unit) => typeof unit.price === 'number' && typeof unit.updatedAt === 'string' && unit.floor !== null)).toBe(true);
    expect(await unitsByIds(server.strapi, 'api::unit.unit', fields)([])).toEqual([]);
  });
});
