import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AREA_MAX,
  bulkDeleteInputSchema,
  bulkStatusInputSchema,
  createUnitsInputSchema,
  CSV_TEMPLATE_HEADER,
  PRICE_MAX,
  updateUnitInputSchema,
  type ImportResult,
} from '@repo/types';
import { createSecurityUsers, SECURITY_PASSWORD, securityEmail } from './helpers/security-fixtures';
import { createClient, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';

/**
 * Issue #25 findings 7 and 10: numbers are finite and in range, and single-line texts hold no control
 * characters, on every way a unit is written (PUT, batch create, CSV import). Each refusal is a 400 on
 * its field with the rule's message, and nothing of the request is written.
 */
interface ErrorBody {
  error: {
    status: number;
    message: string;
    details?: {
      errors?: { path: string[]; message: string }[];
      problems?: { row: number; field: string; message: string }[];
    };
  };
}
interface UnitBody {
  data: {
    id: number;
    unitNumber: string;
    price: number | null;
    name: string | null;
    description: string | null;
    area: number | null;
  };
}

let server: TestServer;
let client: TestClient;
let admin: string;
let projectId: number;
let unitId: number;

const unitCount = () => server.strapi.db.query('api::unit.unit').count({ where: { projectId } }) as Promise<number>;
const stored = (id: number) =>
  server.strapi.db.query('api::unit.unit').findOne({
    where: { id },
    select: ['price', 'name', 'floor', 'unitNumber'],
  }) as Promise<Record<string, unknown>>;

const importCsv = async (content: string, fields: Record<string, string> = {}) => {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/csv' }), 'units.csv');
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(`${server.baseUrl}/api/projects/${projectId}/units/import`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin}` },
    body: form,
  });
  return {
    status: response.status,
    body: (await response.json()) as { data: ImportResult } & ErrorBody,
  };
};

const expectRefused = (response: { status: number; body: unknown }, field: string, message: string) => {
  const body = response.body as ErrorBody;
  expect(response.status, JSON.stringify(body)).toBe(400);
  expect(body.error.message).toBe(message);
  expect(body.error.details?.errors).toContainEqual({ path: [field], message });
};

beforeAll(async () => {
  server = await startTestStrapi({ seed: false });
  client = createClient(server.baseUrl);
  await createSecurityUsers(server);
  admin = await signIn(client, securityEmail('admin'), SECURITY_PASSWORD, 'admin');
  const project = await client.post<{ data: { id: number } }>(
    '/api/projects',
    { name: 'Limits Tower', location: 'Marina', visibleTo: ['dubai'] },
    { token: admin },
  );
  projectId = project.body.data.id;
  const created = await client.post<{ data: { id: number }[] }>(
    `/api/projects/${projectId}/units`,
    { units: [{ unitNumber: 'L-1', price: 1_000_000 }] },
    { token: admin },
  );
  unitId = created.body.data[0].id;
});

afterAll(async () => {
  await server?.stop();
});

describe('numbers are finite and in range (issue #25 finding 7)', () => {
  it('answers a unit edit with price 1e308 with a 400 on price, and keeps the stored price', async () => {
    expectRefused(await client.put(`/api/units/${unitId}`, { price: 1e308 }, { token: admin }), 'price', 'Price must be at most 10,000,000,000');
    expectRefused(await client.put(`/api/units/${unitId}`, { price: '1e308' }, { token: admin }), 'price', 'Price must be at most 10,000,000,000');
    expect(Number((await stored(unitId)).price)).toBe(1_000_000);
  });

  it('refuses each out-of-range number on its field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ price: PRICE_MAX + 1 }, 'price', 'Price must be at most 10,000,000,000'],
      [{ area: AREA_MAX + 1 }, 'area', 'Area must be at most 1,000,000'],
      [{ size: 1e300 }, 'size', 'Size must be at most 1,000,000'],
      [{ bedrooms: 2 ** 53 }, 'bedrooms', 'Bedrooms must be at most 100'],
      [{ bathrooms: 100.5 }, 'bathrooms', 'Bathrooms must be at most 100'],
      [{ bathrooms: 1.25 }, 'bathrooms', 'Bathrooms must be 0 or more, in steps of 0.5'],
      [{ floor: '99999999999999999999' }, 'floor', 'Floor must be between -10 and 300 when it is a number'],
      [{ price: 'Infinity' }, 'price', 'Price must be a number of 0 or more'],
      [{ price: '0x10' }, 'price', 'Price must be a number of 0 or more'],
    ];
    for (const [body, field, message] of cases) expectRefused(await client.put(`/api/units/${unitId}`, body, { token: admin }), field, message);
  });

  it('stores the maxima themselves, on SQLite and PostgreSQL alike, and -0 as 0', async () => {
    const response = await client.put<UnitBody>(
      `/api/units/${unitId}`,
      {
        price: PRICE_MAX,
        area: AREA_MAX,
        bedrooms: 100,
        bathrooms: 100,
        floor: '300',
      },
      { token: admin },
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({
      price: PRICE_MAX,
      area: AREA_MAX,
    });
    const zero = await client.put<UnitBody>(`/api/units/${unitId}`, { price: -0 }, { token: admin });
    expect(zero.status).toBe(200);
    expect(Object.is(zero.body.data.price, 0)).toBe(true);
  });

  it('refuses a batch with one huge price and creates none of it', async () => {
    const before = await unitCount();
    const response = await client.post(
      `/api/projects/${projectId}/units`,
      {
        units: [
          { unitNumber: 'B-1', price: 900_000 },
          { unitNumber: 'B-2', price: 1e308 },
        ],
      },
      { token: admin },
    );
    expectRefused(response, 'units.1.price', 'Price must be at most 10,000,000,000');
    expect(await unitCount()).toBe(before);
  });

  it('refuses a CSV file with a huge price by its row number and writes nothing of it', async () => {
    const before = await unitCount();
    const file = [CSV_TEMPLATE_HEADER, 'C-1,Studio,1,900000,500', 'C-2,Studio,1,1e308,500', 'C-3,Studio,400,900000,500'].join('\r\n');
    const refused = await importCsv(file);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details?.problems).toEqual([
      {
        row: 3,
        field: 'price',
        message: 'Price must be at most 10,000,000,000',
      },
      {
        row: 4,
        field: 'floor',
        message: 'Floor must be between -10 and 300 when it is a number',
      },
    ]);
    expect(await unitCount()).toBe(before);

    const partial = await importCsv(file, { skipInvalid: 'true' });
    expect(partial.status).toBe(200);
    expect(partial.body.data).toMatchObject({
      imported: 1,
      failed: 2,
      message: 'Imported 1 unit. Failed to import 2 units.',
    });
    expect(partial.body.data.problems.map((problem) => problem.row)).toEqual([3, 4]);
    expect(await unitCount()).toBe(before + 1);
  });
});

describe('control characters are refused (issue #25 finding 10)', () => {
  const controls = ['\n', '\r', '\u0000', '\u0007', '\t', '\u001b', '\u007f'];

  it('in every single-line text of a unit edit, and nothing is stored', async () => {
    const single: [string, string][] = [
      ['unitNumber', 'Unit number'],
      ['name', 'Name'],
      ['unitType', 'Unit type'],
      ['floor', 'Floor'],
      ['view', 'View'],
      ['features', 'Features'],
    ];
    for (const [field, label] of single) {
      for (const control of controls) {
        expectRefused(
          await client.put(`/api/units/${unitId}`, { [field]: `A${control}1` }, { token: admin }),
          field,
          `${label} must be a single line without control characters`,
        );
      }
    }
    expect((await stored(unitId)).unitNumber).toBe('L-1');
  });

  it('lets a description keep its line breaks and tabs, but not NUL or the other controls', async () => {
    const kept = await client.put<UnitBody>(`/api/units/${unitId}`, { description: 'Sea view\r\nCorner\tunit' }, { token: admin });
    expect(kept.status).toBe(200);
    expect(kept.body.data.description).toBe('Sea view\r\nCorner\tunit');
    for (const control of ['\u0000', '\u0008', '\u000b', '\u001f', '\u007f']) {
      expectRefused(
        await client.put(`/api/units/${unitId}`, { description: `a${control}b` }, { token: admin }),
        'description',
        'Description must not contain control characters other than line breaks and tabs',
      );
    }
  });

  it('in a created unit: the batch is refused whole', async () => {
    const before = await unitCount();
    expectRefused(
      await client.post(`/api/projects/${projectId}/units`, { units: [{ unitNumber: 'D-1' }, { unitNumber: 'D-2\r\nBcc: x@y.z' }] }, { token: admin }),
      'units.1.unitNumber',
      'Unit number must be a single line without control characters',
    );
    expectRefused(
      await client.post(`/api/projects/${projectId}/units`, { units: [{ unitNumber: 'D\u00003' }] }, { token: admin }),
      'unitNumber',
      'Unit number must be a single line without control characters',
    );
    expect(await unitCount()).toBe(before);
  });

  it('in a CSV cell: the row is refused by its number', async () => {
    const before = await unitCount();
    const file = [CSV_TEMPLATE_HEADER, 'E-1,Studio,1,900000,500', '"E-2\nX",Studio,1,900000,500', 'E-3,"Stu\u0000dio",1,900000,500'].join('\r\n');
    const refused = await importCsv(file);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details?.problems).toEqual([
      {
        row: 3,
        field: 'unitNumber',
        message: 'Unit number must be a single line without control characters',
      },
      {
        row: 4,
        field: 'unitType',
        message: 'Unit type must be a single line without control characters',
      },
    ]);
    expect(await unitCount()).toBe(before);
  });
});

describe('the unit contract (issue #23 item 5): the server answers with the schema message', () => {
  const firstMessage = (schema: z.ZodType, body: unknown) => schema.safeParse(body).error?.issues[0].message;

  it('gives the same message as the shared zod schema for the same invalid body, on each unit route', async () => {
    const cases: [string, string, z.ZodType, unknown][] = [
      ['POST', `/api/projects/${projectId}/units`, createUnitsInputSchema, {}],
      ['POST', `/api/projects/${projectId}/units`, createUnitsInputSchema, { units: [{ price: 1 }] }],
      ['POST', `/api/projects/${projectId}/units`, createUnitsInputSchema, { units: [{ unitNumber: 'X-1', price: 1e308 }] }],
      ['POST', `/api/projects/${projectId}/units`, createUnitsInputSchema, { units: [{ unitNumber: 'X\n1' }] }],
      ['PUT', `/api/units/${unitId}`, updateUnitInputSchema, { unitNumber: '  ' }],
      ['PUT', `/api/units/${unitId}`, updateUnitInputSchema, { status: 'gone' }],
      ['PUT', `/api/units/${unitId}`, updateUnitInputSchema, { bathrooms: 1.25 }],
      ['POST', '/api/units/bulk-status', bulkStatusInputSchema, { ids: [unitId], status: 'gone' }],
      ['POST', '/api/units/bulk-status', bulkStatusInputSchema, { ids: [], status: 'sold' }],
      ['POST', '/api/units/bulk-delete', bulkDeleteInputSchema, { ids: ['x'] }],
    ];
    for (const [method, path, schema, body] of cases) {
      const expected = firstMessage(schema, body);
      expect(expected, JSON.stringify(body)).toBeTruthy();
      const response =
        method === 'PUT' ? await client.put<ErrorBody>(path, body, { token: admin }) : await client.post<ErrorBody>(path, body, { token: admin });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.message, JSON.stringify(body)).toBe(expected);
    }
    expect(firstMessage(createUnitsInputSchema, {})).toBe('Missing required field: unitNumber');
    expect(firstMessage(createUnitsInputSchema, { units: [{ price: 1 }] })).toBe('Unit number is required');
  });
});
