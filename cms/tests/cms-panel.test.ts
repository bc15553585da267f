import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_STAFF_ROLE, syncContentStaffRole } from '../src/bootstrap/content-staff';
import { demoteDemoCmsUser } from '../src/bootstrap/seed';
import { DEFAULT_ADMIN_ROLE_CODES, secureDefaultAdminRoles } from '../src/bootstrap/default-admin-roles';
import snapshot from './snapshots/content-staff-permissions.json';
import { api, createClient, DEMO, signIn, startTestStrapi, type ApiResponse, type TestClient, type TestServer } from './helpers/strapi';

// Issue #24: the CMS panel is a door too. Everything here goes through the panel's own admin API
// (/admin/login, then /content-manager/...) as the demo's content-staff account, and, where a rule
// is compared, through the portal's routes as the demo admin.

const PROJECT = 'api::project.project';
const UNIT = 'api::unit.unit';
const HISTORY = 'api::unit-history.unit-history';
const cm = (uid: string, documentId?: string) => `/content-manager/collection-types/${uid}${documentId ? `/${documentId}` : ''}`;

let server: TestServer;
let client: TestClient;
let staff: string;
let admin: string;
let dubai: string;

interface ErrorBody {
  error: { status: number; message: string; details?: { errors?: { path: string[]; message: string }[] } };
}
interface PanelDocument {
  id: number;
  documentId: string;
  [field: string]: unknown;
}
interface HistoryRow {
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  actorEmail: string | null;
  source: string | null;
}

const panelLogin = async (email: string, password: string) => {
  const response = await client.post<{ data: { token: string } }>('/admin/login', { email, password });
  if (response.status !== 200) throw new Error(`Panel sign-in of ${email} failed with ${response.status}: ${response.text.slice(0, 200)}`);
  return response.body.data.token;
};

const asStaff = {
  get: <T = unknown>(path: string) => client.get<T>(path, { token: staff }),
  post: <T = unknown>(path: string, body?: unknown) => client.post<T>(path, body, { token: staff }),
  put: <T = unknown>(path: string, body?: unknown) => client.put<T>(path, body, { token: staff }),
  del: <T = unknown>(path: string) => client.del<T>(path, { token: staff }),
};

const firstProject = async () =>
  (await server.strapi.db.query(PROJECT).findOne({ where: { name: { $notNull: true } }, orderBy: { id: 'asc' } })) as PanelDocument;
const unitRow = async (where: Record<string, unknown>) =>
  (await server.strapi.db
    .query(UNIT)
    .findOne({ where, select: ['id', 'documentId', 'projectId', 'unitNumber', 'unitStatus', 'price', 'revision'] })) as PanelDocument & {
    projectId: number;
    unitStatus: string;
    price: number | string | null;
    revision: number;
  };
const historyOf = async (unitId: number) =>
  (await server.strapi.db
    .query(HISTORY)
    .findMany({ where: { unitId }, orderBy: { id: 'asc' }, select: ['action', 'before', 'after', 'actorEmail', 'source'] })) as HistoryRow[];

/** A fresh unit in the first project, made in the database, for a test of its own. */
let counter = 0;
const freshUnit = async (fields: Record<string, unknown> = {}) => {
  const project = await firstProject();
  counter += 1;
  const unitNumber = `PANEL-${counter}-${Date.now() % 100000}`;
  await server.strapi.db.query(UNIT).create({
    data: { projectId: project.id, unitNumber, unitStatus: 'available', price: 1000000, revision: 1, visibleTo: project.visibleTo ?? [], ...fields },
  });
  return unitRow({ projectId: project.id, unitNumber });
};

beforeAll(async () => {
  server = await startTestStrapi({ seed: true });
  client = createClient(server.baseUrl);
  staff = await panelLogin(DEMO.cms.email, DEMO.cms.password);
  admin = await signIn(client, DEMO.admin.email, DEMO.admin.password, 'admin');
  dubai = await signIn(client, DEMO.dubai.email, DEMO.dubai.password);
});

