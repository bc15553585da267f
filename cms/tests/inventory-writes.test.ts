import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, DEMO, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';

interface ApiUnit {
  id: number;
  unitNumber: string;
  status: string;
  price: number | null;
  area: number | null;
  available: boolean;
  visibleTo: string[];
  revision: number;
}
interface ErrorBody {
  error: { status: number; message: string; details?: { errors?: { path: string[]; message: string }[] } };
}

let server: TestServer;
let client: TestClient;
let admin: string;
let agent: string;

const unitQuery = () => server.strapi.db.query('api::unit.unit');
const historyOf = (unitId: number) =>
  server.strapi.db.query('api::unit-history.unit-history').findMany({ where: { unitId }, orderBy: { id: 'asc' } }) as Promise<
    { action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null; actorEmail: string }[]
  >;
const snapshot = async () =>
  JSON.stringify({
    units: await unitQuery().findMany({ select: ['id', 'unitNumber', 'unitStatus', 'price', 'revision', 'updatedAt'], orderBy: { id: 'asc' }, limit: 10_000 }),
    history: await server.strapi.db.query('api::unit-history.unit-history').count({}),
  });

const createProject = async (name: string, visibleTo: string[] = ['dubai']) => {
  const response = await client.post<{ data: { id: number } }>('/api/projects', { name, location: 'Downtown, Dubai', visibleTo }, { token: admin });
  expect(response.status).toBe(201);
  return response.body.data.id;
};
const createUnits = (projectId: number, list: Record<string, unknown>[]) =>
  client.post<{ data: ApiUnit[] } & ErrorBody>(`/api/projects/${projectId}/units`, { units: list }, { token: admin });

beforeAll(async () => {
  server = await startTestStrapi({ seed: true });
  client = createClient(server.baseUrl);
  admin = await signIn(client, DEMO.admin.email, DEMO.admin.password);
  agent = await signIn(client, DEMO.super.email, DEMO.super.password);
});

afterAll(async () => {
  await server?.stop();
});

describe('projects', () => {
  it("requires name and location ('Name and Location are required') and keeps nothing", async () => {
    const before = await server.strapi.db.query('api::project.project').count({});
    const response = await client.post<ErrorBody>('/api/projects', { name: '  ', visibleTo: ['dubai'] }, { token: admin });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe('Name and Location are required');
    expect(response.body.error.details?.errors?.map((error) => error.path[0]).sort()).toEqual(['location', 'name']);
    expect(await server.strapi.db.query('api::project.project').count({})).toBe(before);
  });

  it('refuses unknown regions and unknown fields', async () => {
    expect((await client.post('/api/projects', { name: 'A', location: 'B', visibleTo: ['muscat'] }, { token: admin })).status).toBe(400);
    expect((await client.post('/api/projects', { name: 'A', location: 'B', id: 99 }, { token: admin })).status).toBe(400);
  });

  it('copies a change of visibility to the units', async () => {
    const projectId = await createProject('Visibility Tower');
    await createUnits(projectId, [{ unitNumber: '1' }, { unitNumber: '2' }]);
    const { revision } = (await client.get<{ data: { revision: number } }>(`/api/projects/${projectId}`, { token: admin })).body.data;
    const response = await client.put(`/api/projects/${projectId}`, { visibleTo: ['doha', 'dubai'], revision }, { token: admin });
    expect(response.status).toBe(200);
    const rows = (await unitQuery().findMany({ where: { projectId }, select: ['visibleTo'] })) as { visibleTo: string[] }[];
    expect(rows.map((row) => row.visibleTo)).toEqual([
      ['dubai', 'doha'],
      ['dubai', 'doha'],
    ]);
  });

  it('deletes a project with all its units, their components and a history entry each', async () => {
    const projectId = await createProject('Doomed Heights');
    const created = await createUnits(projectId, [{ unitNumber: 'D1', status: 'sold' }, { unitNumber: 'D2' }]);
    const [sold] = created.body.data;
    await server.strapi.documents('api::unit.unit').update({
      documentId: ((await unitQuery().findOne({ where: { id: sold.id } })) as { documentId: string }).documentId,
      data: { saleDetails: { totalAmount: 10, paidAmount: 0 } } as never,
    });
    const components = () => server.strapi.db.connection('components_unit_sale_details').count({ n: '*' });
    const [{ n: componentsBefore }] = (await components()) as { n: number | string }[];
    const response = await client.del<{ data: { deletedUnits: number } }>(`/api/projects/${projectId}`, { token: admin });
    expect(response.status).toBe(200);
    expect(response.body.data.deletedUnits).toBe(2);
    expect(await unitQuery().count({ where: { projectId } })).toBe(0);
    const [{ n: componentsAfter }] = (await components()) as { n: number | string }[];
    expect(Number(componentsAfter)).toBe(Number(componentsBefore) - 1);
    expect((await historyOf(sold.id)).map((entry) => entry.action)).toEqual(['created', 'deleted']);
    expect((await client.get(`/api/projects/${projectId}`, { token: admin })).status).toBe(404);
  });
});

