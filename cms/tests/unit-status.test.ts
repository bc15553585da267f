import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, DEMO, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';

interface ApiUnit {
  documentId: string;
  unitNumber: string;
  status?: string;
  unitStatus?: string;
  archived?: boolean;
  saleDetails?: unknown;
}

let server: TestServer;
let client: TestClient;
let token: string;
let projectId: number;

beforeAll(async () => {
  server = await startTestStrapi({ seed: true });
  client = createClient(server.baseUrl);
  token = await signIn(client, DEMO.admin.email, DEMO.admin.password);
  const project = (await server.strapi.db.query('api::project.project').findOne({ where: { name: 'Marina Heights' } })) as { id: number };
  projectId = project.id;
});

afterAll(async () => {
  await server?.stop();
});

describe('unit status in the API', () => {
  it('accepts and returns status while storing it as unitStatus', async () => {
    const created = await client.post<{ data: ApiUnit }>(
      '/api/units',
      { data: { projectId, unitNumber: 'ST-1', status: 'reserved' } },
      { token },
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ unitNumber: 'ST-1', status: 'reserved' });
    expect(created.body.data).not.toHaveProperty('unitStatus');
    const row = (await server.strapi.db.query('api::unit.unit').findOne({ where: { unitNumber: 'ST-1', projectId } })) as {
      unitStatus: string;
    };
    expect(row.unitStatus).toBe('reserved');

    const updated = await client.put<{ data: ApiUnit }>(`/api/units/${created.body.data.documentId}`, { data: { status: 'sold' } }, { token });
    expect(updated.status).toBe(200);
    expect(updated.body.data.status).toBe('sold');
  });

  it('defaults a new unit to available', async () => {
    const created = await client.post<{ data: ApiUnit }>('/api/units', { data: { projectId, unitNumber: 'ST-2' } }, { token });
    expect(created.status).toBe(201);
    expect(created.body.data.status).toBe('available');
  });

  it('refuses a status outside the five of the spec', async () => {
    const response = await client.post('/api/units', { data: { projectId, unitNumber: 'ST-3', status: 'demolished' } }, { token });
    expect(response.status).toBe(400);
    expect(await server.strapi.db.query('api::unit.unit').count({ where: { unitNumber: 'ST-3' } })).toBe(0);
  });

  it('never returns archived flags or sale details, even when asked to populate them', async () => {
    const populated = await client.get<{ data: ApiUnit[] }>('/api/units?populate=*&pagination[pageSize]=100', { token });
    expect(populated.status).toBe(200);
    for (const unit of populated.body.data) {
      expect(unit).not.toHaveProperty('archived');
      expect(unit).not.toHaveProperty('saleDetails');
      expect(unit.status).toMatch(/^(available|sold|reserved|unavailable|occupied)$/);
    }
  });
});
