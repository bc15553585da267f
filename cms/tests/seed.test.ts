import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/bootstrap/seed';
import { createClient, DEMO, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';

interface ProjectRow {
  id: number;
  name: string;
  location: string;
  visibleTo: string[];
}
interface UnitRow {
  projectId: number;
  unitNumber: string;
  unitType: string;
  floor: string;
  view: string;
  unitStatus: string;
  visibleTo: string[];
}

let server: TestServer;
let client: TestClient;
let projects: ProjectRow[];
let units: UnitRow[];

beforeAll(async () => {
  server = await startTestStrapi({ seed: true });
  client = createClient(server.baseUrl);
  projects = (await server.strapi.db.query('api::project.project').findMany({})) as ProjectRow[];
  units = (await server.strapi.db.query('api::unit.unit').findMany({ limit: 10_000 })) as UnitRow[];
});

afterAll(async () => {
  await server?.stop();
});

describe('demo seed', () => {
  it('has projects for Dubai, Doha, both regions and neither', () => {
    const visibleTo = (region: string) => projects.filter((project) => project.visibleTo.includes(region));
    expect(visibleTo('dubai').length).toBeGreaterThanOrEqual(2);
    expect(visibleTo('doha').length).toBeGreaterThanOrEqual(2);
    expect(projects.filter((p) => p.visibleTo.includes('dubai') && p.visibleTo.includes('doha')).length).toBeGreaterThanOrEqual(1);
    const other = projects.filter((p) => p.visibleTo.length === 0 && !/dubai|doha/i.test(p.location));
    expect(other.length).toBeGreaterThanOrEqual(1);
  });

  it('has at least 300 units across every status and many types, floors and views', () => {
    expect(units.length).toBeGreaterThanOrEqual(300);
    expect(new Set(units.map((unit) => unit.unitStatus))).toEqual(new Set(['available', 'sold', 'reserved', 'unavailable', 'occupied']));
    expect(new Set(units.map((unit) => unit.unitType)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(units.map((unit) => unit.floor)).size).toBeGreaterThanOrEqual(20);
    expect(new Set(units.map((unit) => unit.view)).size).toBeGreaterThanOrEqual(8);
  });

  it('gives every project units, with the visibility copied from the project', () => {
    for (const project of projects) {
      const own = units.filter((unit) => unit.projectId === project.id);
      expect(own.length, project.name).toBeGreaterThan(0);
      for (const unit of own) expect(unit.visibleTo).toEqual(project.visibleTo);
    }
  });

  it('starts sold units with sale details priced at the unit price', async () => {
    const sold = (await server.strapi.db.query('api::unit.unit').findMany({
      where: { unitStatus: 'sold' },
      populate: { saleDetails: true },
    })) as { price: number; saleDetails: { totalAmount: number; remainingAmount: number; paymentStatus: string } | null }[];
    expect(sold.length).toBeGreaterThan(0);
    for (const unit of sold) {
      expect(unit.saleDetails).not.toBeNull();
      expect(Number(unit.saleDetails?.totalAmount)).toBe(Number(unit.price));
      expect(Number(unit.saleDetails?.remainingAmount)).toBe(Number(unit.price));
      expect(unit.saleDetails?.paymentStatus).toBe('pending');
    }
  });

  it.each([
    ['admin', DEMO.admin, 'admin', null, 'super'],
    ['dubai agent', DEMO.dubai, 'agent', 'dubai', 'dubai'],
    ['doha agent', DEMO.doha, 'agent', 'doha', 'doha'],
    ['super agent', DEMO.super, 'agent', 'super', 'super'],
  ] as const)('lets the %s sign in with the README credentials', async (_label, account, roleType, storedAgentType, profileAgentType) => {
    const token = await signIn(client, account.email, account.password, roleType);
    const me = await client.get<{ email: string; role: string; agentType: string | null; twoFactorEnabled: boolean }>('/api/portal-auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(account.email);
    expect(me.body.role).toBe(roleType);
    // The profile derives the agent type (spec §4): an admin sees everything, like a super agent.
    expect(me.body.agentType).toBe(profileAgentType);
    expect(me.body.twoFactorEnabled).toBe(false);
    const user = (await server.strapi.db.query('plugin::users-permissions.user').findOne({ where: { email: account.email }, populate: ['role'] })) as {
      role: { type: string };
      agentType: string | null;
    };
    expect(user.role.type).toBe(roleType);
    expect(user.agentType).toBe(storedAgentType);
  });

  it('refuses a wrong demo password', async () => {
    const response = await client.post('/api/portal-auth/login', { email: DEMO.admin.email, password: 'Not-The-Password-1!', userType: 'admin' });
    expect(response.status).toBe(400);
  });

  it('lets content staff sign in to the CMS panel API, not the portal', async () => {
    const panel = await client.post<{ data?: { token?: string } }>('/admin/login', DEMO.cms);
    expect(panel.status).toBe(200);
    expect(panel.body.data?.token).toEqual(expect.any(String));
    const portal = await client.post('/api/portal-auth/login', { email: DEMO.cms.email, password: DEMO.cms.password, userType: 'admin' });
    expect(portal.status).toBe(400);
  });

  it('is idempotent: a second run creates nothing', async () => {
    const report = await seedDemo(server.strapi);
    expect(report).toEqual({ projects: 0, units: 0, users: 0, cmsUsers: 0 });
    expect(await server.strapi.db.query('api::unit.unit').count({})).toBe(units.length);
  });

  it('keeps unit numbers unique within a project in the database itself', async () => {
    const [first, second] = projects;
    const unitQuery = server.strapi.db.query('api::unit.unit');
    const created = await unitQuery.create({ data: { projectId: first.id, unitNumber: 'UNIQ-1' } });
    expect(created).toMatchObject({ unitNumber: 'UNIQ-1', unitStatus: 'available', available: true });
    // The database's own unique constraint refuses it (SQLite's and PostgreSQL's words), not some other failure of the insert.
    await expect(unitQuery.create({ data: { projectId: first.id, unitNumber: 'UNIQ-1' } })).rejects.toThrow(
      /UNIQUE constraint failed: units\.project_id, units\.unit_number|violates unique constraint "units_project_number_uq"/,
    );
    await expect(unitQuery.create({ data: { projectId: second.id, unitNumber: 'UNIQ-1' } })).resolves.toMatchObject({
      projectId: second.id,
    });
  });
});