afterAll(async () => {
  await server?.stop();
});

interface StoredPermission {
  action: string;
  subject: string | null;
  properties: { fields?: string[] } | null;
  conditions: unknown[];
}

/** The content-staff role's permissions as stored, in the snapshot's shape and order. */
const staffPermissions = async () => {
  const role = (await server.strapi.db.query('admin::role').findOne({ where: { code: CONTENT_STAFF_ROLE.code } })) as { id: number };
  const rows = (await server.strapi.db.query('admin::permission').findMany({ where: { role: { id: role.id } } })) as StoredPermission[];
  return rows
    .map((row) => ({ action: row.action, subject: row.subject, fields: row.properties?.fields ? [...row.properties.fields].sort() : null }))
    .sort((a, b) => `${a.action} ${a.subject}`.localeCompare(`${b.action} ${b.subject}`));
};

describe('the content-staff role', () => {
  it('holds exactly the committed allowlist (tests/snapshots/content-staff-permissions.json), read from the database after boot', async () => {
    expect(await staffPermissions()).toEqual(snapshot.permissions);
  });

  it('a box ticked in the panel shows up against the allowlist, and bootstrap takes it away again', async () => {
    const role = (await server.strapi.db.query('admin::role').findOne({ where: { code: CONTENT_STAFF_ROLE.code } })) as { id: number };
    await server.strapi.db.query('admin::permission').create({
      data: { action: 'plugin::content-manager.explorer.read', subject: 'plugin::users-permissions.user', properties: {}, conditions: [], role: role.id },
    });
    expect(await staffPermissions()).not.toEqual(snapshot.permissions);
    await syncContentStaffRole(server.strapi);
    expect(await staffPermissions()).toEqual(snapshot.permissions);
  });

  it('is the only role of the demo account, which is no super admin', async () => {
    const user = (await server.strapi.db.query('admin::user').findOne({ where: { email: DEMO.cms.email }, populate: ['roles'] })) as {
      roles: { code: string }[];
    };
    expect(user.roles.map((role) => role.code)).toEqual([CONTENT_STAFF_ROLE.code]);
  });

  it('takes the super-admin role from a demo account seeded before the content-staff role', async () => {
    const user = (await server.strapi.db.query('admin::user').findOne({ where: { email: DEMO.cms.email } })) as { id: number };
    const superAdmin = (await server.strapi.db.query('admin::role').findOne({ where: { code: 'strapi-super-admin' } })) as { id: number };
    await server.strapi.db.query('admin::user').update({ where: { id: user.id }, data: { roles: [superAdmin.id] } });
    await demoteDemoCmsUser(server.strapi, await syncContentStaffRole(server.strapi));
    const after = (await server.strapi.db.query('admin::user').findOne({ where: { id: user.id }, populate: ['roles'] })) as { roles: { code: string }[] };
    expect(after.roles.map((role) => role.code)).toEqual([CONTENT_STAFF_ROLE.code]);
  });

  it('hides the authentication tables from the content manager, for every role', async () => {
    for (const uid of [
      'plugin::users-permissions.user',
      'plugin::users-permissions.role',
      'plugin::users-permissions.permission',
      'api::portal-auth.portal-session',
      'api::portal-auth.auth-challenge',
      'api::portal-auth.password-reset-code',
      'api::portal-auth.auth-attempt',
    ]) {
      const options = (server.strapi.contentTypes as unknown as Record<string, { pluginOptions?: Record<string, { visible?: boolean }> }>)[uid]?.pluginOptions;
      expect({ uid, cm: options?.['content-manager']?.visible, ctb: options?.['content-type-builder']?.visible }).toEqual({ uid, cm: false, ctb: false });
    }
  });
});

interface AdminRoles {
  create(attributes: Record<string, unknown>): Promise<{ id: number }>;
  addPermissions(roleId: number, permissions: Record<string, unknown>[]): Promise<unknown>;
}

