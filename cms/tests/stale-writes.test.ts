import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_MESSAGES, SOLD_UNIT_MESSAGES } from '@repo/types';
import { createClient, DEMO, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';

// Issue #25 finding 5: a write that replaces a form carries the revision it was read at. Two admins
// saving from the same read must not both win: the second gets 409 and the first's change stays.

interface Envelope<T> {
  data: T;
  error?: { status: number; message: string; details?: { errors?: { path: string[]; message: string }[] } };
}
interface ProjectRead {
  id: number;
  name: string;
  visibleTo: string[];
  revision?: number;
}
interface SoldRead {
  id: number;
  revision: number;
  saleDetails: { totalAmount: number | null; paidAmount: number | null; remainingAmount: number | null; notes: string | null };
}

let server: TestServer;
let client: TestClient;
let admin: string;
let otherAdminSession: string;
let agent: string;

const projectQuery = () => server.strapi.db.query('api::project.project');
const unitQuery = () => server.strapi.db.query('api::unit.unit');

const readProject = async (id: number, token = admin) => (await client.get<Envelope<ProjectRead>>(`/api/projects/${id}`, { token })).body.data;
const editProject = (id: number, body: Record<string, unknown>, token = admin) => client.put<Envelope<ProjectRead>>(`/api/projects/${id}`, body, { token });
const createProject = async (name: string) => {
  const response = await client.post<Envelope<ProjectRead>>(
    '/api/projects',
    { name, location: 'Lusail, Doha', visibleTo: ['dubai', 'doha'] },
    { token: admin },
  );
  expect(response.status).toBe(201);
  return response.body.data;
};
const soldUnits = async () => (await client.get<Envelope<SoldRead[]>>('/api/sold-units', { token: admin })).body.data;
const readSold = async (id: number) => (await soldUnits()).find((unit) => unit.id === id) as SoldRead;
const saveSale = (id: number, body: Record<string, unknown>, token = admin) =>
  client.put<Envelope<SoldRead['saleDetails'] & { revision: number }>>(`/api/units/${id}/sale-details`, body, { token });

beforeAll(async () => {
  server = await startTestStrapi({ seed: true });
  client = createClient(server.baseUrl);
  admin = await signIn(client, DEMO.admin.email, DEMO.admin.password, 'admin');
  // The second admin of the finding: another session, working from its own read.
  otherAdminSession = await signIn(client, DEMO.admin.email, DEMO.admin.password, 'admin');
  agent = await signIn(client, DEMO.super.email, DEMO.super.password);
});

afterAll(async () => {
  await server?.stop();
});

describe('project revisions', () => {
  it('gives admins the revision on every read (card, detail, save) and agents none', async () => {
    const project = await createProject('Revision Reads');
    expect(project.revision).toBe(1);
    const card = (await client.get<Envelope<ProjectRead[]>>('/api/projects', { token: admin })).body.data.find((entry) => entry.id === project.id);
    expect(card?.revision).toBe(1);
    expect((await readProject(project.id)).revision).toBe(1);
    const saved = await editProject(project.id, { description: 'Sea view', revision: 1 });
    expect(saved.body.data.revision).toBe(2);
    expect(await readProject(project.id, agent)).not.toHaveProperty('revision');
    const agentCards = (await client.get<Envelope<ProjectRead[]>>('/api/projects', { token: agent })).body.data;
    expect(agentCards.length).toBeGreaterThan(0);
    expect(agentCards.some((entry) => 'revision' in entry)).toBe(false);
  });

  it("refuses an older form's save with 409, so hiding a project from Doha is not silently undone", async () => {
    const project = await createProject('Hidden From Doha');
    const first = await readProject(project.id);
    const second = await readProject(project.id, otherAdminSession);
    const hide = await editProject(project.id, { visibleTo: ['dubai'], revision: first.revision });
    expect(hide.status).toBe(200);
    const stale = await editProject(project.id, { name: second.name, visibleTo: ['dubai', 'doha'], revision: second.revision }, otherAdminSession);
    expect(stale.status).toBe(409);
    expect(stale.body.error?.message).toBe(PROJECT_MESSAGES.stale);
    expect((await readProject(project.id)).visibleTo).toEqual(['dubai']);
    const units = (await unitQuery().findMany({ where: { projectId: project.id }, select: ['visibleTo'] })) as { visibleTo: string[] }[];
    expect(units.every((unit) => JSON.stringify(unit.visibleTo) === '["dubai"]')).toBe(true);
    // Reloading gives the form the latest revision, and then it may save.
    const reloaded = await readProject(project.id, otherAdminSession);
    expect((await editProject(project.id, { description: 'After reload', revision: reloaded.revision }, otherAdminSession)).status).toBe(200);
  });

  it('lets exactly one of two saves fired at once from the same revision through', async () => {
    const project = await createProject('Race Tower');
    const { revision } = await readProject(project.id);
    const answers = await Promise.all([
      editProject(project.id, { visibleTo: ['dubai'], revision }),
      editProject(project.id, { visibleTo: ['doha'], revision }, otherAdminSession),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.status === 200)?.body.data;
    const stored = (await projectQuery().findOne({ where: { id: project.id }, select: ['visibleTo', 'revision'] })) as {
      visibleTo: string[];
      revision: number;
    };
    expect(stored).toEqual({ visibleTo: winner?.visibleTo, revision: (revision ?? 0) + 1 });
  });

  it('refuses a save without a revision, or with a made-up one, and writes nothing', async () => {
    const project = await createProject('No Revision Heights');
    const missing = await editProject(project.id, { name: 'Renamed' });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.message).toBe(PROJECT_MESSAGES.revisionRequired);
    expect(missing.body.error?.details?.errors?.map((error) => error.path[0])).toEqual(['revision']);
    for (const revision of ['1', 1.5, 0, null]) expect((await editProject(project.id, { name: 'Renamed', revision })).status, String(revision)).toBe(400);
    expect((await editProject(project.id, { name: 'Renamed', revision: 99 })).status).toBe(409);
    expect(await readProject(project.id)).toMatchObject({ name: 'No Revision Heights', revision: 1 });
  });

  it('moves the revision when content staff edit the project in the CMS panel, so an older portal form gets 409', async () => {
    const project = await createProject('Panel Edited');
    const before = await readProject(project.id);
    const panel = await client.post<{ data: { token: string } }>('/admin/login', DEMO.cms);
    expect(panel.status).toBe(200);
    const { documentId } = (await projectQuery().findOne({ where: { id: project.id }, select: ['documentId'] })) as { documentId: string };
    const edited = await client.put(
      `/content-manager/collection-types/api::project.project/${documentId}`,
      { description: 'Edited in the panel' },
      { token: panel.body.data.token },
    );
    expect(edited.status).toBe(200);
    const stale = await editProject(project.id, { description: 'Portal form', revision: before.revision });
    expect(stale.status).toBe(409);
    expect(await readProject(project.id)).toMatchObject({ description: 'Edited in the panel', revision: (before.revision ?? 0) + 1 });
  });
});

describe('sale details revisions', () => {
  let soldIds: number[];
  beforeAll(async () => {
    soldIds = (await soldUnits()).map((unit) => unit.id);
    expect(soldIds.length).toBeGreaterThan(5);
  });

  it("refuses the second admin's save from the same read with 409, so the first's payment is not reverted", async () => {
    const id = soldIds[0];
    const read = await readSold(id);
    await saveSale(id, { totalAmount: 1000, paidAmount: 0, revision: read.revision });
    const formA = await readSold(id);
    const formB = await readSold(id);
    const paid = await saveSale(id, { totalAmount: 1000, paidAmount: 400, revision: formA.revision });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ paidAmount: 400, remainingAmount: 600, revision: formA.revision + 1 });
    const stale = await saveSale(id, { totalAmount: 1000, paidAmount: 0, notes: 'Called the buyer', revision: formB.revision }, otherAdminSession);
    expect(stale.status).toBe(409);
    expect(stale.body.error?.message).toBe(SOLD_UNIT_MESSAGES.stale);
    expect((await readSold(id)).saleDetails).toMatchObject({ paidAmount: 400, remainingAmount: 600, notes: null });
  });

  it('lets exactly one of two saves fired at once from the same revision through', async () => {
    const id = soldIds[1];
    const { revision } = await readSold(id);
    const answers = await Promise.all([
      saveSale(id, { totalAmount: 500, paidAmount: 100, revision }),
      saveSale(id, { totalAmount: 500, paidAmount: 300, revision }, otherAdminSession),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.status === 200)?.body.data;
    const stored = await readSold(id);
    expect(stored.revision).toBe(revision + 1);
    expect(stored.saleDetails.paidAmount).toBe(winner?.paidAmount);
  });

  it('shares the unit revision: a unit edit since the read makes the sale details form stale, and the other way round', async () => {
    const id = soldIds[2];
    const { revision } = await readSold(id);
    expect((await client.put(`/api/units/${id}`, { price: 123456, revision }, { token: admin })).status).toBe(200);
    const stale = await saveSale(id, { paidAmount: 1, revision });
    expect(stale.status).toBe(409);
    const fresh = await readSold(id);
    expect((await saveSale(id, { paidAmount: 1, revision: fresh.revision })).status).toBe(200);
    expect((await client.put(`/api/units/${id}`, { price: 1, revision: fresh.revision }, { token: admin })).status).toBe(409);
  });

  it('refuses a save without a revision and writes nothing', async () => {
    const id = soldIds[3];
    const before = await readSold(id);
    const missing = await saveSale(id, { paidAmount: 5 });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.message).toBe(SOLD_UNIT_MESSAGES.revisionRequired);
    expect(missing.body.error?.details?.errors?.map((error) => error.path[0])).toEqual(['revision']);
    expect((await saveSale(id, { paidAmount: 5, revision: String(before.revision) })).status).toBe(400);
    expect(await readSold(id)).toEqual(before);
  });
});