describe('creating units', () => {
  it('creates one unit available by default with the project visibility', async () => {
    const projectId = await createProject('Single Tower', ['doha']);
    const response = await createUnits(projectId, [{ unitNumber: '101', price: '950000', area: 812.456, bathrooms: 1.5 }]);
    expect(response.status).toBe(201);
    expect(response.body.data[0]).toMatchObject({ unitNumber: '101', status: 'available', available: true, price: 950000, area: 812.46, visibleTo: ['doha'] });
    const [entry] = await historyOf(response.body.data[0].id);
    expect(entry).toMatchObject({ action: 'created', actorEmail: DEMO.admin.email });
  });

  it('reports every invalid field on its path and writes nothing', async () => {
    const projectId = await createProject('Invalid Tower');
    const response = await createUnits(projectId, [{ unitNumber: '' }, { unitNumber: 'B', bedrooms: -1, bathrooms: 0.3, status: 'gone' }]);
    expect(response.status).toBe(400);
    expect(response.body.error.details?.errors?.map((error) => error.path[0])).toEqual([
      'units.0.unitNumber',
      'units.1.bedrooms',
      'units.1.bathrooms',
      'units.1.status',
    ]);
    expect(await unitQuery().count({ where: { projectId } })).toBe(0);
  });

  it('creates a batch of 50 in one transaction, refuses 51, and refuses the whole batch on one duplicate', async () => {
    const projectId = await createProject('Batch Tower');
    const batch = Array.from({ length: 50 }, (_, index) => ({ unitNumber: `B-${index + 1}`, floor: String(index + 1) }));
    expect((await createUnits(projectId, batch)).status).toBe(201);
    expect(await unitQuery().count({ where: { projectId } })).toBe(50);
    expect(
      (
        await createUnits(
          projectId,
          [...batch.slice(0, 50), { unitNumber: 'X' }].map((unit, index) => ({ ...unit, unitNumber: `N-${index}` })),
        )
      ).status,
    ).toBe(400);
    const clash = await createUnits(projectId, [{ unitNumber: 'NEW-1' }, { unitNumber: 'B-7' }]);
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toBe('Unit B-7 already exists in project Batch Tower');
    expect(await unitQuery().count({ where: { projectId } })).toBe(50);
  });

  it('refuses an unknown project', async () => {
    const response = await createUnits(999999, [{ unitNumber: '1' }]);
    expect(response.status).toBe(404);
    expect(response.body.error.message).toBe('Project not found');
  });
});

