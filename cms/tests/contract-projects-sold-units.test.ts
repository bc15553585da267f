import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyFormSchema, saleDetailsFormSchema } from '@repo/types';
import type { z } from 'zod';
import { createClient, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';
import { createUser } from './helpers/users';

// Issue #23: one contract. The property form and the sale details form validate with the schemas the
// server reads its bodies with (types/src/api/projects.ts, sold-units.ts), so the same mistake gets
// the same message, on the same field, from the form and from the server; and the server writes nothing.

interface ErrorBody {
  error?: { message: string; details?: { errors?: { path: string[]; message: string }[] } };
}

let server: TestServer;
let client: TestClient;
let admin: string;
let projectId: number;
let soldUnitId: number;

/** What the form shows: each field's first message, as react-hook-form's zod resolver keeps it. */
const formMessages = (schema: z.ZodType, values: Record<string, unknown>) => {
  const result = schema.safeParse(values);
  const messages: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) messages[String(issue.path[0])] ??= issue.message;
  return messages;
};
/** What the server answers: each field's first message, as the web's ApiError reads details.errors. */
const serverMessages = (body: ErrorBody) => {
  const messages: Record<string, string> = {};
  for (const error of body.error?.details?.errors ?? []) messages[error.path[0]] ??= error.message;
  return messages;
};

const revisionOf = async (uid: 'api::project.project' | 'api::unit.unit', id: number) =>
  ((await server.strapi.db.query(uid).findOne({ where: { id }, select: ['revision'] })) as { revision: number }).revision;

beforeAll(async () => {
  server = await startTestStrapi({ seed: false });
  client = createClient(server.baseUrl);
  const email = 'contract.admin@example.test';
  const password = 'Contract-Admin-2026!';
  await createUser(server, { email, password, role: 'admin' });
  admin = await signIn(client, email, password, 'admin');
  const project = await client.post<{ data: { id: number } }>(
    '/api/projects',
    { name: 'Contract Tower', location: 'Marina, Dubai', visibleTo: ['dubai'] },
    { token: admin },
  );
  projectId = project.body.data.id;
  const units = await client.post<{ data: { id: number }[] }>(
    `/api/projects/${projectId}/units`,
    { units: [{ unitNumber: 'C1', status: 'sold', price: 1000 }] },
    { token: admin },
  );
  soldUnitId = units.body.data[0].id;
});

afterAll(async () => {
  await server?.stop();
});

const PROPERTY_FORM = { name: 'Contract Tower', location: 'Marina, Dubai', description: '', visibleTo: ['dubai'] };
const propertyMistakes: [string, Record<string, unknown>][] = [
  ['a blank name', { ...PROPERTY_FORM, name: '   ' }],
  ['a blank location', { ...PROPERTY_FORM, location: '' }],
  ['both blank', { ...PROPERTY_FORM, name: '', location: ' ' }],
  ['a name over 200 characters', { ...PROPERTY_FORM, name: 'N'.repeat(201) }],
  ['a description over 5000 characters', { ...PROPERTY_FORM, description: 'D'.repeat(5001) }],
  ['an unknown region', { ...PROPERTY_FORM, visibleTo: ['muscat'] }],
];

describe('the property form and the project API', () => {
  it.each(propertyMistakes)('give the same message for %s, on create and on edit, and write nothing', async (_what, values) => {
    const expected = formMessages(propertyFormSchema, values);
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    const before = await server.strapi.db.query('api::project.project').count({});
    const created = await client.post<ErrorBody>('/api/projects', values, { token: admin });
    expect(created.status).toBe(400);
    expect(serverMessages(created.body)).toEqual(expected);
    expect(created.body.error?.message).toBe(Object.values(expected)[0]);
    expect(await server.strapi.db.query('api::project.project').count({})).toBe(before);

    const revision = await revisionOf('api::project.project', projectId);
    const edited = await client.put<ErrorBody>(`/api/projects/${projectId}`, { ...values, revision }, { token: admin });
    expect(edited.status).toBe(400);
    expect(serverMessages(edited.body)).toEqual(expected);
    expect(await revisionOf('api::project.project', projectId)).toBe(revision);
  });

  it("answers the spec's 'Name and Location are required' for both fields, as the form does", () => {
    expect(formMessages(propertyFormSchema, { ...PROPERTY_FORM, name: '', location: '' })).toEqual({
      name: 'Name and Location are required',
      location: 'Name and Location are required',
    });
  });
});

const SALE_FORM = {
  registrationDate: '',
  registrationNumber: '',
  registrationStatus: 'pending',
  handoverDate: '',
  handoverStatus: 'pending',
  paymentStatus: 'pending',
  totalAmount: '1000',
  paidAmount: '0',
  notes: '',
};
const saleMistakes: [string, Record<string, unknown>][] = [
  ['a negative total', { ...SALE_FORM, totalAmount: '-1' }],
  ['a paid amount that is not a number', { ...SALE_FORM, paidAmount: 'a lot' }],
  ['an amount finer than 0.01', { ...SALE_FORM, paidAmount: '10.005' }],
  ['an amount in exponent notation', { ...SALE_FORM, totalAmount: '1e3' }],
  ['a date that does not exist', { ...SALE_FORM, handoverDate: '2026-02-30' }],
  ['an unknown payment status', { ...SALE_FORM, paymentStatus: 'refunded' }],
  ['a registration number over 120 characters', { ...SALE_FORM, registrationNumber: 'R'.repeat(121) }],
];

describe('the sale details form and the sale details API', () => {
  it.each(saleMistakes)('give the same message for %s, and write nothing', async (_what, values) => {
    const expected = formMessages(saleDetailsFormSchema, values);
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    const revision = await revisionOf('api::unit.unit', soldUnitId);
    const response = await client.put<ErrorBody>(`/api/units/${soldUnitId}/sale-details`, { ...values, revision }, { token: admin });
    expect(response.status).toBe(400);
    expect(serverMessages(response.body)).toEqual(expected);
    expect(await revisionOf('api::unit.unit', soldUnitId)).toBe(revision);
  });

  it('accepts what the form accepts', async () => {
    const values = { ...SALE_FORM, paidAmount: '250.25', handoverDate: '2026-03-01' };
    expect(formMessages(saleDetailsFormSchema, values)).toEqual({});
    const revision = await revisionOf('api::unit.unit', soldUnitId);
    const response = await client.put<{ data: Record<string, unknown> }>(`/api/units/${soldUnitId}/sale-details`, { ...values, revision }, { token: admin });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ paidAmount: 250.25, remainingAmount: 749.75, handoverStatus: 'completed', revision: revision + 1 });
  });

  it('refuses an archive body that is not exactly { archived: boolean }', async () => {
    for (const body of [{ archived: 'yes' }, {}, { archived: true, unitStatus: 'available' }]) {
      const response = await client.put<ErrorBody>(`/api/units/${soldUnitId}/archive`, body, { token: admin });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (
        (await server.strapi.db.query('api::unit.unit').findOne({ where: { id: soldUnitId }, select: ['archived', 'unitStatus'] })) as {
          archived: boolean;
          unitStatus: string;
        }
      ).unitStatus,
    ).toBe('sold');
  });
});
