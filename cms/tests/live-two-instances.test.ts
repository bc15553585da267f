import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, IMAGE_PATHS } from '@repo/types';
import { startChildStrapi, strapiSecrets, type ChildStrapi } from './helpers/child-strapi';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { openEventStream, type EventStreamClient } from './helpers/event-stream';
import { startTestS3, type TestS3 } from './helpers/s3rver';
import { api, createClient, DEMO, signIn, type TestClient } from './helpers/strapi';
import { jpeg } from './helpers/unit-images';

/**
 * Issue #27 item 7: two real server instances (`strapi start`, production mode) on one PostgreSQL
 * database, as behind a load balancer without sticky sessions. Nothing is shared between them but
 * the database (and the S3 bucket): events cross through LISTEN/NOTIFY, sessions and the sign-in
 * limits live in tables. Runs when TEST_DATABASE_URL names a PostgreSQL server (CI's).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let database: TestDatabase;
let s3: TestS3;
let a: ChildStrapi;
let b: ChildStrapi;
let clientA: TestClient;
let clientB: TestClient;
let admin: string;
const streams: EventStreamClient[] = [];

describe.skipIf(!onPostgres)('two instances on one PostgreSQL database', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    s3 = await startTestS3();
    const env = { ...strapiSecrets(), ...database.env, ...s3.env, PROJECT_EVENTS_HEARTBEAT_MS: '1000' };
    // A seeds the demo data; B starts on the database A made.
    a = await startChildStrapi({ ...env, SEED_DEMO: 'true' });
    b = await startChildStrapi({ ...env, SEED_DEMO: 'false' });
    clientA = createClient(a.baseUrl);
    clientB = createClient(b.baseUrl);
    admin = await signIn(clientA, DEMO.admin.email, DEMO.admin.password, 'admin');
  });

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await a?.kill();
    await b?.kill();
    await s3?.stop();
    await database?.drop();
  });

  it('a change made through A reaches a subscriber on B, as that viewer sees it', async () => {
    const dubai = await signIn(clientB, DEMO.dubai.email, DEMO.dubai.password);
    const projects = await clientB.get<{ data: Array<{ id: number; name: string }> }>(api('/projects'), { token: dubai });
    const project = projects.body.data.find((card) => card.name === 'Marina Heights') as { id: number };
    const units = await clientB.get<{ data: Array<{ id: number; status: string }> }>(api(`/projects/${project.id}/units`), { token: dubai });
    const unit = units.body.data.find((row) => row.status === 'available') as { id: number };
    const onB = await openEventStream(b.baseUrl, api(`/projects/${project.id}/events`), { token: dubai });
    const adminOnB = await openEventStream(b.baseUrl, api('/events'), { token: admin });
    streams.push(onB, adminOnB);
    expect(onB.status).toBe(200);
    const changed = await clientA.put(api(`/units/${unit.id}`), { status: 'reserved' }, { token: admin });
    expect(changed.status, changed.text).toBe(200);
    await onB.waitFor(
      (events) => events.some((event) => event.type === 'unit' && (event.data as { unit: { id: number; status: string } }).unit.status === 'reserved'),
      15_000,
      'the unit on B',
    );
    const hidden = await clientA.put(api(`/units/${unit.id}`), { status: 'unavailable' }, { token: admin });
    expect(hidden.status).toBe(200);
    await onB.waitFor(
      (events) => events.some((event) => event.type === 'unit-removed' && (event.data as { id: number }).id === unit.id),
      15_000,
      'the removal on B',
    );
    await adminOnB.waitFor(
      (events) => events.some((event) => event.type === 'unit' && (event.data as { unit: { status: string } }).unit.status === 'unavailable'),
      15_000,
      "the admin's event on B",
    );
    // Nothing the agent receives names the new status.
    expect(onB.events.filter((event) => (event.data as { unit?: { status: string } }).unit?.status === 'unavailable')).toEqual([]);
  });

  it('a session made on A works on B, and logging out on B ends it on A, its open stream too', async () => {
    const token = await signIn(clientA, DEMO.super.email, DEMO.super.password);
    expect((await clientB.get(api(AUTH_PATHS.me), { token })).status).toBe(200);
    const onA = await openEventStream(a.baseUrl, api('/events'), { token });
    streams.push(onA);
    expect(onA.status).toBe(200);
    const out = await clientB.post(api(AUTH_PATHS.logout), undefined, { token });
    expect(out.status).toBeLessThan(300);
    await onA.ended;
    expect((await clientA.get(api(AUTH_PATHS.me), { token })).status).toBe(401);
  });

  it('the failed-login limit counts the attempts made on both together', async () => {
    const wrong = (index: number) => ({ email: DEMO.doha.email, password: `Wrong-password-${index}!`, userType: 'agent' });
    for (const [index, client] of [clientA, clientB, clientA, clientB, clientA].entries()) {
      expect((await client.post(api(AUTH_PATHS.login), wrong(index))).status).toBe(400);
    }
    // Five failures, three on A and two on B: the sixth attempt is refused on either, the right password too.
    expect((await clientB.post(api(AUTH_PATHS.login), { email: DEMO.doha.email, password: DEMO.doha.password, userType: 'agent' })).status).toBe(429);
    expect((await clientA.post(api(AUTH_PATHS.login), wrong(9))).status).toBe(429);
  });

  it('a file uploaded through A is served through B', async () => {
    const units = await clientA.get<{ data: Array<{ id: number }> }>(api('/projects'), { token: admin });
    const projectId = units.body.data[0].id;
    const list = await clientA.get<{ data: Array<{ id: number }> }>(api(`/projects/${projectId}/units`), { token: admin });
    const unitId = list.body.data[0].id;
    const bytes = await jpeg(11);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'two-instances.jpg');
    const uploaded = await fetch(`${a.baseUrl}/api${IMAGE_PATHS.upload(unitId)}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const detail = await clientB.get<{ data: { images: Array<{ url: string }> } }>(api(`/units/${unitId}`), { token: admin });
    expect(detail.status).toBe(200);
    const url = detail.body.data.images.at(-1)?.url as string;
    expect(url.startsWith(s3.endpoint), url).toBe(true);
    const served = await fetch(url);
    expect(served.status).toBe(200);
    // The stored original is the upload re-encoded without its metadata (issue #26): the same picture.
    const [stored, sent] = await Promise.all([sharp(Buffer.from(await served.arrayBuffer())).metadata(), sharp(bytes).metadata()]);
    expect([stored.format, stored.width, stored.height]).toEqual([sent.format, sent.width, sent.height]);
  });
});
