import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, DEMO, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';

/**
 * The server's own rules of the sold-units list and of saving sale details, at their edges: what
 * `types/` derives is tested there; here, what the server adds (the list's filters, archived read
 * from a null column, amounts through the database and back) on a project of units this file owns.
 */
interface SaleDetails {
  registrationStatus: string;
  handoverStatus: string;
  paymentStatus: string;
  totalAmount: number | null;
  paidAmount: number | null;
  remainingAmount: number | null;
}
interface SoldUnit {
  id: number;
  unitNumber: string;
  archived: boolean;
  overdue: boolean;
  saleDetails: SaleDetails;
}
interface Envelope<T> {
  data: T;
  error?: { message: string; details?: { errors?: { path: string[]; message: string }[] } };
}

let server: TestServer;
let client: TestClient;
let admin: string;
let projectId: number;
/** Unit ids by unit number. */
const ids: Record<string, number> = {};

/** Sale details are saved with the unit's revision as read now (a stale save is stale-writes.test.ts's). */
const revisionOf = async (id: number) => (await client.get<Envelope<{ revision: number }>>(`/api/units/${id}`, { token: admin })).body.data.revision;
const save = async (id: number, body: Record<string, unknown>) =>
  client.put<Envelope<SaleDetails>>(`/api/units/${id}/sale-details`, { revision: await revisionOf(id), ...body }, { token: admin });
const saved = async (id: number, body: Record<string, unknown>) => {
  const response = await save(id, body);
  expect(response.status, response.text).toBe(200);
  return response.body.data;
};
const listed = async (query: string) => {
  const response = await client.get<Envelope<SoldUnit[]>>(`/api/sold-units?projectId=${projectId}${query}`, { token: admin });
  expect(response.status, response.text).toBe(200);
  return response.body.data;
};
const numbersOf = (units: SoldUnit[]) => units.map((unit) => unit.unitNumber).sort();

beforeAll(async () => {
  server = await startTestStrapi({ seed: true });
  client = createClient(server.baseUrl);
  admin = await signIn(client, DEMO.admin.email, DEMO.admin.password, 'admin');
  const project = await client.post<Envelope<{ id: number }>>(
    '/api/projects',
    { name: 'Sale Rules Tower', location: 'Dubai', visibleTo: ['dubai'] },
    { token: admin },
  );
  expect(project.status, project.text).toBe(201);
  projectId = project.body.data.id;
  const numbers = ['REG', 'HAND', 'PAY', 'NONE', 'NULL-ARCHIVED', 'AMOUNTS'];
  const units = await client.post<Envelope<{ id: number; unitNumber: string }[]>>(
    `/api/projects/${projectId}/units`,
    { units: numbers.map((unitNumber) => ({ unitNumber, status: 'sold', price: 1000 })) },
    { token: admin },
  );
  expect(units.status, units.text).toBe(201);
  for (const unit of units.body.data) ids[unit.unitNumber] = unit.id;
});

afterAll(async () => {
  await server?.stop();
});

describe('the sale-status filter matches any of the three tracks', () => {
  it('lists a unit whose registration, handover or payment alone has the status, and not one where none has', async () => {
    await saved(ids.REG, { registrationDate: '2025-01-10' });
    await saved(ids.HAND, { handoverDate: '2025-02-10' });
    await saved(ids.PAY, { paidAmount: 1000 });
    expect(numbersOf(await listed('&saleStatus=completed'))).toEqual(['HAND', 'PAY', 'REG']);

    await saved(ids.REG, { registrationStatus: 'delayed', registrationDate: null });
    await saved(ids.HAND, { handoverStatus: 'delayed', handoverDate: null });
    await saved(ids.PAY, { paymentStatus: 'delayed', paidAmount: 0 });
    expect(numbersOf(await listed('&saleStatus=delayed'))).toEqual(['HAND', 'PAY', 'REG']);
    // Overdue is the same rule for 'delayed': any one track is enough, and NONE (all pending) is never overdue.
    const overdue = await listed('&overdue=true');
    expect(numbersOf(overdue)).toEqual(['HAND', 'PAY', 'REG']);
    expect(overdue.every((unit) => unit.overdue)).toBe(true);
    expect((await listed('')).find((unit) => unit.unitNumber === 'NONE')?.overdue).toBe(false);
  });
});

describe('archived', () => {
  it('reads an archived column that was never set (null) as not archived', async () => {
    await server.strapi.db.query('api::unit.unit').update({ where: { id: ids['NULL-ARCHIVED'] }, data: { archived: null } });
    const active = await listed('');
    expect(active.find((unit) => unit.unitNumber === 'NULL-ARCHIVED')?.archived).toBe(false);
    expect(numbersOf(await listed('&archived=true'))).not.toContain('NULL-ARCHIVED');
  });
});

describe('amounts through the database and back', () => {
  it('keeps one cent remaining as 0.01 and the payment not completed', async () => {
    expect(await saved(ids.AMOUNTS, { totalAmount: 1000, paidAmount: 999.99, paymentStatus: 'partial' })).toMatchObject({
      remainingAmount: 0.01,
      paymentStatus: 'partial',
    });
    // What the list reads back from the stored row (PostgreSQL's numeric comes back as text): numbers again.
    expect((await listed('')).find((unit) => unit.unitNumber === 'AMOUNTS')?.saleDetails).toMatchObject({
      totalAmount: 1000,
      paidAmount: 999.99,
      remainingAmount: 0.01,
      paymentStatus: 'partial',
    });
  });

  it('completes the payment when paid equals the total, and when it passes it, with nothing below zero remaining', async () => {
    expect(await saved(ids.AMOUNTS, { paidAmount: 1000, paymentStatus: 'partial' })).toMatchObject({ remainingAmount: 0, paymentStatus: 'completed' });
    expect(await saved(ids.AMOUNTS, { paidAmount: 1000.01, paymentStatus: 'partial' })).toMatchObject({ remainingAmount: 0, paymentStatus: 'completed' });
  });

  it('accepts 0 as an amount and refuses just below it on its field', async () => {
    expect(await saved(ids.AMOUNTS, { totalAmount: 0, paidAmount: 0, paymentStatus: 'pending' })).toMatchObject({
      remainingAmount: 0,
      paymentStatus: 'completed',
    });
    const refused = await save(ids.AMOUNTS, { paidAmount: -0.01 });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.details?.errors).toEqual([{ path: ['paidAmount'], message: 'Paid amount must be a number of 0 or more' }]);
  });
});
