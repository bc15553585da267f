import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { imageVariantsOf } from '@repo/types';
import { createClient, DEMO, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';

interface ProjectRow {
  id: number;
  name: string;
  visibleTo: string[] | null;
}
interface UnitRow {
  id: number;
  projectId: number;
  unitStatus: string;
}
interface Card {
  id: number;
  totalUnits: number;
  unitStatusCounts: Record<string, number>;
}
type Agent = 'dubai' | 'doha' | 'super';

const AGENT_STATUSES = ['available', 'sold', 'reserved'];
const PRIVATE_KEYS = ['archived', 'saleDetails', 'revision', 'unitStatus', 'path', 'imagePath', 'password'];

let server: TestServer;
let client: TestClient;
let tokens: Record<Agent | 'admin', string>;
let projects: ProjectRow[];
let units: UnitRow[];

const agentIds: Record<Agent, () => Promise<number>> = {
  dubai: async () => userId(DEMO.dubai.email),
  doha: async () => userId(DEMO.doha.email),
  super: async () => userId(DEMO.super.email),
};
const userId = async (email: string) => ((await server.strapi.db.query('plugin::users-permissions.user').findOne({ where: { email } })) as { id: number }).id;
const setVisibleProjects = async (agent: Agent, ids: number[] | null) =>
  server.strapi.db.query('plugin::users-permissions.user').update({ where: { id: await agentIds[agent]() }, data: { visibleProjects: ids } });

/** What the spec says each agent may see, computed here from the rows, independently of the server's code. */
const expectedProjects = (agent: Agent | 'admin', visibleProjects: number[] | null = null) =>
  projects
    .filter((project) => agent === 'admin' || agent === 'super' || (project.visibleTo ?? []).includes(agent))
    .filter((project) => agent === 'admin' || visibleProjects === null || visibleProjects.includes(project.id))
    .map((project) => project.id)
    .sort((a, b) => a - b);
const expectedUnits = (agent: Agent | 'admin', projectId: number) =>
  units
    .filter((unit) => unit.projectId === projectId && (agent === 'admin' || AGENT_STATUSES.includes(unit.unitStatus)))
    .map((unit) => unit.id)
    .sort((a, b) => a - b);

const ids = (items: { id: number }[]) => items.map((item) => item.id).sort((a, b) => a - b);
const keysDeep = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(keysDeep)
    : typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, inner]) => [key, ...keysDeep(inner)])
      : [];

beforeAll(async () => {
  server = await startTestStrapi({ seed: true });
  client = createClient(server.baseUrl);
  tokens = {
    admin: await signIn(client, DEMO.admin.email, DEMO.admin.password),
    dubai: await signIn(client, DEMO.dubai.email, DEMO.dubai.password),
    doha: await signIn(client, DEMO.doha.email, DEMO.doha.password),
    super: await signIn(client, DEMO.super.email, DEMO.super.password),
  };
  projects = (await server.strapi.db.query('api::project.project').findMany({ select: ['id', 'name', 'visibleTo'] })) as ProjectRow[];
  units = (await server.strapi.db.query('api::unit.unit').findMany({ select: ['id', 'projectId', 'unitStatus'], limit: 10_000 })) as UnitRow[];
});

afterAll(async () => {
  await server?.stop();
});

afterEach(async () => {
  for (const agent of ['dubai', 'doha', 'super'] as const) await setVisibleProjects(agent, null);
});