/** Strapi's Editor as it makes it on a first start: every content type and the media library. */
const makeBroadEditor = async () => {
  const roles = server.strapi.service('admin::role') as unknown as AdminRoles;
  const role = await roles.create({ name: 'Editor', code: 'strapi-editor', description: 'Editors can manage and publish contents' });
  const everything = (action: string) =>
    [PROJECT, UNIT, HISTORY, 'plugin::users-permissions.user'].map((subject) => ({ action, subject, properties: {}, conditions: [] }));
  await roles.addPermissions(role.id, [
    ...['create', 'read', 'update', 'delete'].flatMap((verb) => everything(`plugin::content-manager.explorer.${verb}`)),
    { action: 'plugin::upload.read', subject: null, properties: {}, conditions: [] },
  ]);
  return role.id;
};

describe("Strapi's default Editor and Author roles", () => {
  it('are gone after boot (Strapi made them on the first start, nobody held them)', async () => {
    expect(await server.strapi.db.query('admin::role').count({ where: { code: { $in: [...DEFAULT_ADMIN_ROLE_CODES] } } })).toBe(0);
  });

  it('one nobody holds is removed; one someone holds keeps its holder but grants exactly the content-staff list', async () => {
    const unheld = await makeBroadEditor();
    expect(await secureDefaultAdminRoles(server.strapi)).toEqual([
      { code: 'strapi-editor', outcome: 'removed' },
      { code: 'strapi-author', outcome: 'absent' },
    ]);
    expect(await server.strapi.db.query('admin::role').count({ where: { id: unheld } })).toBe(0);

    const held = await makeBroadEditor();
    const email = 'editor@demo.test';
    const password = 'Editor-Held-2026!';
    await (server.strapi.service('admin::user') as unknown as { create(user: Record<string, unknown>): Promise<unknown> }).create({
      email,
      firstname: 'Ed',
      lastname: 'Itor',
      password,
      isActive: true,
      roles: [held],
    });
    const editor = (await client.post<{ data: { token: string } }>('/admin/login', { email, password })).body.data.token;
    // Before: the Editor reads portal users' profiles and the media library.
    expect((await client.get(cm('plugin::users-permissions.user'), { token: editor })).status).toBe(200);
    expect(await secureDefaultAdminRoles(server.strapi)).toEqual([
      { code: 'strapi-editor', outcome: 'limited to content staff' },
      { code: 'strapi-author', outcome: 'absent' },
    ]);
    for (const path of [cm('plugin::users-permissions.user'), '/upload/files', '/admin/users']) {
      expect({ path, status: (await client.get(path, { token: editor })).status }).toEqual({ path, status: 403 });
    }
    expect((await client.get(cm(UNIT), { token: editor })).status).toBe(200);
    const rows = (await server.strapi.db.query('admin::permission').findMany({ where: { role: { id: held } } })) as StoredPermission[];
    const asSnapshot = rows
      .map((row) => ({ action: row.action, subject: row.subject, fields: row.properties?.fields ? [...row.properties.fields].sort() : null }))
      .sort((a, b) => `${a.action} ${a.subject}`.localeCompare(`${b.action} ${b.subject}`));
    expect(asSnapshot).toEqual(snapshot.permissions);
  });
});

