import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNIT_STATUSES, type UnitStatus } from '@repo/types';
import { createSecurityFixtures, createSecurityUsers, SECURITY_PASSWORD, securityEmail, type SecurityFixtures } from './helpers/security-fixtures';
import { createClient, signIn, startTestStrapi, type ApiResponse, type TestClient, type TestServer } from './helpers/strapi';

/**
 * Issue #9 item 2: exact visibility, property-tested. For random agents, random project access
 * lists, random status changes and random query parameters, every list an agent gets is exactly
 * the set spec §6 allows (computed here from the database rows, independently of the server's
 * code), everything listed opens, nothing hidden opens, and a hidden record answers exactly like
 * one that does not exist.
 */
type Agent = 'dubai' | 'doha' | 'super';
interface ProjectRow {
  id: number;
  visibleTo: string[] | null;
}
interface UnitRow {
  id: number;
  projectId: number;
  unitStatus: UnitStatus;
}
interface Listed {
  id: number;
}

const USER_UID = 'plugin::users-permissions.user';
/** Spec §6: agents never see these, whatever the project. */
const HIDDEN_FROM_AGENTS: UnitStatus[] = ['unavailable', 'occupied'];
const MISSING_ID = 999_999_999;
const SEED = 20260919;

let server: TestServer;
let client: TestClient;
let adminToken: string;
let fixtures: SecurityFixtures;
const tokens = {} as Record<Agent, string>;
const userIds = {} as Record<Agent, number>;

const projectRows = async () =>
  (await server.strapi.db.query('api::project.project').findMany({ select: ['id', 'visibleTo'], orderBy: { id: 'asc' } })) as ProjectRow[];
const unitRows = async () =>
  (await server.strapi.db.query('api::unit.unit').findMany({ select: ['id', 'projectId', 'unitStatus'], orderBy: { id: 'asc' }, limit: 100_000 })) as UnitRow[];

/**
 * Spec §6, written out again here: region (super sees all), then the profile's visibleProjects:
 * null is none assigned (the region default, spec §4), a list narrows, an empty list leaves nothing.
 */
const expectedProjectIds = (projects: ProjectRow[], agent: Agent, visibleProjects: number[] | null) =>
  projects
    .filter((project) => agent === 'super' || (project.visibleTo ?? []).includes(agent))
    .filter((project) => visibleProjects === null || visibleProjects.includes(project.id))
    .map((project) => project.id);

const expectedUnitIds = (units: UnitRow[], projectId: number) =>
  units.filter((unit) => unit.projectId === projectId && !HIDDEN_FROM_AGENTS.includes(unit.unitStatus)).map((unit) => unit.id);

const idsOf = (response: ApiResponse<{ data: Listed[] }>) => response.body.data.map((item) => item.id).sort((a, b) => a - b);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/** Query parameters a caller might try on a list: Strapi's own vocabulary, and keys aimed at the hidden rows. */
const QUERY_PARTS: [string, fc.Arbitrary<string>][] = [
  ['filters[unitStatus][$eq]', fc.constantFrom(...UNIT_STATUSES)],
  ['filters[status][$in][0]', fc.constantFrom('unavailable', 'occupied')],
  ['filters[projectId][$in][0]', fc.integer({ min: 1, max: 40 }).map(String)],
  ['filters[$or][0][visibleTo][$contains]', fc.constantFrom('dubai', 'doha')],
  ['filters[id][$gt]', fc.constant('0')],
  ['sort', fc.constantFrom('price:desc', 'id:asc', 'saleDetails:asc', 'unitStatus')],
  ['sort[0]', fc.constantFrom('updatedAt:desc', 'name')],
  ['fields[0]', fc.constantFrom('saleDetails', 'archived', 'unitStatus', 'id')],
  ['populate', fc.constantFrom('*', 'images', 'saleDetails')],
  ['populate[units][populate]', fc.constant('*')],
  ['pagination[page]', fc.integer({ min: 0, max: 5 }).map(String)],
  ['pagination[pageSize]', fc.constantFrom('1', '100', '1000000000')],
  ['pagination[withCount]', fc.constantFrom('true', 'false')],
  ['status', fc.constantFrom('draft', 'published')],
  ['locale', fc.constantFrom('fr', 'all')],
  ['publicationState', fc.constant('preview')],
  ['where[id]', fc.constant('1')],
  ['_q', fc.string({ maxLength: 8 })],
];

