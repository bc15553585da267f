import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, DEMO, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';

// Issue #9 item 4c: bulk deletes and archive toggles sent again, and sent at the same time (a double
// click, a client retry after a timeout), are harmless: no 500, the change happens once, and the
// history records it once.

interface Envelope<T> {
  data: T;
}

let server: TestServer;
let client: TestClient;
let admin: string;

const historyActions = async (unitIds: number[]) =>
  (
    (await server.strapi.db.query('api::unit-history.unit-history').findMany({ where: { unitId: { $in: unitIds } }, select: ['unitId', 'action'] })) as {
      unitId: number;
      action: string;
    }[]
  ).map((entry) => `${entry.unitId}:${entry.action}`);

const createUnits = async (name: string, count: number) => {
  const project = await client.post<Envelope<{ id: number }>>('/api/projects', { name, location: 'Downtown, Dubai', visibleTo: ['dubai'] }, { token: admin });
  expect(project.status).toBe(201);
  const units = await client.post<Envelope<{ id: number }[]>>(
    `/api/projects/${project.body.data.id}/units`,
    { units: Array.from({ length: count }, (_, index) => ({ unitNumber: `R${index + 1}` })) },
    { token: admin },
  );
  expect(units.status).toBe(201);
  return units.body.data.map((unit) => unit.id);
};

beforeAll(async () => {
  server = await startTestStrapi({ seed: true });
  client = createClient(server.baseUrl);
  admin = await signIn(client, DEMO.admin.email, DEMO.admin.password, 'admin');
});

afterAll(async () => {
  await server?.stop();
});

describe('bulk delete, repeated', () => {
  it('deletes once when the same request arrives several times at once, and again later', async () => {
    const ids = await createUnits('Retry Tower', 6);
    const deleteAll = () => client.post<Envelope<{ deleted: number }>>('/api/units/bulk-delete', { ids }, { token: admin });
    const concurrent = await Promise.all([deleteAll(), deleteAll(), deleteAll()]);
    expect(concurrent.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(concurrent.reduce((sum, response) => sum + response.body.data.deleted, 0)).toBe(ids.length);
    const later = await deleteAll();
    expect([later.status, later.body.data.deleted]).toEqual([200, 0]);
    expect(await server.strapi.db.query('api::unit.unit').count({ where: { id: { $in: ids } } })).toBe(0);
    const deletions = (await historyActions(ids)).filter((entry) => entry.endsWith(':deleted'));
    expect(deletions.sort()).toEqual(ids.map((id) => `${id}:deleted`).sort());
  });

  it('deletes what still exists of a half-deleted selection and ignores the rest', async () => {
    const ids = await createUnits('Half Tower', 4);
    expect((await client.post('/api/units/bulk-delete', { ids: ids.slice(0, 2) }, { token: admin })).status).toBe(200);
    const rest = await client.post<Envelope<{ deleted: number }>>('/api/units/bulk-delete', { ids }, { token: admin });
    expect([rest.status, rest.body.data.deleted]).toEqual([200, 2]);
  });
});

describe('archive toggles, repeated', () => {
  it('archives once when the same toggle arrives several times at once, and unarchives once', async () => {
    const [id] = await createUnits('Archive Tower', 1);
    expect((await client.post('/api/units/bulk-status', { ids: [id], status: 'sold' }, { token: admin })).status).toBe(200);
    const toggle = (archived: boolean) =>
      client.put<Envelope<{ archived: boolean; changed: boolean }>>(`/api/units/${id}/archive`, { archived }, { token: admin });

    const archiving = await Promise.all([toggle(true), toggle(true), toggle(true)]);
    expect(archiving.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(archiving.filter((response) => response.body.data.changed)).toHaveLength(1);
    expect((await toggle(true)).body.data).toEqual({ id, archived: true, changed: false });

    const unarchiving = await Promise.all([toggle(false), toggle(false)]);
    expect(unarchiving.map((response) => response.status)).toEqual([200, 200]);
    expect(unarchiving.filter((response) => response.body.data.changed)).toHaveLength(1);

    const archived = (await server.strapi.db.query('api::unit.unit').findOne({ where: { id }, select: ['archived'] })) as { archived: boolean };
    expect(Boolean(archived.archived)).toBe(false);
    const toggles = (await historyActions([id])).filter((entry) => entry.endsWith('archived'));
    expect(toggles).toEqual([`${id}:archived`, `${id}:unarchived`]);
  });

  it('answers a toggle of a unit deleted meanwhile with 404, not 500', async () => {
    const [id] = await createUnits('Gone Tower', 1);
    expect((await client.post('/api/units/bulk-status', { ids: [id], status: 'sold' }, { token: admin })).status).toBe(200);
    const [deleted, toggled] = await Promise.all([
      client.post('/api/units/bulk-delete', { ids: [id] }, { token: admin }),
      client.put(`/api/units/${id}/archive`, { archived: true }, { token: admin }),
    ]);
    expect(deleted.status).toBe(200);
    expect([200, 404]).toContain(toggled.status);
    expect((await client.put(`/api/units/${id}/archive`, { archived: true }, { token: admin })).status).toBe(404);
  });
});