describe('dashboard cards', () => {
  it.each(['admin', 'dubai', 'doha', 'super'] as const)('gives the %s exactly the projects they may see, with counts from the database', async (who) => {
    const response = await client.get<{ data: Card[] }>('/api/projects', { token: tokens[who] });
    expect(response.status).toBe(200);
    expect(ids(response.body.data)).toEqual(expectedProjects(who));
    for (const card of response.body.data) {
      const own = units.filter((unit) => unit.projectId === card.id && (who === 'admin' || AGENT_STATUSES.includes(unit.unitStatus)));
      expect(card.totalUnits).toBe(own.length);
      for (const status of ['available', 'sold', 'reserved', 'unavailable', 'occupied']) {
        expect(card.unitStatusCounts[status], `${status} of project ${card.id}`).toBe(own.filter((unit) => unit.unitStatus === status).length);
      }
    }
  });

  it('gives each card, and each single project, exactly the fields and values the query engine reads, in name order', async () => {
    const fields = ['id', 'name', 'location', 'description', 'projectType', 'imageUrl', 'imageMetadata', 'visibleTo', 'createdAt', 'updatedAt', 'revision'];
    const stored = (await server.strapi.db.query('api::project.project').findMany({ select: fields, orderBy: [{ name: 'asc' }, { id: 'asc' }] })) as Record<
      string,
      unknown
    >[];
    const response = await client.get<{ data: (Card & Record<string, unknown>)[] }>('/api/projects', { token: tokens.admin });
    // Plus the cover's variants, which follow from its URL (issue #26).
    const shown = stored.map((project) => ({ ...project, imageVariants: imageVariantsOf(project.imageUrl as string | null) }));
    expect(response.body.data.map(({ totalUnits: _total, unitStatusCounts: _counts, ...card }) => card)).toEqual(shown);
    expect(stored.some((project) => Array.isArray(project.visibleTo) && typeof project.createdAt === 'string')).toBe(true);
    const one = await client.get<{ data: Record<string, unknown> }>(`/api/projects/${stored[0].id}`, { token: tokens.admin });
    expect(one.body.data).toEqual(shown[0]);
  });

  it('hides the neither-region project from every agent but not from admins', async () => {
    const other = projects.find((project) => (project.visibleTo ?? []).length === 0);
    expect(other).toBeDefined();
    for (const agent of ['dubai', 'doha'] as const) expect(expectedProjects(agent)).not.toContain(other?.id);
    expect(expectedProjects('admin')).toContain(other?.id);
  });

  it('narrows an agent to their visibleProjects, and to nothing when those lie outside their region', async () => {
    const [dubaiProject] = expectedProjects('dubai');
    await setVisibleProjects('dubai', [dubaiProject]);
    const narrowed = await client.get<{ data: Card[] }>('/api/projects', { token: tokens.dubai });
    expect(ids(narrowed.body.data)).toEqual([dubaiProject]);

    const dohaOnly = expectedProjects('doha').filter((id) => !expectedProjects('dubai').includes(id));
    await setVisibleProjects('dubai', dohaOnly);
    const none = await client.get<{ data: Card[] }>('/api/projects', { token: tokens.dubai });
    expect(none.body.data).toEqual([]);
    const units = await client.get(`/api/projects/${dohaOnly[0]}/units`, { token: tokens.dubai });
    expect(units.status).toBe(404);
  });
});