const queryArbitrary = fc
  .subarray(QUERY_PARTS, { maxLength: 4 })
  .chain((parts) =>
    parts.length === 0 ? fc.constant([] as [string, string][]) : fc.tuple(...parts.map(([key, value]) => value.map((v) => [key, v] as [string, string]))),
  )
  .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&')}`));

/** The top-level parameters a query string names, as the server parses them ('filters[id][$gt]=0' names 'filters'). */
const queryKeys = (query: string) => [...new Set([...new URLSearchParams(query).keys()].map((key) => key.split('[')[0]))].sort();

type Refusal = { data?: unknown; error?: { status: number; name: string; message: string; details?: { errors?: { path: string[] }[] } } };

/**
 * The portal's lists take no query parameters (they are refused by name, so none can widen or probe
 * a view): with a query the answer is a 400 that names exactly the query's parameters and carries
 * no data; without one it is the exact list.
 */
const checkList = (response: ApiResponse<{ data: Listed[] }>, query: string, expected: number[], what: string) => {
  if (query !== '') {
    const refusal = response.body as unknown as Refusal;
    expect(response.status, `${what}${query}: ${response.text.slice(0, 200)}`).toBe(400);
    expect(refusal.data ?? null, `${what}${query}`).toBeNull();
    expect(refusal.error?.name).toBe('ValidationError');
    expect((refusal.error?.details?.errors ?? []).map((error) => error.path[0]).sort(), `${what}${query}`).toEqual(queryKeys(query));
    return;
  }
  expect(response.status, `${what}: ${response.text.slice(0, 200)}`).toBe(200);
  expect(idsOf(response), what).toEqual(sorted(expected));
};

beforeAll(async () => {
  server = await startTestStrapi({ seed: false });
  client = createClient(server.baseUrl);
  const ids = await createSecurityUsers(server);
  adminToken = await signIn(client, securityEmail('admin'), SECURITY_PASSWORD, 'admin');
  // Two projects of each visibility, each with a unit of every status.
  fixtures = await createSecurityFixtures(client, adminToken, 'Vis');
  await createSecurityFixtures(client, adminToken, 'Vis2');
  for (const agent of ['dubai', 'doha', 'super'] as const) {
    tokens[agent] = await signIn(client, securityEmail(agent), SECURITY_PASSWORD);
    userIds[agent] = ids[agent];
  }
});

afterAll(async () => {
  await server?.stop();
});

