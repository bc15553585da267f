import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncRolesAndPermissions } from '../src/bootstrap/permissions';
import { createClient, DEMO, signIn, startTestStrapi, type TestClient, type TestServer } from './helpers/strapi';

// Written out here on purpose, not imported: this is the decision the server must match.
const EXPECTED: Record<string, string[]> = {
  // The sign-in routes are auth:false, so the public role needs nothing at all.
  public: [],
  authenticated: [],
  admin: [
    'api::notification.notification.recipients',
    'api::notification.notification.sendUnits',
    'api::portal-auth.account.changePassword',
    'api::portal-auth.account.deleteAccount',
    'api::portal-auth.account.me',
    'api::portal-auth.account.updateMe',
    'api::portal-auth.two-factor.confirm',
    'api::portal-auth.two-factor.disable',
    'api::portal-auth.two-factor.start',
    'api::portal-user.portal-user.create',
    'api::portal-user.portal-user.delete',
    'api::portal-user.portal-user.find',
    'api::portal-user.portal-user.update',
    'api::project.project.create',
    'api::project.project.delete',
    'api::project.project.find',
    'api::project.project.findOne',
    'api::project.project.update',
    'api::project.property-image.upload',
    'api::unit-image.unit-image.clear',
    'api::unit-image.unit-image.link',
    'api::unit-image.unit-image.remove',
    'api::unit-image.unit-image.setFeatured',
    'api::unit-image.unit-image.setSharing',
    'api::unit-image.unit-image.unlink',
    'api::unit-image.unit-image.upload',
    'api::unit.unit.bulkDelete',
    'api::unit.unit.bulkStatus',
    'api::unit.unit.createInProject',
    'api::unit.unit.delete',
    'api::unit.unit.findOne',
    'api::unit.unit.history',
    'api::unit.unit.listByProject',
    'api::unit.unit.update',
    'api::unit.unit-import.importCsv',
    'api::unit.unit-import.exportRows',
    'api::unit.unit-sales.list',
    'api::unit.unit-sales.saveSaleDetails',
    'api::unit.unit-sales.setArchive',
  ],
  agent: [
    'api::portal-auth.account.changePassword',
    'api::portal-auth.account.deleteAccount',
    'api::portal-auth.account.me',
    'api::portal-auth.account.updateMe',
    'api::portal-auth.two-factor.confirm',
    'api::portal-auth.two-factor.disable',
    'api::portal-auth.two-factor.start',
    'api::project.project.find',
    'api::project.project.findOne',
    'api::unit.unit.findOne',
    'api::unit.unit.listByProject',
  ],
};

let server: TestServer;
let client: TestClient;
let tokens: Record<'admin' | 'dubai' | 'doha' | 'super', string>;

const permissionsOf = async (type: string) => {
  const role = (await server.strapi.db.query('plugin::users-permissions.role').findOne({ where: { type } })) as { id: number } | null;
  if (!role) return null;
  const rows = (await server.strapi.db
    .query('plugin::users-permissions.permission')
    .findMany({ where: { role: role.id } })) as { action: string }[];
  return rows.map((row) => row.action).sort();
};

beforeAll(async () => {
  server = await startTestStrapi({ seed: true });
  client = createClient(server.baseUrl);
  tokens = {
    admin: await signIn(client, DEMO.admin.email, DEMO.admin.password, 'admin'),
    dubai: await signIn(client, DEMO.dubai.email, DEMO.dubai.password),
    doha: await signIn(client, DEMO.doha.email, DEMO.doha.password),
    super: await signIn(client, DEMO.super.email, DEMO.super.password),
  };
});

afterAll(async () => {
  await server?.stop();
});

describe('portal roles', () => {
  it.each(Object.keys(EXPECTED))('gives the %s role exactly the intended permissions', async (type) => {
    expect(await permissionsOf(type)).toEqual([...EXPECTED[type]].sort());
  });

  it('removes a permission ticked by mistake and recreates a deleted role on the next boot', async () => {
    const agent = (await server.strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'agent' } })) as {
      id: number;
    };
    await server.strapi.db
      .query('plugin::users-permissions.permission')
      .create({ data: { action: 'api::unit.unit.delete', role: agent.id } });
    await server.strapi.db.query('plugin::users-permissions.role').create({ data: { name: 'Stray', type: 'stray' } });
    expect(await permissionsOf('agent')).toContain('api::unit.unit.delete');

    await syncRolesAndPermissions(server.strapi);
    await syncRolesAndPermissions(server.strapi);

    expect(await permissionsOf('agent')).toEqual([...EXPECTED.agent].sort());
    const roles = (await server.strapi.db.query('plugin::users-permissions.role').findMany({ where: { type: { $in: ['admin', 'agent'] } } })) as unknown[];
    expect(roles).toHaveLength(2);
  });

  it('keeps public self-registration switched off', async () => {
    const response = await client.post('/api/auth/local/register', {
      username: 'intruder',
      email: 'intruder@example.test',
      password: 'Intruder-2026!',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await server.strapi.db.query('plugin::users-permissions.user').count({ where: { email: 'intruder@example.test' } })).toBe(0);
  });
});

describe('anonymous callers', () => {
  it.each([
    ['GET', '/api/projects'],
    ['GET', '/api/projects/1'],
    ['GET', '/api/projects/1/units'],
    ['GET', '/api/units/1'],
    ['POST', '/api/projects'],
    ['POST', '/api/units/bulk-status'],
  ])('are refused on %s %s as not signed in', async (method, path) => {
    const response = await client.request(method, path, { body: method === 'POST' ? {} : undefined });
    expect(response.status).toBe(401);
  });

  it('cannot reach agent writes even when the CMS panel grants the permission, because the policy checks the role', async () => {
    const agent = (await server.strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'agent' } })) as { id: number };
    const granted = (await server.strapi.db
      .query('plugin::users-permissions.permission')
      .create({ data: { action: 'api::unit.unit.bulkStatus', role: agent.id } })) as { id: number };
    try {
      const response = await client.post('/api/units/bulk-status', { ids: [1], status: 'sold' }, { token: tokens.dubai });
      expect(response.status).toBe(403);
    } finally {
      await server.strapi.db.query('plugin::users-permissions.permission').delete({ where: { id: granted.id } });
    }
  });
});
