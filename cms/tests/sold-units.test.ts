import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, DEMO, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';

interface SaleDetails {
  registrationDate: string | null;
  registrationStatus: string;
  handoverDate: string | null;
  handoverStatus: string;
  paymentStatus: string;
  totalAmount: number | null;
  paidAmount: number | null;
  remainingAmount: number | null;
  lastUpdated: string | null;
  [extra: string]: unknown;
}
interface SoldUnit {
  id: number;
  projectId: number;
  archived: boolean;
  overdue: boolean;
  saleDetails: SaleDetails;
}
interface Envelope<T> {
  data: T;
  error?: { message: string; details?: { errors?: { path: string[] }[] } };
}

let server: TestServer;
let client: TestClient;
let admin: string;
let agents: string[];
let sold: { id: number; projectId: number; price: number; archived: boolean | null }[];

/** The unit's current revision: what the sale details form sends back with every save. */
const revisionOf = async (id: number) =>
  ((await server.strapi.db.query('api::unit.unit').findOne({ where: { id }, select: ['revision'] })) as { revision: number }).revision;
const save = async (id: number, body: Record<string, unknown>, token = admin) =>
  client.put<Envelope<SaleDetails>>(`/api/units/${id}/sale-details`, { revision: await revisionOf(id), ...body }, { token });
const list = (query = '') => client.get<Envelope<SoldUnit[]>>(`/api/sold-units${query}`, { token: admin });
const historyOf = (unitId: number) =>
  server.strapi.db.query('api::unit-history.unit-history').findMany({ where: { unitId }, orderBy: { id: 'asc' } }) as Promise<
    { action: string; actorEmail: string }[]
  >;

beforeAll(async () => {
  server = await startTestStrapi({ seed: true });
  client = createClient(server.baseUrl);
  admin = await signIn(client, DEMO.admin.email, DEMO.admin.password);
  agents = [await signIn(client, DEMO.super.email, DEMO.super.password), await signIn(client, DEMO.dubai.email, DEMO.dubai.password)];
  sold = (await server.strapi.db.query('api::unit.unit').findMany({
    where: { unitStatus: 'sold' },
    select: ['id', 'projectId', 'price', 'archived'],
    orderBy: { id: 'asc' },
  })) as typeof sold;
});

afterAll(async () => {
  await server?.stop();
});

describe('the sold units list', () => {
  it('holds every sold unit that is not archived, or only the archived ones', async () => {
    const active = await list();
    expect(active.status).toBe(200);
    expect(active.body.data.map((unit) => unit.id).sort((a, b) => a - b)).toEqual(sold.filter((unit) => !unit.archived).map((unit) => unit.id));
    const archived = await list('?archived=true');
    expect(archived.body.data.map((unit) => unit.id).sort((a, b) => a - b)).toEqual(sold.filter((unit) => unit.archived).map((unit) => unit.id));
    expect(archived.body.data.length).toBeGreaterThan(0);
  });

  it('filters by project and by sale status, and refuses unknown parameters', async () => {
    const projectId = sold[0].projectId;
    const byProject = await list(`?projectId=${projectId}`);
    expect(byProject.body.data.length).toBeGreaterThan(0);
    expect(byProject.body.data.every((unit) => unit.projectId === projectId)).toBe(true);
    const pending = await list('?saleStatus=pending');
    expect(pending.body.data.length).toBe((await list()).body.data.length);
    expect((await list('?saleStatus=completed')).body.data).toEqual([]);
    // Each refusal by its own rule: a value outside its list or not a flag, a project id that cannot exist, a parameter the list does not take.
    const refusals: [string, number, string][] = [
      ['?saleStatus=paid', 400, 'Unknown sale status'],
      ['?archived=maybe', 400, 'archived must be true or false'],
      ['?projectId=abc', 404, 'Project not found'],
      ['?filters[archived]=true', 400, 'Unknown query parameter: filters'],
      ['?sort=price', 400, 'Unknown query parameter: sort'],
    ];
    for (const [bad, status, message] of refusals) {
      const response = await list(bad);
      expect({ status: response.status, message: response.body.error?.message }, bad).toEqual({ status, message });
    }
  });

  it('starts a sold unit without sale details with total and remaining at its price and every status pending', async () => {
    const unit = sold.find((candidate) => !candidate.archived);
    const { documentId } = (await server.strapi.db.query('api::unit.unit').findOne({ where: { id: unit?.id } })) as { documentId: string };
    await server.strapi.documents('api::unit.unit').update({ documentId, data: { saleDetails: null } as never });
    const row = (await list()).body.data.find((candidate) => candidate.id === unit?.id);
    expect(row?.saleDetails).toMatchObject({
      totalAmount: unit?.price,
      remainingAmount: unit?.price,
      registrationStatus: 'pending',
      handoverStatus: 'pending',
      paymentStatus: 'pending',
    });
  });
});