describe('the unit history in the panel', () => {
  it("is in content staff's content manager menu, listed newest first with who and through which door", async () => {
    const types = await asStaff.get<{ data: { uid: string; isDisplayed: boolean }[] }>('/content-manager/content-types');
    expect(types.body.data.find((type) => type.uid === HISTORY)?.isDisplayed).toBe(true);
    const configuration = await asStaff.get<{
      data: { contentType: { layouts: { list: string[] }; settings: { defaultSortBy: string; defaultSortOrder: string } } };
    }>(`/content-manager/content-types/${HISTORY}/configuration`);
    expect(configuration.body.data.contentType.layouts.list).toEqual(['createdAt', 'unitNumber', 'action', 'actorEmail', 'source']);
    expect(configuration.body.data.contentType.settings).toMatchObject({ defaultSortBy: 'createdAt', defaultSortOrder: 'DESC' });
  });

  it("is read-only: staff may not write it, and nor may the panel's super admin", async () => {
    const unit = await freshUnit();
    expect((await client.put(api(`/units/${unit.id}`), { price: 7 }, { token: admin })).status).toBe(200);
    const entry = (await server.strapi.db.query(HISTORY).findOne({ where: { unitId: unit.id } })) as PanelDocument;
    const forged = { unitId: unit.id, projectId: unit.projectId, action: 'created', actorEmail: 'nobody@demo.test', source: 'portal' };
    expect((await asStaff.post(cm(HISTORY), forged)).status).toBe(403);
    expect((await asStaff.put(cm(HISTORY, entry.documentId), { actorEmail: 'nobody@demo.test' })).status).toBe(403);
    expect((await asStaff.del(cm(HISTORY, entry.documentId))).status).toBe(403);

    const superRole = (await server.strapi.db.query('admin::role').findOne({ where: { code: 'strapi-super-admin' } })) as { id: number };
    const email = 'operator@demo.test';
    const password = 'Operator-Only-2026!';
    await (server.strapi.service('admin::user') as unknown as { create(user: Record<string, unknown>): Promise<unknown> }).create({
      email,
      firstname: 'Op',
      lastname: 'Erator',
      password,
      isActive: true,
      roles: [superRole.id],
    });
    const operator = (await client.post<{ data: { token: string } }>('/admin/login', { email, password })).body.data.token;
    expect((await client.get(cm(HISTORY, entry.documentId), { token: operator })).status).toBe(200);
    expect((await client.post(cm(HISTORY), forged, { token: operator })).status).toBe(403);
    expect((await client.put(cm(HISTORY, entry.documentId), { actorEmail: 'nobody@demo.test' }, { token: operator })).status).toBe(403);
    expect((await client.del(cm(HISTORY, entry.documentId), { token: operator })).status).toBe(403);
    expect(await historyOf(unit.id)).toEqual([
      { action: 'price-changed', before: { price: 1000000 }, after: { price: 7 }, actorEmail: DEMO.admin.email, source: 'portal' },
    ]);
  });
});

describe('what content staff may not read or write through the panel', () => {
  const forbiddenReads = [
    cm('plugin::users-permissions.user'),
    cm('plugin::users-permissions.role'),
    cm('plugin::users-permissions.permission'),
    cm('api::portal-auth.portal-session'),
    cm('api::portal-auth.auth-challenge'),
    cm('api::portal-auth.password-reset-code'),
    cm('api::portal-auth.auth-attempt'),
    '/admin/users',
    '/admin/roles',
    '/admin/api-tokens',
    '/admin/transfer/tokens',
    '/admin/webhooks',
    '/users-permissions/roles',
    '/users-permissions/advanced',
    '/users-permissions/email-templates',
    '/upload/files',
  ];
  it.each(forbiddenReads)('GET %s answers 403', async (path) => {
    expect((await asStaff.get(path)).status).toBe(403);
  });

  it('cannot create a portal admin, by any of the panel routes', async () => {
    const adminRole = (await server.strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'admin' } })) as { id: number };
    const email = 'made-by-staff@demo.test';
    const user = { username: email, email, password: 'Staff-Made-2026!', confirmed: true, blocked: false, role: adminRole.id, provider: 'local' };
    expect((await asStaff.post(cm('plugin::users-permissions.user'), user)).status).toBe(403);
    expect((await asStaff.post('/users-permissions/roles', { name: 'Sneaky', description: 'x', permissions: {} })).status).toBe(403);
    expect(await server.strapi.db.query('plugin::users-permissions.user').count({ where: { email } })).toBe(0);
    // Nor can the made-up account sign in to the portal.
    const login = await client.post(api('/portal-auth/login'), { email, password: user.password, userType: 'admin' });
    expect(login.status).not.toBe(200);
  });

  it('cannot write authentication rows, admin users, roles, tokens or settings', async () => {
    const staffRole = (await server.strapi.db.query('admin::role').findOne({ where: { code: CONTENT_STAFF_ROLE.code } })) as { id: number };
    const superAdmin = (await server.strapi.db.query('admin::role').findOne({ where: { code: 'strapi-super-admin' } })) as { id: number };
    const attempts: [string, () => Promise<ApiResponse>][] = [
      ['portal session', () => asStaff.post(cm('api::portal-auth.portal-session'), { tokenHash: 'x', expiresAt: new Date().toISOString() })],
      ['reset code', () => asStaff.post(cm('api::portal-auth.password-reset-code'), { codeHash: 'x' })],
      ['admin user', () => asStaff.post('/admin/users', { email: 'other@demo.test', firstname: 'O', lastname: 'S', roles: [superAdmin.id] })],
      ['own role permissions', () => asStaff.put(`/admin/roles/${staffRole.id}/permissions`, { permissions: [] })],
      ['api token', () => asStaff.post('/admin/api-tokens', { name: 'mine', type: 'full-access', lifespan: null })],
      ['users-permissions settings', () => asStaff.put('/users-permissions/advanced', { unique_email: true, allow_register: true, default_role: 'admin' })],
      ['webhook', () => asStaff.post('/admin/webhooks', { name: 'w', url: 'http://example.test', events: [] })],
    ];
    for (const [what, attempt] of attempts) expect({ what, status: (await attempt()).status }).toEqual({ what, status: 403 });
    expect(await server.strapi.db.query('admin::user').count({ where: { email: 'other@demo.test' } })).toBe(0);
    expect(await staffPermissions()).toEqual(snapshot.permissions);
  });
});

