import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, type ManagedUser } from '@repo/types';
import { api, createClient, DEMO, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';
import { createUser, USER_UID, userById } from './helpers/users';

/**
 * Issue #25.4: 'no access' is expressible. visibleProjects null is none assigned, the agent type's
 * defaults (spec §4); [] is no project at all (spec §6: "An agent with no visible projects gets an
 * empty unit list"); a list narrows. Issue #25.5: a profile edit from an older revision is refused.
 */

interface ErrorBody {
  error: { status: number; message: string };
}
type Agent = 'dubai' | 'doha' | 'super';
type Access = 'default' | 'none' | 'one';

const PASSWORD = 'Access-Test-2026!';
const STALE = 'This user was changed by someone else. Reload to see the latest version.';

let server: TestServer;
let client: TestClient;
let admin: string;
const agents = {} as Record<Agent, { id: number; token: string }>;
/** Projects created here, one per visibility, with one available unit each. */
const projects = {} as Record<'dubai' | 'doha' | 'both', { id: number; unitId: number }>;

const managed = async (id: number) => {
  const list = await client.get<ManagedUser[]>(api(AUTH_PATHS.users), { token: admin });
  return list.body.find((user) => user.id === id) as ManagedUser;
};
const edit = (id: number, body: Record<string, unknown>) => client.put<ManagedUser & ErrorBody>(api(AUTH_PATHS.user(id)), body, { token: admin });
/** Edits through the API as the Edit Agent dialog does: with the revision just read. */
const editFresh = async (id: number, body: Record<string, unknown>) => edit(id, { revision: (await managed(id)).revision, ...body });

/** What the agent's four screens answer: dashboard ids, and for each of our projects whether project, units and unit open. */
const seen = async (token: string) => {
  const dashboard = await client.get<{ data: { id: number }[] }>('/api/projects', { token });
  expect(dashboard.status).toBe(200);
  const ours = Object.values(projects).map((project) => project.id);
  const opens: Record<string, boolean> = {};
  for (const [key, project] of Object.entries(projects)) {
    const answers = await Promise.all([
      client.get(`/api/projects/${project.id}`, { token }),
      client.get(`/api/projects/${project.id}/units`, { token }),
      client.get(`/api/units/${project.unitId}`, { token }),
    ]);
    const statuses = answers.map((answer) => answer.status);
    // The three screens of one project agree: all open, or all answer as missing.
    expect(new Set(statuses).size, `${key}: ${statuses.join(',')}`).toBe(1);
    expect([200, 404]).toContain(statuses[0]);
    opens[key] = statuses[0] === 200;
  }
  const listed = dashboard.body.data.map((project) => project.id);
  return { listed: Object.keys(projects).filter((key) => listed.includes(projects[key as keyof typeof projects].id)), opens, total: listed.length, ours };
};

beforeAll(async () => {
  server = await startTestStrapi({ seed: true });
  client = createClient(server.baseUrl);
  admin = await signIn(client, DEMO.admin.email, DEMO.admin.password, 'admin');
  for (const [key, visibleTo] of [
    ['dubai', ['dubai']],
    ['doha', ['doha']],
    ['both', ['dubai', 'doha']],
  ] as const) {
    const project = await client.post<{ data: { id: number } }>('/api/projects', { name: `Access ${key}`, location: 'Somewhere', visibleTo }, { token: admin });
    const unit = await client.post<{ data: { id: number }[] }>(
      `/api/projects/${project.body.data.id}/units`,
      { units: [{ unitNumber: `${key}-1` }] },
      { token: admin },
    );
    projects[key] = { id: project.body.data.id, unitId: unit.body.data[0].id };
  }
  for (const agentType of ['dubai', 'doha', 'super'] as const) {
    const user = await createUser(server, { email: `${agentType}.access@users.test`, password: PASSWORD, role: 'agent', agentType, visibleProjects: null });
    agents[agentType] = { id: user.id, token: await signIn(client, user.email, PASSWORD) };
  }
});

afterAll(async () => {
  await server?.stop();
});

describe('project access: null is the region default, [] is no project, a list narrows (issue #25.4)', () => {
  /** Written out from spec §4 and §6: which of our three projects each agent type sees, per kind of access ('one' is [both]). */
  const EXPECTED: Record<Agent, Record<Access, string[]>> = {
    dubai: { default: ['dubai', 'both'], none: [], one: ['both'] },
    doha: { default: ['doha', 'both'], none: [], one: ['both'] },
    super: { default: ['dubai', 'doha', 'both'], none: [], one: ['both'] },
  };
  const ACCESS: Record<Access, () => number[] | null> = { default: () => null, none: () => [], one: () => [projects.both.id] };

  it.each((['dubai', 'doha', 'super'] as const).flatMap((agent) => (['default', 'none', 'one'] as const).map((access) => [agent, access] as const)))(
    'a %s agent with %s access sees exactly what the spec says, on the dashboard, project, units and unit',
    async (agent, access) => {
      const saved = await editFresh(agents[agent].id, { visibleProjects: ACCESS[access]() });
      expect(saved.status).toBe(200);
      expect(saved.body.visibleProjects).toEqual(ACCESS[access]());
      expect((await userById(server, agents[agent].id))?.visibleProjects).toEqual(ACCESS[access]());
      const view = await seen(agents[agent].token);
      expect(view.listed.sort()).toEqual([...EXPECTED[agent][access]].sort());
      expect(
        Object.entries(view.opens)
          .filter(([, open]) => open)
          .map(([key]) => key)
          .sort(),
      ).toEqual([...EXPECTED[agent][access]].sort());
      if (access === 'none') expect(view.total).toBe(0);
    },
  );

  it('the Users tab and the agent’s own profile tell null from []', async () => {
    await editFresh(agents.doha.id, { visibleProjects: [] });
    expect((await managed(agents.doha.id)).visibleProjects).toEqual([]);
    const me = await client.get<ManagedUser>(api(AUTH_PATHS.me), { token: agents.doha.token });
    expect(me.body.visibleProjects).toEqual([]);
    await editFresh(agents.doha.id, { visibleProjects: null });
    expect((await managed(agents.doha.id)).visibleProjects).toBeNull();
  });

  it('a new agent created without project access gets the region default, one created with [] gets nothing', async () => {
    const base = { password: PASSWORD, confirmPassword: PASSWORD, firstName: 'New', role: 'agent', agentType: 'dubai' };
    const defaulted = await client.post<ManagedUser>(api(AUTH_PATHS.users), { ...base, email: 'defaulted@users.test' }, { token: admin });
    expect(defaulted.status).toBe(201);
    expect(defaulted.body.visibleProjects).toBeNull();
    const none = await client.post<ManagedUser>(api(AUTH_PATHS.users), { ...base, email: 'none@users.test', visibleProjects: [] }, { token: admin });
    expect(none.status).toBe(201);
    expect(none.body.visibleProjects).toEqual([]);
    const token = await signIn(client, 'none@users.test', PASSWORD);
    expect((await client.get<{ data: unknown[] }>('/api/projects', { token })).body.data).toEqual([]);
  });
});

describe('a profile edit has a stale-write check (issue #25.5)', () => {
  it('every read returns the revision, and each save moves it on', async () => {
    const read = await managed(agents.dubai.id);
    expect(Number.isInteger(read.revision)).toBe(true);
    const saved = await edit(agents.dubai.id, { revision: read.revision, firstName: 'Renamed' });
    expect(saved.status).toBe(200);
    expect(saved.body.revision).toBe(read.revision + 1);
    expect((await managed(agents.dubai.id)).revision).toBe(read.revision + 1);
  });

  it('refuses a save from an older revision with 409 and the message, and changes nothing', async () => {
    const read = await managed(agents.super.id);
    expect((await edit(agents.super.id, { revision: read.revision, lastName: 'First' })).status).toBe(200);
    const before = await userById(server, agents.super.id);
    const stale = await edit(agents.super.id, { revision: read.revision, lastName: 'Second', visibleProjects: [] });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(STALE);
    expect(await userById(server, agents.super.id)).toEqual(before);
  });

  it('refuses a save without a revision', async () => {
    const response = await edit(agents.super.id, { lastName: 'Blind' });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(/revision/);
  });

  it('of concurrent saves from the same revision exactly one succeeds', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { revision } = await managed(agents.doha.id);
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          edit(agents.doha.id, { revision, lastName: `Racer ${round}-${index}`, visibleProjects: index % 2 ? [] : null }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
      const winner = answers.find((answer) => answer.status === 200);
      const stored = await userById(server, agents.doha.id);
      expect(stored?.lastName).toBe(winner?.body.lastName);
      expect(stored?.revision).toBe(revision + 1);
    }
  });

  it('a row from before revisions (null) is read as 0 and can be saved', async () => {
    await server.strapi.db.query(USER_UID).update({ where: { id: agents.super.id }, data: { revision: null } });
    expect((await managed(agents.super.id)).revision).toBe(0);
    expect((await edit(agents.super.id, { revision: 0, lastName: 'Legacy' })).status).toBe(200);
    expect((await edit(agents.super.id, { revision: 0, lastName: 'Again' })).status).toBe(409);
  });
});