describe('exact visibility for random agents, access lists, status changes and query parameters', () => {
  it('lists exactly what the agent may see, opens all of it, and nothing else', async () => {
    const projects = await projectRows();
    const projectIds = projects.map((project) => project.id);
    const allUnits = await unitRows();
    expect(projects.length).toBeGreaterThanOrEqual(8);

    const scenario = fc.record({
      agent: fc.constantFrom<Agent>('dubai', 'doha', 'super'),
      // None assigned (the common case), no project at all, or a random subset, sometimes naming a project that does not exist.
      visibleProjects: fc.oneof(fc.constant(null), fc.constant([] as number[]), fc.subarray([...projectIds, MISSING_ID], { minLength: 1 })),
      statusChange: fc.option(
        fc.record({
          ids: fc.subarray(
            allUnits.map((unit) => unit.id),
            { minLength: 1, maxLength: 6 },
          ),
          status: fc.constantFrom(...UNIT_STATUSES),
        }),
      ),
      projectsQuery: queryArbitrary,
      unitsQuery: queryArbitrary,
      detailProject: fc.constantFrom(...projectIds),
      probes: fc.subarray(
        allUnits.map((unit) => unit.id),
        { minLength: 4, maxLength: 10 },
      ),
    });

    await fc.assert(
      fc.asyncProperty(scenario, async ({ agent, visibleProjects, statusChange, projectsQuery, unitsQuery, detailProject, probes }) => {
        await server.strapi.db.query(USER_UID).update({ where: { id: userIds[agent] }, data: { visibleProjects } });
        if (statusChange) {
          const changed = await client.post('/api/units/bulk-status', statusChange, { token: adminToken });
          expect(changed.status).toBe(200);
        }
        const token = tokens[agent];
        const units = await unitRows();
        const visible = expectedProjectIds(projects, agent, visibleProjects);

        // The dashboard list, plain and with the random query.
        checkList(await client.get('/api/projects', { token }), '', visible, `${agent} ${JSON.stringify(visibleProjects)} /api/projects`);
        checkList(
          await client.get(`/api/projects${projectsQuery}`, { token }),
          projectsQuery,
          visible,
          `${agent} ${JSON.stringify(visibleProjects)} /api/projects`,
        );

        // Every project: opens iff visible; its unit list is exactly its agent-visible units.
        const answers = await Promise.all(
          projectIds.map(async (id) => ({
            id,
            detail: await client.get<{ data: Listed }>(`/api/projects/${id}`, { token }),
            list: await client.get<{ data: Listed[] }>(`/api/projects/${id}/units${id === detailProject ? unitsQuery : ''}`, { token }),
          })),
        );
        for (const { id, detail, list } of answers) {
          expect(detail.status, `${agent} project ${id}`).toBe(visible.includes(id) ? 200 : 404);
          if (!visible.includes(id)) {
            const refusals = id === detailProject && unitsQuery ? [400, 404] : [404];
            expect(refusals, `${agent} units of hidden project ${id}: ${list.status}`).toContain(list.status);
            continue;
          }
          checkList(list, id === detailProject ? unitsQuery : '', expectedUnitIds(units, id), `${agent} /api/projects/${id}/units`);
        }

        // The units of one project and a random sample of others, visible or not: each opens exactly when the agent may see it.
        const allowed = new Set(visible.flatMap((id) => expectedUnitIds(units, id)));
        const opened = units.filter((unit) => unit.projectId === detailProject || probes.includes(unit.id));
        const details = await Promise.all(
          opened.map(async (unit) => ({ unit, detail: await client.get<{ data: Listed & { status: string } }>(`/api/units/${unit.id}`, { token }) })),
        );
        for (const { unit, detail } of details) {
          expect(detail.status, `${agent} unit ${unit.id} (${unit.unitStatus})`).toBe(allowed.has(unit.id) ? 200 : 404);
          if (detail.status === 200) expect(detail.body.data.status).toBe(unit.unitStatus);
        }
      }),
      { seed: SEED, numRuns: 25, endOnFailure: true },
    );
  }, 150_000);
});

describe('every listed item opens', () => {
  it.each(['dubai', 'doha', 'super'] as const)(
    'every project and unit the %s agent is listed opens on its detail route',
    async (agent) => {
      await server.strapi.db.query(USER_UID).update({ where: { id: userIds[agent] }, data: { visibleProjects: null } });
      const token = tokens[agent];
      const listed = await client.get<{ data: Listed[] }>('/api/projects', { token });
      expect(listed.status).toBe(200);
      let opened = 0;
      for (const project of listed.body.data) {
        expect((await client.get(`/api/projects/${project.id}`, { token })).status).toBe(200);
        const units = await client.get<{ data: Listed[] }>(`/api/projects/${project.id}/units`, { token });
        expect(units.status).toBe(200);
        const answers = await Promise.all(units.body.data.map((unit) => client.get(`/api/units/${unit.id}`, { token })));
        expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.status)).toEqual([]);
        opened += answers.length;
      }
      const projects = await projectRows();
      const units = await unitRows();
      const expected = expectedProjectIds(projects, agent, null).flatMap((id) => expectedUnitIds(units, id));
      expect(opened).toBe(expected.length);
      expect(opened).toBeGreaterThan(0);
    },
    90_000,
  );
});