describe('what content staff may do through the panel', () => {
  it('reads projects, units and the unit history', async () => {
    // The seed writes no history: one change through the portal gives the list something to show.
    const unit = await freshUnit();
    expect((await client.put(api(`/units/${unit.id}`), { price: 1 }, { token: admin })).status).toBe(200);
    for (const uid of [PROJECT, UNIT, HISTORY]) {
      const response = await asStaff.get<{ results: unknown[] }>(cm(uid));
      expect({ uid, status: response.status }).toEqual({ uid, status: 200 });
      expect(response.body.results.length).toBeGreaterThan(0);
    }
  });

  it("sees units listed by number, project, type, status and price, and each field described in the portal's terms", async () => {
    const response = await asStaff.get<{
      data: { contentType: { layouts: { list: string[] }; metadatas: Record<string, { edit: { label: string; description: string } }> } };
    }>(`/content-manager/content-types/${UNIT}/configuration`);
    expect(response.status).toBe(200);
    const { layouts, metadatas } = response.body.data.contentType;
    expect(layouts.list).toEqual(['unitNumber', 'projectId', 'unitType', 'unitStatus', 'price']);
    expect(metadatas.unitStatus.edit.label).toBe('Status');
    expect(metadatas.unitStatus.edit.description).toMatch(/Agents see only available, sold and reserved units/);
    for (const field of ['unitNumber', 'price', 'unitStatus', 'projectId', 'floor']) expect(metadatas[field].edit.description).not.toBe('');
  });

  it("chooses a unit's project by name: projectId is the project-picker custom field over the same integer column", async () => {
    const attribute = (server.strapi.contentType(UNIT).attributes as unknown as Record<string, { type: string; customField?: string }>).projectId;
    expect(attribute).toMatchObject({ type: 'integer', customField: 'global::project-picker' });
    const types = await asStaff.get<{ data: { uid: string; attributes: Record<string, { customField?: string }> }[] }>('/content-manager/content-types');
    expect(types.body.data.find((type) => type.uid === UNIT)?.attributes.projectId.customField).toBe('global::project-picker');
  });

  it("shows a unit's images as thumbnails: url is the image-thumbnail custom field over the same string column", async () => {
    const attributes = server.strapi.components['unit.image'].attributes as unknown as Record<string, { type: string; customField?: string }>;
    expect(attributes.url).toMatchObject({ type: 'string', customField: 'global::image-thumbnail' });
    const components = await asStaff.get<{ data: { uid: string; attributes: Record<string, { customField?: string }> }[] }>('/content-manager/components');
    expect(components.status).toBe(200);
    expect(components.body.data.find((component) => component.uid === 'unit.image')?.attributes.url.customField).toBe('global::image-thumbnail');
    // Still read-only in the panel: the portal alone writes a unit's images.
    const configuration = await asStaff.get<{
      data: {
        contentType: { metadatas: Record<string, { edit: { editable?: boolean; mainField?: string } }> };
        components: Record<string, { settings: { mainField: string }; metadatas: Record<string, { edit: { label: string; editable?: boolean } }> }>;
      };
    }>(`/content-manager/content-types/${UNIT}/configuration`);
    expect(configuration.body.data.contentType.metadatas.images.edit.editable).toBe(false);
    // Each image entry is titled by the image's name, and its picture is labelled as such.
    const image = configuration.body.data.components['unit.image'];
    expect(image.settings.mainField).toBe('name');
    expect(configuration.body.data.contentType.metadatas.images.edit.mainField).toBe('name');
    expect(image.metadatas.url.edit).toMatchObject({ label: 'Image', editable: false });
  });

  it("never reads a unit's sale details", async () => {
    const sold = await unitRow({ unitStatus: 'sold' });
    const response = await asStaff.get<{ data: Record<string, unknown> }>(`${cm(UNIT, sold.documentId)}`);
    expect(response.status).toBe(200);
    expect(response.body.data).not.toHaveProperty('saleDetails');
  });

  it('creates, edits and deletes a project and a unit', async () => {
    const created = await asStaff.post<{ data: PanelDocument }>(cm(PROJECT), { name: 'Panel Tower', location: 'Dubai Marina', visibleTo: ['dubai'] });
    expect(created.status).toBe(201);
    const project = created.body.data;
    expect(
      (await asStaff.put<{ data: PanelDocument }>(cm(PROJECT, project.documentId), { name: 'Panel Tower II', location: 'Dubai Marina' })).body.data.name,
    ).toBe('Panel Tower II');
    const unit = await asStaff.post<{ data: PanelDocument }>(cm(UNIT), { projectId: project.id, unitNumber: 'P-101', unitStatus: 'available', price: 900000 });
    expect(unit.status).toBe(201);
    expect(unit.body.data).toMatchObject({ unitNumber: 'P-101', unitStatus: 'available', projectId: project.id });
    const edited = await asStaff.put<{ data: PanelDocument }>(cm(UNIT, unit.body.data.documentId), { unitNumber: 'P-102', revision: 1 });
    expect(edited.status).toBe(200);
    expect(edited.body.data.unitNumber).toBe('P-102');
    expect((await asStaff.del(cm(UNIT, unit.body.data.documentId))).status).toBe(200);
    expect(await server.strapi.db.query(UNIT).count({ where: { projectId: project.id } })).toBe(0);
    expect((await asStaff.del(cm(PROJECT, project.documentId))).status).toBe(200);
    expect(await server.strapi.db.query(PROJECT).count({ where: { id: project.id } })).toBe(0);
  });
});