describe('editing and deleting units', () => {
  it('records status and price changes with who, before and after', async () => {
    const projectId = await createProject('History Tower');
    const [unit] = (await createUnits(projectId, [{ unitNumber: 'H1', price: 100 }])).body.data;
    const response = await client.put<{ data: ApiUnit }>(`/api/units/${unit.id}`, { status: 'reserved', price: 120, view: 'Sea View' }, { token: admin });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ status: 'reserved', price: 120 });
    const entries = await historyOf(unit.id);
    expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['created', null, { status: 'available', price: 100 }],
      ['status-changed', { status: 'available' }, { status: 'reserved' }],
      ['price-changed', { price: 100 }, { price: 120 }],
    ]);
    const listed = await client.get<{ data: unknown[] }>(`/api/units/${unit.id}/history`, { token: admin });
    expect(listed.body.data).toHaveLength(3);
    expect((await client.get(`/api/units/${unit.id}/history`, { token: agent })).status).toBe(403);
  });

  it('gives one of two saves from the same revision a 409', async () => {
    const projectId = await createProject('Race Tower');
    const [unit] = (await createUnits(projectId, [{ unitNumber: 'R1' }])).body.data;
    const detail = await client.get<{ data: ApiUnit }>(`/api/units/${unit.id}`, { token: admin });
    const revision = detail.body.data.revision;
    const results = await Promise.all([
      client.put(`/api/units/${unit.id}`, { price: 1, revision }, { token: admin }),
      client.put(`/api/units/${unit.id}`, { price: 2, revision }, { token: admin }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
  });

  it.each([{ archived: true }, { saleDetails: { totalAmount: 1 } }, { projectId: 1 }, { images: [] }, { isSourceUnit: true }])(
    'refuses %j on the edit route',
    async (field) => {
      const [unit] = (await unitQuery().findMany({ limit: 1 })) as { id: number }[];
      expect((await client.put(`/api/units/${unit.id}`, field, { token: admin })).status).toBe(400);
    },
  );

  it('deletes a unit, answers 404 afterwards, and keeps a history entry', async () => {
    const projectId = await createProject('Delete Tower');
    const [unit] = (await createUnits(projectId, [{ unitNumber: 'X1' }])).body.data;
    expect((await client.del(`/api/units/${unit.id}`, { token: admin })).status).toBe(200);
    expect((await client.get(`/api/units/${unit.id}`, { token: admin })).status).toBe(404);
    expect((await client.del(`/api/units/${unit.id}`, { token: admin })).status).toBe(404);
    expect((await historyOf(unit.id)).map((entry) => entry.action)).toEqual(['created', 'deleted']);
  });
});

describe('bulk actions', () => {
  it('changes the status of many units in one request, idempotently', async () => {
    const projectId = await createProject('Bulk Tower');
    const created = (
      await createUnits(
        projectId,
        Array.from({ length: 5 }, (_, index) => ({ unitNumber: `K${index}` })),
      )
    ).body.data;
    const ids = created.map((unit) => unit.id);
    const first = await client.post<{ data: { updated: number; unchanged: number } }>('/api/units/bulk-status', { ids, status: 'sold' }, { token: admin });
    expect(first.body.data).toMatchObject({ updated: 5, unchanged: 0 });
    const again = await client.post<{ data: { updated: number } }>('/api/units/bulk-status', { ids, status: 'sold' }, { token: admin });
    expect(again.body.data.updated).toBe(0);
    const rows = (await unitQuery().findMany({ where: { id: { $in: ids } }, select: ['unitStatus'] })) as { unitStatus: string }[];
    expect(rows.every((row) => row.unitStatus === 'sold')).toBe(true);
    expect((await historyOf(ids[0])).map((entry) => entry.action)).toEqual(['created', 'status-changed']);
  });

  it('records one entry per changed unit, from its own status, and none for units already there or gone', async () => {
    const projectId = await createProject('Mixed Status Tower');
    const created = (
      await createUnits(projectId, [
        { unitNumber: 'M1', status: 'available' },
        { unitNumber: 'M2', status: 'reserved' },
        { unitNumber: 'M3', status: 'sold' },
        { unitNumber: 'M4', status: 'unavailable' },
      ])
    ).body.data;
    const ids = created.map((unit) => unit.id);
    const revisions = async () =>
      Object.fromEntries(
        ((await unitQuery().findMany({ where: { id: { $in: ids } }, select: ['id', 'revision'] })) as { id: number; revision: number }[]).map((row) => [
          row.id,
          row.revision,
        ]),
      );
    const revisionsBefore = await revisions();
    const missing = Math.max(...ids) + 10_000;
    const response = await client.post<{ data: { status: string; updated: number; unchanged: number } }>(
      '/api/units/bulk-status',
      { ids: [...ids, missing], status: 'sold' },
      { token: admin },
    );
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ status: 'sold', updated: 3, unchanged: 2 });

    const entries = (await server.strapi.db.query('api::unit-history.unit-history').findMany({
      where: { unitId: { $in: ids }, action: 'status-changed' },
      orderBy: { unitId: 'asc' },
    })) as {
      unitId: number;
      projectId: number;
      unitNumber: string;
      before: unknown;
      after: unknown;
      actorEmail: string;
      actorId: number;
      documentId: string;
      createdAt: unknown;
    }[];
    expect(
      entries.map(({ unitId, projectId: project, unitNumber, before, after, actorEmail }) => ({ unitId, project, unitNumber, before, after, actorEmail })),
    ).toEqual([
      { unitId: ids[0], project: projectId, unitNumber: 'M1', before: { status: 'available' }, after: { status: 'sold' }, actorEmail: DEMO.admin.email },
      { unitId: ids[1], project: projectId, unitNumber: 'M2', before: { status: 'reserved' }, after: { status: 'sold' }, actorEmail: DEMO.admin.email },
      { unitId: ids[3], project: projectId, unitNumber: 'M4', before: { status: 'unavailable' }, after: { status: 'sold' }, actorEmail: DEMO.admin.email },
    ]);
    // Written by the database, shaped as the rest: a document id of Strapi's shape each, distinct, and a time.
    expect(entries.every((entry) => /^[a-z][a-z0-9]{23}$/.test(entry.documentId))).toBe(true);
    expect(new Set(entries.map((entry) => entry.documentId)).size).toBe(3);
    expect(entries.every((entry) => !Number.isNaN(new Date(entry.createdAt as string).getTime()))).toBe(true);
    // The history endpoint reads them back like any other entry.
    const read = await client.get<{ data: { action: string; before: unknown; after: unknown }[] }>(`/api/units/${ids[1]}/history`, { token: admin });
    expect(read.status).toBe(200);
    expect(read.body.data[0]).toMatchObject({ action: 'status-changed', before: { status: 'reserved' }, after: { status: 'sold' } });

    const revisionsAfter = await revisions();
    expect(ids.map((id) => revisionsAfter[id] - revisionsBefore[id])).toEqual([1, 1, 0, 1]);
  });

  it('leaves everything as it was when the transaction fails midway', async () => {
    const projectId = await createProject('Atomic Tower');
    const ids = (await createUnits(projectId, [{ unitNumber: 'A1' }, { unitNumber: 'A2' }])).body.data.map((unit) => unit.id);
    const before = await snapshot();
    // The history writers fail once they have written: the bulk status change's (entries written,
    // then the UPDATE never runs) and the one the bulk delete uses.
    type Writer = (...args: unknown[]) => Promise<void>;
    const history = server.strapi.service('api::unit-history.unit-history') as Record<'record' | 'recordStatusChanges', Writer>;
    const { record, recordStatusChanges } = history;
    const failingAfter =
      (write: Writer): Writer =>
      async (...args) => {
        await write.apply(history, args);
        throw new Error('injected failure after the history was written');
      };
    history.record = failingAfter(record);
    history.recordStatusChanges = failingAfter(recordStatusChanges);
    try {
      expect((await client.post('/api/units/bulk-status', { ids, status: 'occupied' }, { token: admin })).status).toBe(500);
      expect((await client.post('/api/units/bulk-delete', { ids }, { token: admin })).status).toBe(500);
    } finally {
      Object.assign(history, { record, recordStatusChanges });
    }
    expect(await snapshot()).toBe(before);
  });

  it('refuses ids no record can have, in a body or a path, on either database', async () => {
    const projectId = await createProject('Far Id Tower');
    const [unit] = (await createUnits(projectId, [{ unitNumber: 'F1' }])).body.data;
    const before = await snapshot();
    // Beyond the ids' 32-bit column on PostgreSQL (whose statements fail on such a number), and beyond what JavaScript holds exactly.
    const largest = 2 ** 31 - 1;
    for (const far of [largest + 1, 2 ** 53]) {
      const ids = [unit.id, far];
      for (const [path, body] of [
        ['/api/units/bulk-status', { ids, status: 'sold' }],
        ['/api/units/bulk-delete', { ids }],
      ] as const) {
        const refused = await client.post<{ error: { details: { errors: { path: string[]; message: string }[] } } }>(path, body, { token: admin });
        expect(refused.status).toBe(400);
        expect(refused.body.error.details.errors).toEqual([{ path: ['ids'], message: 'Invalid id' }]);
      }
    }
    for (const path of [`/api/units/${largest + 1}`, `/api/projects/${largest + 1}/units`, `/api/projects/${largest + 1}`, `/api/units/${largest}`]) {
      expect((await client.get(path, { token: admin })).status).toBe(404);
    }
    expect(await snapshot()).toBe(before);
  });

  it('refuses bad input and changes nothing', async () => {
    const before = await snapshot();
    for (const body of [
      { ids: [], status: 'sold' },
      { ids: [1], status: 'gone' },
      { ids: ['x'], status: 'sold' },
      { ids: [1], status: 'sold', where: {} },
      { ids: { $gt: 0 }, status: 'sold' },
    ]) {
      expect((await client.post('/api/units/bulk-status', body, { token: admin })).status).toBe(400);
    }
    expect(await snapshot()).toBe(before);
  });

  it('deletes many units in one request; repeating it is harmless', async () => {
    const projectId = await createProject('Bulk Delete Tower');
    const ids = (await createUnits(projectId, [{ unitNumber: 'Z1' }, { unitNumber: 'Z2' }, { unitNumber: 'Z3' }])).body.data.map((unit) => unit.id);
    const first = await client.post<{ data: { deleted: number } }>('/api/units/bulk-delete', { ids }, { token: admin });
    expect(first.body.data.deleted).toBe(3);
    const again = await client.post<{ data: { deleted: number } }>('/api/units/bulk-delete', { ids }, { token: admin });
    expect(again.body.data.deleted).toBe(0);
  });
});

describe('agents write nothing', () => {
  it('refuses every write route to an agent and leaves the data untouched', async () => {
    const [unit] = (await unitQuery().findMany({ limit: 1 })) as { id: number; projectId: number }[];
    const before = await snapshot();
    const projectCount = await server.strapi.db.query('api::project.project').count({});
    const attempts = [
      client.post('/api/projects', { name: 'Agent Tower', location: 'Dubai' }, { token: agent }),
      client.put(`/api/projects/${unit.projectId}`, { name: 'Renamed' }, { token: agent }),
      client.del(`/api/projects/${unit.projectId}`, { token: agent }),
      client.post(`/api/projects/${unit.projectId}/units`, { units: [{ unitNumber: 'AG-1' }] }, { token: agent }),
      client.put(`/api/units/${unit.id}`, { status: 'sold' }, { token: agent }),
      client.del(`/api/units/${unit.id}`, { token: agent }),
      client.post('/api/units/bulk-status', { ids: [unit.id], status: 'sold' }, { token: agent }),
      client.post('/api/units/bulk-delete', { ids: [unit.id] }, { token: agent }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(403);
    expect(await snapshot()).toBe(before);
    expect(await server.strapi.db.query('api::project.project').count({})).toBe(projectCount);
  });
});