describe('project units', () => {
  it.each(['admin', 'dubai', 'doha', 'super'] as const)('lists for the %s exactly the visible units of each project, and 404 elsewhere', async (who) => {
    const visible = expectedProjects(who);
    for (const project of projects) {
      const response = await client.get<{ data: { id: number; status: string }[] }>(`/api/projects/${project.id}/units`, { token: tokens[who] });
      if (!visible.includes(project.id)) {
        expect(response.status, `project ${project.name}`).toBe(404);
        expect(response.text).toContain('Project not found');
        continue;
      }
      expect(response.status).toBe(200);
      expect(ids(response.body.data)).toEqual(expectedUnits(who, project.id));
      if (who !== 'admin') expect(new Set(response.body.data.map((unit) => unit.status))).not.toContain('occupied');
      const leaked = keysDeep(response.body).filter((key) => PRIVATE_KEYS.includes(key));
      expect(leaked).toEqual([]);
    }
  });

  it('answers a revalidation with 304 until something changes', async () => {
    const project = expectedProjects('dubai')[0];
    const first = await client.get(`/api/projects/${project}/units`, { token: tokens.dubai });
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"u-/);
    const again = await client.get(`/api/projects/${project}/units`, { token: tokens.dubai, headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');

    const adminEtag = (await client.get(`/api/projects/${project}/units`, { token: tokens.admin })).headers.get('etag');
    expect(adminEtag).not.toBe(etag);

    const target = units.find((unit) => unit.projectId === project && unit.unitStatus === 'available');
    expect((await client.put(`/api/units/${target?.id}`, { price: 123456 }, { token: tokens.admin })).status).toBe(200);
    const changed = await client.get(`/api/projects/${project}/units`, { token: tokens.dubai, headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('tells apart two changes in the same second', async () => {
    const project = expectedProjects('dubai')[0];
    const target = units.find((unit) => unit.projectId === project && unit.unitStatus === 'available');
    // A later second than any other unit's, so each write moves the list's newest change; written
    // directly, so the two times are exactly 100 ms apart within that second.
    const second = Date.UTC(2099, 0, 1, 12, 0, 0);
    const etagAt = async (updatedAt: Date) => {
      await server.strapi.db.connection('units').where('id', target?.id).update({ updated_at: updatedAt });
      return (await client.get(`/api/projects/${project}/units`, { token: tokens.dubai })).headers.get('etag');
    };
    const earlier = await etagAt(new Date(second + 100));
    const later = await etagAt(new Date(second + 200));
    expect(later).not.toBe(earlier);
    const revalidated = await client.get(`/api/projects/${project}/units`, { token: tokens.dubai, headers: { 'If-None-Match': earlier ?? '' } });
    expect(revalidated.status).toBe(200);
  });

  it('tells apart two status changes in the same millisecond', async () => {
    const project = expectedProjects('dubai')[0];
    const [first, second] = units.filter((unit) => unit.projectId === project && unit.unitStatus === 'available');
    // Both changes stamped with the same instant, later than any other unit's: the count, the id sum
    // and the newest change stay as they were; only the units' revisions moved.
    const instant = new Date(Date.UTC(2099, 0, 2, 12, 0, 0, 250));
    const change = async (id: number) => {
      expect((await client.post('/api/units/bulk-status', { ids: [id], status: 'reserved' }, { token: tokens.admin })).status).toBe(200);
      await server.strapi.db.connection('units').whereIn('id', [first.id, second.id]).update({ updated_at: instant });
      return (await client.get(`/api/projects/${project}/units`, { token: tokens.dubai })).headers.get('etag');
    };
    try {
      const afterFirst = await change(first.id);
      const afterSecond = await change(second.id);
      expect(afterSecond).not.toBe(afterFirst);
      const revalidated = await client.get<{ data: { id: number; status: string }[] }>(`/api/projects/${project}/units`, {
        token: tokens.dubai,
        headers: { 'If-None-Match': afterFirst ?? '' },
      });
      expect(revalidated.status).toBe(200);
      expect(revalidated.body.data.find((unit) => unit.id === second.id)?.status).toBe('reserved');
    } finally {
      await client.post('/api/units/bulk-status', { ids: [first.id, second.id], status: 'available' }, { token: tokens.admin });
    }
  });
});

describe('project units sent again (the held list, list-cache.ts)', () => {
  type ListBody = { data: { id: number; status: string; price: number | null }[] };
  const list = (project: number, who: Agent | 'admin') => client.get<ListBody>(`/api/projects/${project}/units`, { token: tokens[who] });

  it('gives each scope its own rows, whichever asked first, and agents of one scope the same text', async () => {
    // A project where admins see more than agents (units no agent may see).
    const project = expectedProjects('dubai').find((id) => expectedUnits('admin', id).length > expectedUnits('dubai', id).length);
    expect(project).toBeDefined();
    for (const who of ['admin', 'dubai', 'admin', 'super', 'dubai'] as const) {
      const response = await list(project!, who);
      expect(response.status).toBe(200);
      expect(ids(response.body.data), who).toEqual(expectedUnits(who, project!));
    }
    const [dubai, superAgent] = [await list(project!, 'dubai'), await list(project!, 'super')];
    expect(superAgent.headers.get('etag')).toBe(dubai.headers.get('etag'));
    expect(superAgent.text).toBe(dubai.text);
    expect(dubai.headers.get('content-type')).toContain('application/json');
  });

  it('answers with the change once there is one, to every viewer, however many ask at once', async () => {
    const project = expectedProjects('doha')[0];
    const target = units.find((unit) => unit.projectId === project && unit.unitStatus === 'available');
    expect((await list(project, 'doha')).body.data.find((unit) => unit.id === target?.id)).toBeDefined();
    const price = 7_654_321 + Math.floor(Math.random() * 1000);
    expect((await client.put(`/api/units/${target?.id}`, { price }, { token: tokens.admin })).status).toBe(200);
    const answers = await Promise.all((['doha', 'super', 'doha', 'admin', 'super'] as const).map((who) => list(project, who)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.data.find((unit) => unit.id === target?.id)?.price).toBe(price);
    }
    expect(new Set([answers[0].text, answers[1].text, answers[2].text, answers[4].text]).size).toBe(1);
  });
});

describe('unit detail', () => {
  it('opens every listed unit for its agent, and a hidden unit looks exactly like a missing one', async () => {
    const project = expectedProjects('doha')[0];
    for (const id of expectedUnits('doha', project).slice(0, 15)) {
      const response = await client.get<{ data: { id: number; project: { id: number } } }>(`/api/units/${id}`, { token: tokens.doha });
      expect(response.status).toBe(200);
      expect(response.body.data.project.id).toBe(project);
      expect(keysDeep(response.body).filter((key) => PRIVATE_KEYS.includes(key))).toEqual([]);
    }
    const hiddenStatus = units.find((unit) => unit.projectId === project && unit.unitStatus === 'occupied');
    const hiddenProject = units.find((unit) => !expectedProjects('doha').includes(unit.projectId));
    const missing = await client.get('/api/units/999999', { token: tokens.doha });
    for (const hidden of [hiddenStatus, hiddenProject]) {
      const response = await client.get(`/api/units/${hidden?.id}`, { token: tokens.doha });
      expect(response.status).toBe(missing.status);
      expect(response.body).toEqual(missing.body);
    }
    expect(missing.status).toBe(404);
  });

  it('gives admins the archive flag, which agents never get', async () => {
    const [unit] = units;
    const admin = await client.get<{ data: Record<string, unknown> }>(`/api/units/${unit.id}`, { token: tokens.admin });
    expect(admin.body.data).toHaveProperty('archived');
  });
});

describe('crafted query parameters', () => {
  const probes = [
    'filters[visibleTo][$contains]=doha',
    'filters[unitStatus][$eq]=occupied',
    'filters[archived][$eq]=true',
    'populate=*',
    'populate[saleDetails]=true',
    'fields[0]=archived',
    'sort=archived:asc',
    'sort[0]=saleDetails.totalAmount',
    'status=draft',
    'pagination[pageSize]=1000000',
    'projectId=3',
  ];
  it.each(probes)('refuses ?%s on every read route instead of widening the view', async (probe) => {
    const project = expectedProjects('dubai')[0];
    const unit = expectedUnits('dubai', project)[0];
    for (const route of ['/api/projects', `/api/projects/${project}`, `/api/projects/${project}/units`, `/api/units/${unit}`]) {
      const response = await client.get(`${route}?${probe}`, { token: tokens.dubai });
      expect(response.status, `${route}?${probe}`).toBe(400);
      expect(response.text).not.toMatch(/select |sqlite|knex|\/work\//i);
    }
  });
});