interface Door {
  name: 'portal' | 'panel';
  createUnit(projectId: number, unit: Record<string, unknown>): Promise<ApiResponse<ErrorBody>>;
  updateUnit(unit: { id: number; documentId: string }, fields: Record<string, unknown>): Promise<ApiResponse<ErrorBody>>;
  createProject(project: Record<string, unknown>): Promise<ApiResponse<ErrorBody>>;
}

/** The portal names the status `status`, the panel its column `unitStatus`; everything else is alike. */
const panelFields = ({ status, ...rest }: Record<string, unknown>) => (status === undefined ? rest : { ...rest, unitStatus: status });

const doors: Door[] = [
  {
    name: 'portal',
    createUnit: (projectId, unit) => client.post(api(`/projects/${projectId}/units`), { units: [unit] }, { token: admin }),
    updateUnit: (unit, fields) => client.put(api(`/units/${unit.id}`), fields, { token: admin }),
    createProject: (project) => client.post(api('/projects'), project, { token: admin }),
  },
  {
    name: 'panel',
    createUnit: (projectId, unit) => asStaff.post(cm(UNIT), { projectId, ...panelFields(unit) }),
    updateUnit: (unit, fields) => asStaff.put(cm(UNIT, unit.documentId), panelFields(fields)),
    createProject: (project) => asStaff.post(cm(PROJECT), project),
  },
];