describe('hidden and non-existent records look the same', () => {
  const sameAnswer = async (token: string, hiddenPath: string, missingPath: string) => {
    const hidden = await client.get(hiddenPath, { token });
    const missing = await client.get(missingPath, { token });
    expect(hidden.status).toBe(404);
    expect({ status: hidden.status, body: hidden.body }).toEqual({ status: missing.status, body: missing.body });
    expect(hidden.headers.get('content-type')).toBe(missing.headers.get('content-type'));
    expect(hidden.text.length).toBe(missing.text.length);
  };

  it.each(['unavailable', 'occupied'] as const)('a %s unit of a visible project answers like a unit that does not exist', async (status) => {
    await server.strapi.db.query(USER_UID).update({ where: { id: userIds.dubai }, data: { visibleProjects: null } });
    // The unit must really be in that status: a refused change would leave it visible, or hidden for another reason.
    expect((await client.post('/api/units/bulk-status', { ids: [fixtures.units.dubai[status]], status }, { token: adminToken })).status).toBe(200);
    expect((await client.get<{ data: { status: string } }>(`/api/units/${fixtures.units.dubai[status]}`, { token: adminToken })).body.data.status).toBe(status);
    await sameAnswer(tokens.dubai, `/api/units/${fixtures.units.dubai[status]}`, `/api/units/${MISSING_ID}`);
  });

  it('a unit of another region, a project of another region, and their unit list answer like missing ones', async () => {
    await server.strapi.db.query(USER_UID).update({ where: { id: userIds.doha }, data: { visibleProjects: null } });
    // Available, so the 404 below comes from the region and not from the status.
    expect((await client.post('/api/units/bulk-status', { ids: [fixtures.units.dubai.available], status: 'available' }, { token: adminToken })).status).toBe(
      200,
    );
    await sameAnswer(tokens.doha, `/api/units/${fixtures.units.dubai.available}`, `/api/units/${MISSING_ID}`);
    await sameAnswer(tokens.doha, `/api/projects/${fixtures.projects.dubai}`, `/api/projects/${MISSING_ID}`);
    await sameAnswer(tokens.doha, `/api/projects/${fixtures.projects.dubai}/units`, `/api/projects/${MISSING_ID}/units`);
  });

  it('a project outside the agent’s visibleProjects answers like a missing one, even in their region', async () => {
    await server.strapi.db.query(USER_UID).update({ where: { id: userIds.dubai }, data: { visibleProjects: [fixtures.projects.both] } });
    await sameAnswer(tokens.dubai, `/api/projects/${fixtures.projects.dubai}`, `/api/projects/${MISSING_ID}`);
    await sameAnswer(tokens.dubai, `/api/units/${fixtures.units.dubai.available}`, `/api/units/${MISSING_ID}`);
    await server.strapi.db.query(USER_UID).update({ where: { id: userIds.dubai }, data: { visibleProjects: null } });
  });

  it('the neither-region project is hidden from every agent type except super', async () => {
    for (const agent of ['dubai', 'doha'] as const)
      await server.strapi.db.query(USER_UID).update({ where: { id: userIds[agent] }, data: { visibleProjects: null } });
    // Available first, so the doha agent's 404 comes from the project's visibility and not from the unit's status.
    expect((await client.post('/api/units/bulk-status', { ids: [fixtures.units.none.available], status: 'available' }, { token: adminToken })).status).toBe(
      200,
    );
    await sameAnswer(tokens.dubai, `/api/projects/${fixtures.projects.none}`, `/api/projects/${MISSING_ID}`);
    await sameAnswer(tokens.doha, `/api/units/${fixtures.units.none.available}`, `/api/units/${MISSING_ID}`);
    await server.strapi.db.query(USER_UID).update({ where: { id: userIds.super }, data: { visibleProjects: null } });
    expect((await client.get(`/api/units/${fixtures.units.none.available}`, { token: tokens.super })).status).toBe(200);
  });
});
