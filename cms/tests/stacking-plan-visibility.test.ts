import { stackingPlan, type UnitListItem, type UnitStatus } from '@repo/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, DEMO, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';

/**
 * The stacking plan is drawn from the project's unit list (GET /projects/:id/units, the table's own
 * request): an agent's grid data is their list. This checks that list as the plan needs it: only
 * the agent's units, nothing in the payload about the others, and a plan that is exactly the plan of
 * the visible units, so a hidden unit's position looks like a position with no unit.
 */
type Viewer = 'admin' | 'dubai' | 'doha' | 'super';

const AGENT_STATUSES: UnitStatus[] = ['available', 'sold', 'reserved'];
// Floor 13 holds only a hidden unit; hidden units sit between visible ones on floor 12 and among the plots.
const UNITS: Array<{ unitNumber: string; floor: string | null; status: UnitStatus; price: number }> = [
  { unitNumber: '1101', floor: '11', status: 'reserved', price: 1_101_000 },
  { unitNumber: '1102', floor: '11', status: 'available', price: 1_102_000 },
  { unitNumber: '1201', floor: '12', status: 'available', price: 1_201_000 },
  { unitNumber: '1202', floor: '12', status: 'unavailable', price: 9_120_201 },
  { unitNumber: '1203', floor: '12', status: 'sold', price: 1_203_000 },
  { unitNumber: '1204', floor: '12', status: 'occupied', price: 9_120_401 },
  { unitNumber: '1301', floor: '13', status: 'occupied', price: 9_130_101 },
  { unitNumber: 'V-01', floor: null, status: 'available', price: 4_000_001 },
  { unitNumber: 'V-02', floor: null, status: 'unavailable', price: 9_000_002 },
  { unitNumber: 'V-03', floor: 'G', status: 'sold', price: 4_000_003 },
];
const HIDDEN = UNITS.filter((unit) => !AGENT_STATUSES.includes(unit.status));
const HIDDEN_TYPE = 'Hidden Marker Type';

let server: TestServer;
let client: TestClient;
let tokens: Record<Viewer, string>;
let projectId: number;
let created: Array<{ id: number; unitNumber: string; status: UnitStatus }>;

const listOf = (viewer: Viewer) => client.get<{ data: UnitListItem[] } | UnitListItem[]>(`/api/projects/${projectId}/units`, { token: tokens[viewer] });
const itemsOf = (body: { data: UnitListItem[] } | UnitListItem[]) => (Array.isArray(body) ? body : body.data);
/** The plan as positions, labels and ids: what the grid draws. */
const drawn = (units: readonly UnitListItem[]) =>
  stackingPlan(units).map((section) => ({
    kind: section.kind,
    building: section.building,
    rows: section.rows.map((row) => row.label),
    columns: section.columns.map((column) => column.label),
    cells: section.cells.map((cell) => `${cell.unit.id}@${cell.row}:${cell.column}`),
  }));

beforeAll(async () => {
  server = await startTestStrapi({ seed: true });
  client = createClient(server.baseUrl);
  tokens = {
    admin: await signIn(client, DEMO.admin.email, DEMO.admin.password, 'admin'),
    dubai: await signIn(client, DEMO.dubai.email, DEMO.dubai.password),
    doha: await signIn(client, DEMO.doha.email, DEMO.doha.password),
    super: await signIn(client, DEMO.super.email, DEMO.super.password),
  };
  const project = await client.post<{ data: { id: number } }>(
    '/api/projects',
    { name: 'Stack Tower', location: 'Stack', visibleTo: ['dubai', 'doha'] },
    { token: tokens.admin },
  );
  expect(project.status, project.text).toBe(201);
  projectId = project.body.data.id;
  const units = await client.post<{ data: Array<{ id: number; unitNumber: string; status: UnitStatus }> }>(
    `/api/projects/${projectId}/units`,
    {
      units: UNITS.map((unit) => ({
        unitNumber: unit.unitNumber,
        floor: unit.floor,
        price: unit.price,
        status: unit.status,
        unitType: AGENT_STATUSES.includes(unit.status) ? 'Studio' : HIDDEN_TYPE,
      })),
    },
    { token: tokens.admin },
  );
  expect(units.status, units.text).toBe(201);
  created = units.body.data;
});

afterAll(async () => {
  await server?.stop();
});

describe('the stacking plan data (the project unit list)', () => {
  it('gives the admin every unit, hidden statuses included, and a plan with floor 13', async () => {
    const response = await listOf('admin');
    expect(response.status).toBe(200);
    const items = itemsOf(response.body);
    expect(items.map((unit) => unit.unitNumber).sort()).toEqual(UNITS.map((unit) => unit.unitNumber).sort());
    expect(drawn(items)[0].rows).toEqual(['13', '12', '11']);
  });

  it.each(['dubai', 'doha', 'super'] as const)('gives a %s agent exactly their units and nothing about the others', async (agent) => {
    const response = await listOf(agent);
    expect(response.status).toBe(200);
    const items = itemsOf(response.body);
    const visible = created.filter((unit) => AGENT_STATUSES.includes(unit.status));
    expect(items.map((unit) => unit.id).sort((a, b) => a - b)).toEqual(visible.map((unit) => unit.id).sort((a, b) => a - b));
    // No number, type, price or id of a hidden unit anywhere in what the browser receives.
    for (const hidden of HIDDEN) {
      expect(response.text).not.toContain(`"${hidden.unitNumber}"`);
      expect(response.text).not.toContain(String(hidden.price));
    }
    expect(response.text).not.toContain(HIDDEN_TYPE);
    const hiddenIds = new Set(created.filter((unit) => !AGENT_STATUSES.includes(unit.status)).map((unit) => unit.id));
    expect(items.some((unit) => hiddenIds.has(unit.id))).toBe(false);
    // Nor a count of them: the total beside the list counts the agent's units only.
    expect(response.body).toEqual({ data: items, meta: { total: visible.length } });
  });

  it.each(['dubai', 'doha', 'super'] as const)("draws a %s agent's plan exactly as the plan of the visible units alone", async (agent) => {
    const agentItems = itemsOf((await listOf(agent)).body);
    const adminItems = itemsOf((await listOf('admin')).body);
    const plan = drawn(agentItems);
    expect(plan).toEqual(drawn(adminItems.filter((unit) => AGENT_STATUSES.includes(unit.status))));
    // The floor that holds only a hidden unit is not there, and every cell is one of the agent's units.
    expect(plan[0].rows).toEqual(['12', '11']);
    expect(plan.flatMap((section) => section.cells)).toHaveLength(agentItems.length);
    expect(plan.at(-1)).toMatchObject({ kind: 'plots', cells: [expect.stringMatching(/@0:0$/), expect.stringMatching(/@0:1$/)] });
  });

  it("refuses an agent a hidden unit's card (GET /units/:id), as its page", async () => {
    for (const hidden of created.filter((unit) => !AGENT_STATUSES.includes(unit.status))) {
      const response = await client.get(`/api/units/${hidden.id}`, { token: tokens.dubai });
      expect(response.status).toBe(404);
      expect(response.text).not.toContain(HIDDEN_TYPE);
    }
  });
});