describe.each(doors)('one set of rules, through the $name', (door) => {
  const refusals: [string, (projectId: number, taken: string) => Record<string, unknown>, number, string][] = [
    [
      'an unknown status',
      () => ({ unitNumber: `S-${door.name}`, status: 'bogus' }),
      400,
      'Status must be one of available, sold, reserved, unavailable, occupied',
    ],
    ['a negative price', () => ({ unitNumber: `N-${door.name}`, price: -5 }), 400, 'Price must be a number of 0 or more'],
    ['half a bedroom', () => ({ unitNumber: `B-${door.name}`, bedrooms: 1.5 }), 400, 'Bedrooms must be a whole number of 0 or more'],
    ['a blank unit number', () => ({ unitNumber: '  ' }), 400, 'Unit number is required'],
  ];
  it.each(refusals)("refuses a unit with %s, with the portal's message, and writes nothing", async (_what, input, status, message) => {
    const project = await firstProject();
    const before = await server.strapi.db.query(UNIT).count({});
    const response = await door.createUnit(project.id, input(project.id, ''));
    expect({ status: response.status, message: response.body.error?.message }).toEqual({ status, message });
    expect(await server.strapi.db.query(UNIT).count({})).toBe(before);
  });

  it('refuses a unit number already in the project (409), and writes nothing', async () => {
    const taken = await freshUnit();
    const response = await door.createUnit(taken.projectId, { unitNumber: taken.unitNumber, status: 'available' });
    expect(response.status).toBe(409);
    expect(response.body.error.message).toMatch(new RegExp(`^Unit ${taken.unitNumber} already exists in project `));
  });

  it("refuses a project without a location, with the portal's message", async () => {
    const response = await door.createProject({ name: `No place ${door.name}` });
    expect({ status: response.status, message: response.body.error?.message }).toEqual({ status: 400, message: 'Name and Location are required' });
    expect(await server.strapi.db.query(PROJECT).count({ where: { name: `No place ${door.name}` } })).toBe(0);
  });

  it('a status and price change leaves the same history rows and one revision bump; an older copy then gets the 409', async () => {
    const unit = await freshUnit();
    const response = await door.updateUnit(unit, { status: 'reserved', price: 1250000, revision: 1 });
    expect(response.status).toBe(200);
    const after = await unitRow({ id: unit.id });
    expect({ status: after.unitStatus, price: Number(after.price), revision: after.revision }).toEqual({ status: 'reserved', price: 1250000, revision: 2 });
    const actor = door.name === 'portal' ? { actorEmail: DEMO.admin.email, source: 'portal' } : { actorEmail: DEMO.cms.email, source: 'cms-panel' };
    expect(await historyOf(unit.id)).toEqual([
      { action: 'status-changed', before: { status: 'available' }, after: { status: 'reserved' }, ...actor },
      { action: 'price-changed', before: { price: 1000000 }, after: { price: 1250000 }, ...actor },
    ]);
    // Whoever still holds revision 1, through either door, is told the unit changed.
    for (const other of doors) {
      const stale = await other.updateUnit(unit, { price: 1, revision: 1 });
      expect({ door: other.name, status: stale.status }).toEqual({ door: other.name, status: 409 });
    }
    expect(Number((await unitRow({ id: unit.id })).price)).toBe(1250000);
  });
});

