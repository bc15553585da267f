import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyFor, insightsWindow, projectRegions, WEEK_MS, type InsightsData, type InsightsRegion, type WeeklyCount } from '@repo/types';
import { createSecurityUsers, SECURITY_PASSWORD, securityEmail } from './helpers/security-fixtures';
import { createClient, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';

/**
 * Issue #28 item 7: GET /api/insights. Four projects, eleven units and a dozen history entries
 * whose every figure is worked out by hand below; agents and signed-out callers are refused.
 */
interface Envelope<T> {
  data: T;
  error?: { status: number; message: string; details?: { errors?: { path: string[]; message: string }[] } };
}

const HISTORY_UID = 'api::unit-history.unit-history';

let server: TestServer;
let client: TestClient;
let admin: string;
const agents: Record<'dubai' | 'doha' | 'super', string> = { dubai: '', doha: '', super: '' };
const projects: Record<'marina' | 'pearl' | 'twin' | 'empty', number> = { marina: 0, pearl: 0, twin: 0, empty: 0 };
const units: Record<string, number> = {};
let weeks: string[];

const PROJECTS = {
  marina: { name: 'Ins A Marina', location: 'Dubai Marina', visibleTo: ['dubai'] },
  pearl: { name: 'Ins B Pearl', location: 'The Pearl, Doha', visibleTo: ['doha'] },
  twin: { name: 'Ins C Twin', location: 'Abu Dhabi', visibleTo: ['dubai', 'doha'] },
  empty: { name: 'Ins D Empty', location: 'Muscat', visibleTo: [] },
} as const;

const UNITS: Record<keyof typeof PROJECTS, Record<string, unknown>[]> = {
  marina: [
    { unitNumber: 'A1', unitType: 'Studio', price: 1_000_000, area: 500, status: 'sold' },
    { unitNumber: 'A2', unitType: 'Studio', price: 600_000, area: 400, status: 'reserved' },
    { unitNumber: 'A3', unitType: '1 Bedroom', price: 1_500_000, area: 750, status: 'available' },
    // No area: its size counts.
    { unitNumber: 'A4', unitType: '1 Bedroom', price: 1_200_000, size: 600, status: 'unavailable' },
  ],
  pearl: [
    { unitNumber: 'B1', unitType: 'Studio', price: 500_000, area: 400, status: 'sold' },
    // No area and no size: out of the price per sqft, still a unit.
    { unitNumber: 'B2', unitType: 'Studio', price: 700_000, status: 'available' },
    { unitNumber: 'B3', unitType: 'Villa', price: 3_000_000, area: 2000, status: 'occupied' },
  ],
  twin: [
    { unitNumber: 'C1', unitType: 'Studio', price: 800_000, area: 400, status: 'reserved' },
    { unitNumber: 'C2', unitType: 'Studio', price: 1_000_000, area: 600, status: 'reserved' },
  ],
  empty: [],
};

const get = (query: string, token: string | null = admin) => client.get<Envelope<InsightsData>>(`/api/insights${query}`, token ? { token } : {});

/** A status change written at `week` (0 = the oldest of the twelve) plus `offset` ms, as history rows are stored. */
const history = (unit: string, project: keyof typeof projects, week: number, after: string, action = 'status-changed', offset = 60 * 60 * 1000) => ({
  unitId: units[unit],
  projectId: projects[project],
  unitNumber: unit,
  action,
  before: { status: 'available' },
  after: { status: after },
  actorEmail: 'fixture@insights.test',
  source: 'portal',
  createdAt: new Date(insightsWindow(new Date()).start.getTime() + week * WEEK_MS + offset),
});

const zeroWeeks = (regions: readonly InsightsRegion[]) => weeks.flatMap((week) => regions.map((region) => ({ week, region, sold: 0, reserved: 0 })));
const withCounts = (rows: WeeklyCount[], counts: [number, InsightsRegion, number, number][]) =>
  rows.map((row) => {
    const hit = counts.find(([week, region]) => weeks[week] === row.week && region === row.region);
    return hit ? { ...row, sold: hit[2], reserved: hit[3] } : row;
  });

beforeAll(async () => {
  server = await startTestStrapi({ seed: false });
  client = createClient(server.baseUrl);
  await createSecurityUsers(server);
  admin = await signIn(client, securityEmail('admin'), SECURITY_PASSWORD, 'admin');
  for (const who of ['dubai', 'doha', 'super'] as const) agents[who] = await signIn(client, securityEmail(who), SECURITY_PASSWORD);
  for (const key of Object.keys(PROJECTS) as (keyof typeof PROJECTS)[]) {
    const project = await client.post<{ data: { id: number } }>('/api/projects', PROJECTS[key], { token: admin });
    expect(project.status, project.text).toBeLessThan(300);
    projects[key] = project.body.data.id;
    if (UNITS[key].length === 0) continue;
    const created = await client.post<{ data: { id: number; unitNumber: string }[] }>(
      `/api/projects/${projects[key]}/units`,
      { units: UNITS[key] },
      { token: admin },
    );
    expect(created.status, created.text).toBeLessThan(300);
    for (const unit of created.body.data) units[unit.unitNumber] = unit.id;
  }
  weeks = insightsWindow(new Date()).weeks;
  await server.strapi.db.query(HISTORY_UID).createMany({
    data: [
      history('A1', 'marina', 11, 'sold', 'status-changed', 0),
      history('A2', 'marina', 3, 'reserved'),
      history('B1', 'pearl', 3, 'sold'),
      // The first instant of the window counts; the one before it does not.
      history('C1', 'twin', 0, 'reserved', 'status-changed', 0),
      history('A3', 'marina', 0, 'sold', 'status-changed', -1),
      history('C2', 'twin', 5, 'reserved'),
      // Not a sale or a reservation: a change to another status, and units created already sold.
      history('A3', 'marina', 2, 'available'),
      history('A1', 'marina', 4, 'sold', 'created'),
      history('B3', 'pearl', 6, 'occupied'),
    ],
  });
  // A real change through the portal, this week: B2 reserved, then available again (the history
  // the bulk route writes with its own SQL); the units end as they began.
  for (const status of ['reserved', 'available']) {
    const changed = await client.post('/api/units/bulk-status', { ids: [units.B2], status }, { token: admin });
    expect(changed.status, changed.text).toBeLessThan(300);
  }
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe('GET /api/insights: the figures, worked out by hand', () => {
  it('gives each project its status mix and sell-through ((sold + reserved) / total)', async () => {
    const response = await get('');
    expect(response.status, response.text).toBe(200);
    const { data } = response.body;
    expect(data.filters).toEqual({ projectId: null, region: null });
    expect(data.weeks).toEqual(weeks);
    expect(data.projects).toEqual([
      {
        projectId: projects.marina,
        name: 'Ins A Marina',
        regions: ['dubai'],
        total: 4,
        statusCounts: { available: 1, sold: 1, reserved: 1, unavailable: 1, occupied: 0 },
        sellThrough: 50,
      },
      {
        projectId: projects.pearl,
        name: 'Ins B Pearl',
        regions: ['doha'],
        total: 3,
        statusCounts: { available: 1, sold: 1, reserved: 0, unavailable: 0, occupied: 1 },
        sellThrough: 33.3,
      },
      {
        projectId: projects.twin,
        name: 'Ins C Twin',
        regions: ['dubai', 'doha'],
        total: 2,
        statusCounts: { available: 0, sold: 0, reserved: 2, unavailable: 0, occupied: 0 },
        sellThrough: 100,
      },
      {
        projectId: projects.empty,
        name: 'Ins D Empty',
        regions: ['other'],
        total: 0,
        statusCounts: { available: 0, sold: 0, reserved: 0, unavailable: 0, occupied: 0 },
        sellThrough: null,
      },
    ]);
  });

  it('counts the units sold and reserved per week and region from the status changes, a project in both markets in both', async () => {
    const { data } = (await get('')).body;
    expect(data.weekly).toEqual(
      withCounts(zeroWeeks(['dubai', 'doha', 'other']), [
        [0, 'dubai', 0, 1], // C1 (twin)
        [0, 'doha', 0, 1], // C1 (twin)
        [3, 'dubai', 0, 1], // A2
        [3, 'doha', 1, 0], // B1
        [5, 'dubai', 0, 1], // C2 (twin)
        [5, 'doha', 0, 1], // C2 (twin)
        [11, 'dubai', 1, 0], // A1
        [11, 'doha', 0, 1], // B2 through the bulk route, this week
      ]),
    );
  });

  it('averages the price per sqft per region and unit type, never across currencies', async () => {
    const { data } = (await get('')).body;
    expect(data.pricePerSqft).toEqual([
      // Doha: pearl (QAR) and twin (QAR, in both markets).
      { region: 'doha', unitType: 'Studio', currency: 'QAR', units: 3, pricePerSqft: 1642.86 }, // (500k + 800k + 1m) / (400 + 400 + 600)
      { region: 'doha', unitType: 'Villa', currency: 'QAR', units: 1, pricePerSqft: 1500 }, // 3m / 2000
      // Dubai: marina (AED) and twin (QAR: visible to doha), kept apart.
      { region: 'dubai', unitType: '1 Bedroom', currency: 'AED', units: 2, pricePerSqft: 2000 }, // (1.5m + 1.2m) / (750 + 600 size)
      { region: 'dubai', unitType: 'Studio', currency: 'AED', units: 2, pricePerSqft: 1777.78 }, // 1.6m / 900
      { region: 'dubai', unitType: 'Studio', currency: 'QAR', units: 2, pricePerSqft: 1800 }, // 1.8m / 1000
    ]);
  });

  it('agrees with the shared region and currency rules', async () => {
    const { data } = (await get('')).body;
    for (const [key, project] of Object.entries(PROJECTS)) {
      const regions = projectRegions(project);
      const expected = [...(regions.dubai ? ['dubai'] : []), ...(regions.doha ? ['doha'] : [])];
      expect(data.projects.find((row) => row.projectId === projects[key as keyof typeof projects])?.regions).toEqual(expected.length ? expected : ['other']);
    }
    expect(currencyFor(PROJECTS.twin.visibleTo)).toBe('QAR');
    expect(data.pricePerSqft.filter((row) => row.currency === 'AED').every((row) => row.region === 'dubai')).toBe(true);
  });

  it('filters by region: only its projects, its weeks and its prices', async () => {
    const response = await get('?region=doha');
    expect(response.status, response.text).toBe(200);
    const { data } = response.body;
    expect(data.filters).toEqual({ projectId: null, region: 'doha' });
    expect(data.projects.map((project) => project.projectId)).toEqual([projects.pearl, projects.twin]);
    expect(data.weekly).toEqual(
      withCounts(zeroWeeks(['doha']), [
        [0, 'doha', 0, 1],
        [3, 'doha', 1, 0],
        [5, 'doha', 0, 1],
        [11, 'doha', 0, 1],
      ]),
    );
    expect(data.pricePerSqft.map((row) => `${row.region} ${row.unitType} ${row.currency}`)).toEqual(['doha Studio QAR', 'doha Villa QAR']);
    const other = (await get('?region=other')).body.data;
    expect(other.projects.map((project) => project.projectId)).toEqual([projects.empty]);
    expect(other.weekly).toEqual(zeroWeeks(['other']));
    expect(other.pricePerSqft).toEqual([]);
  });

  it('filters by project, and by project and region together', async () => {
    const { data } = (await get(`?projectId=${projects.twin}`)).body;
    expect(data.filters).toEqual({ projectId: projects.twin, region: null });
    expect(data.projects.map((project) => project.projectId)).toEqual([projects.twin]);
    expect(data.weekly).toEqual(
      withCounts(zeroWeeks(['dubai', 'doha']), [
        [0, 'dubai', 0, 1],
        [0, 'doha', 0, 1],
        [5, 'dubai', 0, 1],
        [5, 'doha', 0, 1],
      ]),
    );
    expect(data.pricePerSqft).toEqual([
      { region: 'doha', unitType: 'Studio', currency: 'QAR', units: 2, pricePerSqft: 1800 },
      { region: 'dubai', unitType: 'Studio', currency: 'QAR', units: 2, pricePerSqft: 1800 },
    ]);
    const mismatch = (await get(`?projectId=${projects.marina}&region=doha`)).body.data;
    expect(mismatch.projects).toEqual([]);
    expect(mismatch.weekly).toEqual(zeroWeeks(['doha']));
    expect(mismatch.pricePerSqft).toEqual([]);
  });
});

describe('GET /api/insights: who may ask, and with what', () => {
  it('refuses every agent type (403) and signed-out callers (401), with no figures', async () => {
    for (const who of ['dubai', 'doha', 'super'] as const) {
      const response = await get('', agents[who]);
      expect(response.status, who).toBe(403);
      expect(response.text).not.toContain('Ins A Marina');
      expect(response.text).not.toContain('pricePerSqft');
    }
    const anonymous = await get('', null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.text).not.toContain('Ins A Marina');
    // A filter does not change the answer to an agent.
    expect((await get(`?projectId=${projects.marina}`, agents.dubai)).status).toBe(403);
    expect((await get('?region=bogus', agents.super)).status).toBe(403);
  });

  it('answers a bad filter with 400 naming the field, and an unknown project with 404', async () => {
    const cases: [string, string, string][] = [
      ['?projectId=abc', 'projectId', 'projectId must be a project id (a whole number of 1 or more)'],
      ['?projectId=0', 'projectId', 'projectId must be a project id (a whole number of 1 or more)'],
      ['?projectId=1%20or%201=1', 'projectId', 'projectId must be a project id (a whole number of 1 or more)'],
      [`?projectId=${projects.marina}&projectId=${projects.pearl}`, 'projectId', 'projectId must be a project id (a whole number of 1 or more)'],
      ['?region=qatar', 'region', 'region must be one of: dubai, doha, other'],
      ["?region=dubai'--", 'region', 'region must be one of: dubai, doha, other'],
    ];
    for (const [query, field, message] of cases) {
      const response = await get(query);
      expect(response.status, query).toBe(400);
      expect(response.body.error?.message, query).toBe(message);
      expect(
        response.body.error?.details?.errors?.map((error) => error.path.join('.')),
        query,
      ).toEqual([field]);
    }
    const unknown = await get('?status=sold');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.message).toBe('Unknown query parameter: status');
    const missing = await get('?projectId=999999999');
    expect(missing.status).toBe(404);
    expect(missing.body.error?.message).toBe('Project not found');
  });
});
