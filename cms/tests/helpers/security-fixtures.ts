import { UNIT_STATUSES, type UnitStatus } from '@repo/types';
import type { TestClient, TestServer } from './strapi';
import { createUser } from './users';

/** The regions a fixture project is visible to: one per market, both, and neither. */
export type FixtureRegion = 'dubai' | 'doha' | 'both' | 'none';
const VISIBLE_TO: Record<FixtureRegion, string[]> = { dubai: ['dubai'], doha: ['doha'], both: ['dubai', 'doha'], none: [] };

export interface SecurityFixtures {
  projects: Record<FixtureRegion, number>;
  /** One unit of every status in every fixture project. */
  units: Record<FixtureRegion, Record<UnitStatus, number>>;
}

const ok = (status: number, what: string, text: string) => {
  if (status >= 300) throw new Error(`Fixture ${what} failed with ${status}: ${text.slice(0, 300)}`);
};

/**
 * A project per visibility (dubai only, doha only, both, neither) with one unit of each status,
 * created through the admin API the portal uses, so every route has real ids to work on.
 */
export const createSecurityFixtures = async (client: TestClient, adminToken: string, tag = 'Sec'): Promise<SecurityFixtures> => {
  const projects = {} as Record<FixtureRegion, number>;
  const units = {} as Record<FixtureRegion, Record<UnitStatus, number>>;
  for (const region of Object.keys(VISIBLE_TO) as FixtureRegion[]) {
    const project = await client.post<{ data: { id: number } }>(
      '/api/projects',
      { name: `${tag} ${region} tower`, location: `${tag} ${region}`, visibleTo: VISIBLE_TO[region] },
      { token: adminToken },
    );
    ok(project.status, `project ${region}`, project.text);
    projects[region] = project.body.data.id;
    const created = await client.post<{ data: { id: number; status: UnitStatus }[] }>(
      `/api/projects/${projects[region]}/units`,
      { units: UNIT_STATUSES.map((status, index) => ({ unitNumber: `${tag}-${region}-${index + 1}`, unitType: 'Studio', price: 1000 * (index + 1), status })) },
      { token: adminToken },
    );
    ok(created.status, `units of ${region}`, created.text);
    units[region] = Object.fromEntries(created.body.data.map((unit) => [unit.status, unit.id])) as Record<UnitStatus, number>;
  }
  return { projects, units };
};

export type SecurityUser = 'admin' | 'dubai' | 'doha' | 'super';
export const SECURITY_PASSWORD = 'Security-Test-2026!';
export const securityEmail = (who: SecurityUser) => `${who}@security.test`;

/**
 * An admin and one agent of each type, created straight in the database (no demo seed: booting
 * without it is faster, and the fixtures are all these tests need). Returns the user ids.
 */
export const createSecurityUsers = async (server: TestServer): Promise<Record<SecurityUser, number>> => {
  const ids = {} as Record<SecurityUser, number>;
  for (const who of ['admin', 'dubai', 'doha', 'super'] as const) {
    const user = await createUser(server, {
      email: securityEmail(who),
      password: SECURITY_PASSWORD,
      role: who === 'admin' ? 'admin' : 'agent',
      ...(who === 'admin' ? {} : { agentType: who }),
    });
    ids[who] = user.id;
  }
  return ids;
};