describe('saving sale details', () => {
  it('recomputes remaining and statuses whatever the client sends', async () => {
    const [unit] = sold;
    const response = await save(unit.id, {
      totalAmount: 1000,
      paidAmount: 1000,
      remainingAmount: 999,
      paymentStatus: 'pending',
      registrationDate: '2026-01-15',
      registrationStatus: 'delayed',
      handoverDate: '2026-03-01',
      handoverStatus: 'pending',
      lastUpdated: '1999-01-01T00:00:00.000Z',
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      remainingAmount: 0,
      paymentStatus: 'completed',
      registrationStatus: 'completed',
      handoverStatus: 'completed',
    });
    expect(response.body.data.lastUpdated).not.toBe('1999-01-01T00:00:00.000Z');
    expect(Date.now() - Date.parse(String(response.body.data.lastUpdated))).toBeLessThan(60_000);
  });

  it('keeps a partial payment partial and never lets remaining go below zero', async () => {
    const unit = sold[1];
    const partial = await save(unit.id, { totalAmount: 500.5, paidAmount: 200.25, paymentStatus: 'partial' });
    expect(partial.body.data).toMatchObject({ remainingAmount: 300.25, paymentStatus: 'partial' });
    const over = await save(unit.id, { paidAmount: 800 });
    expect(over.body.data).toMatchObject({ totalAmount: 500.5, remainingAmount: 0, paymentStatus: 'completed' });
    const stored = (await list()).body.data.find((candidate) => candidate.id === unit.id);
    expect(stored?.saleDetails).toMatchObject({ totalAmount: 500.5, paidAmount: 800, remainingAmount: 0 });
  });

  it('refuses negative or non-numeric amounts on their fields and keeps what was stored', async () => {
    const unit = sold[2];
    expect((await save(unit.id, { totalAmount: 100, paidAmount: 10 })).status).toBe(200);
    for (const body of [{ totalAmount: -1 }, { paidAmount: 'a lot' }, { registrationDate: 'yesterday' }, { paymentStatus: 'refunded' }]) {
      const response = await save(unit.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error?.details?.errors?.[0].path[0]).toBe(Object.keys(body)[0]);
    }
    const stored = (await list()).body.data.find((candidate) => candidate.id === unit.id);
    expect(stored?.saleDetails).toMatchObject({ totalAmount: 100, paidAmount: 10, remainingAmount: 90 });
  });

  it('merges further fields as given', async () => {
    const unit = sold[3];
    const response = await save(unit.id, { buyerName: 'R. Khan', constructor: { x: 1 } });
    expect(response.status).toBe(200);
    expect(response.body.data.buyerName).toBe('R. Khan');
    const stored = (await list()).body.data.find((candidate) => candidate.id === unit.id);
    expect(stored?.saleDetails.buyerName).toBe('R. Khan');
    expect(Object.keys(stored?.saleDetails ?? {})).not.toContain('constructor');
  });

  it('refuses a prototype-pollution payload outright', async () => {
    const unit = sold[3];
    const response = await fetch(`${server.baseUrl}/api/units/${unit.id}/sale-details`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}` },
      body: `{"revision":${await revisionOf(unit.id)},"notes":"x","__proto__":{"polluted":true}}`,
    });
    expect(response.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('records the save in the unit history with who saved it', async () => {
    const unit = sold[4];
    const before = (await historyOf(unit.id)).length;
    expect((await save(unit.id, { notes: 'Buyer asked for an extension' })).status).toBe(200);
    const entries = await historyOf(unit.id);
    // One new entry, so the one checked is this save's and not an earlier one.
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({ action: 'sale-details-saved', actorEmail: DEMO.admin.email });
  });

  it('refuses units that are not sold', async () => {
    const available = (await server.strapi.db.query('api::unit.unit').findOne({ where: { unitStatus: 'available' } })) as { id: number };
    const response = await save(available.id, { totalAmount: 1 });
    expect(response.status).toBe(400);
    expect(response.body.error?.message).toBe('Sale details can be saved only for sold units');
  });

  it('marks and filters overdue units', async () => {
    const unit = sold.find((candidate) => !candidate.archived && candidate.id > sold[5].id) ?? sold[6];
    expect((await save(unit.id, { handoverStatus: 'delayed' })).status).toBe(200);
    const overdue = (await list('?overdue=true')).body.data;
    expect(overdue.map((candidate) => candidate.id)).toContain(unit.id);
    expect(overdue.every((candidate) => candidate.overdue)).toBe(true);
  });
});

describe('archiving', () => {
  it('archives and unarchives idempotently, with one history entry per real change', async () => {
    const unit = sold.find((candidate) => !candidate.archived && candidate.id !== sold[0].id) ?? sold[0];
    const archive = (archived: boolean) =>
      client.put<Envelope<{ archived: boolean; changed: boolean }>>(`/api/units/${unit.id}/archive`, { archived }, { token: admin });
    expect((await archive(true)).body.data).toMatchObject({ archived: true, changed: true });
    expect((await archive(true)).body.data).toMatchObject({ archived: true, changed: false });
    expect((await list('?archived=true')).body.data.map((candidate) => candidate.id)).toContain(unit.id);
    expect((await list()).body.data.map((candidate) => candidate.id)).not.toContain(unit.id);
    expect((await archive(false)).body.data).toMatchObject({ archived: false, changed: true });
    const actions = (await historyOf(unit.id)).map((entry) => entry.action).filter((action) => action.endsWith('archived'));
    expect(actions).toEqual(['archived', 'unarchived']);
    expect((await client.put(`/api/units/${unit.id}/archive`, { archived: 'yes' }, { token: admin })).status).toBe(400);
  });
});

describe('privacy', () => {
  it('refuses agents on every sale route and changes nothing', async () => {
    const [unit] = sold;
    const before = JSON.stringify((await list()).body.data);
    for (const token of agents) {
      expect((await client.get('/api/sold-units', { token })).status).toBe(403);
      expect((await client.put(`/api/units/${unit.id}/sale-details`, { totalAmount: 1 }, { token })).status).toBe(403);
      expect((await client.put(`/api/units/${unit.id}/archive`, { archived: true }, { token })).status).toBe(403);
    }
    expect((await client.get('/api/sold-units')).status).toBe(401);
    expect(JSON.stringify((await list()).body.data)).toBe(before);
  });

  it('never shows an agent sale details or the archive flag of a sold unit', async () => {
    const archived = sold.find((unit) => unit.archived);
    const response = await client.get<Envelope<Record<string, unknown>>>(`/api/units/${archived?.id}`, { token: agents[0] });
    expect(response.status).toBe(200);
    expect(response.body.data).not.toHaveProperty('archived');
    expect(response.body.data).not.toHaveProperty('saleDetails');
  });
});
