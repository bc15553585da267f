import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CMS_USER, DEMO_PROJECTS, DEMO_USERS } from '../src/bootstrap/demo-data';
import { isDatabaseEmpty, seedDemo, seedDemoIfEmpty } from '../src/bootstrap/seed';
import { startTestStrapi, type TestServer } from './helpers/strapi';

// Two instances starting together on one empty PostgreSQL database (docker-compose's replicas):
// both find it empty; the seed's advisory lock lets one seed and the other find it done. SQLite is
// one process, so there is nothing to race there.
describe.runIf(process.env.TEST_DATABASE_URL)('the demo seed on PostgreSQL', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestStrapi({ seed: false });
  });

  afterAll(async () => {
    await server?.stop();
  });

  const counts = async () => ({
    projects: await server.strapi.db.query('api::project.project').count({}),
    users: await server.strapi.db.query('plugin::users-permissions.user').count({}),
    cmsUsers: await server.strapi.db.query('admin::user').count({ where: { email: DEMO_CMS_USER.email } }),
  });

  it('two first-start seeds at once make one demo', async () => {
    expect(await isDatabaseEmpty(server.strapi)).toBe(true);
    const reports = await Promise.all([seedDemoIfEmpty(server.strapi), seedDemoIfEmpty(server.strapi)]);
    expect(reports.filter((report) => report !== null)).toHaveLength(1);
    expect(await counts()).toEqual({ projects: DEMO_PROJECTS.length, users: DEMO_USERS.length, cmsUsers: 1 });
    const again = await Promise.all([seedDemo(server.strapi), seedDemo(server.strapi)]);
    expect(again).toEqual([
      { projects: 0, units: 0, users: 0, cmsUsers: 0 },
      { projects: 0, units: 0, users: 0, cmsUsers: 0 },
    ]);
    expect(await counts()).toEqual({ projects: DEMO_PROJECTS.length, users: DEMO_USERS.length, cmsUsers: 1 });
  });
});