it('a bulk status change in the portal, written by one INSERT ... SELECT, says the portal too', async () => {
  const unit = await freshUnit();
  expect((await client.post(api('/units/bulk-status'), { ids: [unit.id], status: 'sold' }, { token: admin })).status).toBe(200);
  expect(await historyOf(unit.id)).toEqual([
    { action: 'status-changed', before: { status: 'available' }, after: { status: 'sold' }, actorEmail: DEMO.admin.email, source: 'portal' },
  ]);
});

describe('what staff change is what the portal shows, at once', () => {
  it("a unit set to occupied in the panel disappears for agents, and the units list's ETag moves", async () => {
    const project = (await server.strapi.db.query(PROJECT).findOne({ where: { name: { $notNull: true } }, orderBy: { id: 'asc' } })) as PanelDocument & {
      visibleTo: string[];
    };
    expect(project.visibleTo).toContain('dubai');
    const unit = await freshUnit();
    const listed = await client.get<{ data: { id: number }[] }>(api(`/projects/${unit.projectId}/units`), { token: dubai });
    expect(listed.body.data.map((row) => row.id)).toContain(unit.id);
    const etag = listed.headers.get('etag') as string;
    expect((await asStaff.put(cm(UNIT, unit.documentId), { unitStatus: 'occupied' })).status).toBe(200);
    const again = await client.get<{ data: { id: number }[] }>(api(`/projects/${unit.projectId}/units`), { token: dubai, headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(200);
    expect(again.body.data.map((row) => row.id)).not.toContain(unit.id);
    expect((await client.get(api(`/units/${unit.id}`), { token: dubai })).status).toBe(404);
  });

  it("the admin's history of the unit names the staff member and the panel", async () => {
    const unit = await freshUnit();
    await asStaff.put(cm(UNIT, unit.documentId), { price: 1100000 });
    const history = await client.get<{ data: HistoryRow[] }>(api(`/units/${unit.id}/history`), { token: admin });
    expect(history.body.data[0]).toMatchObject({ action: 'price-changed', actorEmail: DEMO.cms.email, source: 'cms-panel' });
  });

  it("a bulk delete in the panel records each unit's deletion, and a duplicate is refused rather than skipping the rules", async () => {
    const [one, two] = [await freshUnit(), await freshUnit()];
    const cloned = await asStaff.post<ErrorBody>(`${cm(UNIT)}/clone/${one.documentId}`, { unitNumber: `${one.unitNumber}-copy`, projectId: one.projectId });
    expect(cloned.status).toBe(400);
    expect(await server.strapi.db.query(UNIT).count({ where: { unitNumber: `${one.unitNumber}-copy` } })).toBe(0);
    const deleted = await asStaff.post(`${cm(UNIT)}/actions/bulkDelete`, { documentIds: [one.documentId, two.documentId] });
    expect(deleted.status).toBe(200);
    for (const unit of [one, two]) {
      expect(await server.strapi.db.query(UNIT).count({ where: { id: unit.id } })).toBe(0);
      expect((await historyOf(unit.id)).map((row) => [row.action, row.actorEmail, row.source])).toEqual([['deleted', DEMO.cms.email, 'cms-panel']]);
    }
  });

  it('deleting a project in the panel deletes its units, each recorded', async () => {
    const created = await asStaff.post<{ data: PanelDocument }>(cm(PROJECT), { name: 'Short-lived', location: 'Doha', visibleTo: ['doha'] });
    const projectId = created.body.data.id;
    for (const unitNumber of ['D-1', 'D-2']) expect((await asStaff.post(cm(UNIT), { projectId, unitNumber })).status).toBe(201);
    const ids = ((await server.strapi.db.query(UNIT).findMany({ where: { projectId }, select: ['id'] })) as { id: number }[]).map((row) => row.id);
    expect((await asStaff.del(cm(PROJECT, created.body.data.documentId))).status).toBe(200);
    expect(await server.strapi.db.query(UNIT).count({ where: { projectId } })).toBe(0);
    for (const id of ids)
      expect((await historyOf(id)).map((row) => [row.action, row.source])).toEqual([
        ['created', 'cms-panel'],
        ['deleted', 'cms-panel'],
      ]);
  });
});
