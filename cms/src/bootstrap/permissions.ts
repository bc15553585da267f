import type { Core } from '@strapi/strapi';

/** What every signed-in portal user may do to their own account (spec §6). */
const ACCOUNT_PERMISSIONS = [
  'api::portal-auth.account.me',
  'api::portal-auth.account.updateMe',
  'api::portal-auth.account.changePassword',
  'api::portal-auth.account.deleteAccount',
  'api::portal-auth.two-factor.start',
  'api::portal-auth.two-factor.confirm',
  'api::portal-auth.two-factor.disable',
] as const;

/**
 * The content-API permissions each users-permissions role holds, exactly. Bootstrap adds what is
 * missing and removes what is extra, so a box ticked by mistake in the CMS panel does not survive a
 * restart (and the API suite asserts the exact set).
 */
export const ROLE_PERMISSIONS = {
  // The sign-in routes are `auth: false` (src/api/portal-auth/routes): nobody needs a permission for them.
  public: [],
  authenticated: [],
  admin: [
    'api::project.project.find',
    'api::project.project.findOne',
    'api::project.project.create',
    'api::project.project.update',
    'api::project.project.delete',
    'api::project.property-image.upload',
    'api::unit.unit.listByProject',
    'api::unit.unit.createInProject',
    'api::unit.unit.findOne',
    'api::unit.unit.update',
    'api::unit.unit.delete',
    'api::unit.unit.bulkStatus',
    'api::unit.unit.bulkDelete',
    'api::unit.unit.history',
    'api::live.live.projectEvents',
    'api::live.live.allEvents',
    'api::sold-unit.sold-unit.list',
    'api::sold-unit.sold-unit.saveSaleDetails',
    'api::sold-unit.sold-unit.setArchive',
    'api::insight.insight.read',
    'api::unit.unit-import.importCsv',
    'api::unit-image.unit-image.list',
    'api::unit-image.unit-image.upload',
    'api::unit-image.unit-image.clear',
    'api::unit-image.unit-image.remove',
    'api::unit-image.unit-image.setFeatured',
    'api::unit-image.unit-image.setSharing',
    'api::unit-image.unit-image.link',
    'api::unit-image.unit-image.unlink',
    'api::unit.unit-import.exportRows',
    'api::notification.notification.recipients',
    'api::notification.notification.sendUnits',
    'api::notification.notification.previewUnits',
    ...ACCOUNT_PERMISSIONS,
    'api::portal-user.portal-user.find',
    'api::portal-user.portal-user.create',
    'api::portal-user.portal-user.update',
    'api::portal-user.portal-user.delete',
  ],
  agent: [
    'api::project.project.find',
    'api::project.project.findOne',
    'api::unit.unit.listByProject',
    'api::unit.unit.findOne',
    'api::live.live.projectEvents',
    'api::live.live.allEvents',
    ...ACCOUNT_PERMISSIONS,
  ],
} as const satisfies Record<string, readonly string[]>;

export type RoleType = keyof typeof ROLE_PERMISSIONS;

const PORTAL_ROLES: Record<'admin' | 'agent', { name: string; description: string }> = {
  admin: { name: 'Admin', description: 'Portal administrator: manages properties, units, images, users and sales' },
  agent: { name: 'Agent', description: 'Sales agent: read-only view of the properties of their region' },
};

const ROLE_UID = 'plugin::users-permissions.role';
const PERMISSION_UID = 'plugin::users-permissions.permission';

interface RoleRow {
  id: number;
  type: string;
}
interface PermissionRow {
  id: number;
  action: string;
}

const ensureRole = async (strapi: Core.Strapi, type: RoleType): Promise<RoleRow | null> => {
  const existing = (await strapi.db.query(ROLE_UID).findOne({ where: { type } })) as RoleRow | null;
  if (existing || !(type in PORTAL_ROLES)) return existing;
  const { name, description } = PORTAL_ROLES[type as keyof typeof PORTAL_ROLES];
  return (await strapi.db.query(ROLE_UID).create({ data: { name, description, type } })) as RoleRow;
};

const syncRole = async (strapi: Core.Strapi, type: RoleType) => {
  const role = await ensureRole(strapi, type);
  if (!role) return;
  const intended = new Set<string>(ROLE_PERMISSIONS[type]);
  const current = (await strapi.db.query(PERMISSION_UID).findMany({ where: { role: role.id } })) as PermissionRow[];
  const extra = current.filter((permission) => !intended.has(permission.action));
  if (extra.length > 0) {
    strapi.log.warn(`Removing permissions not intended for role '${type}': ${extra.map((p) => p.action).join(', ')}`);
    await strapi.db.query(PERMISSION_UID).deleteMany({ where: { id: { $in: extra.map((p) => p.id) } } });
  }
  const held = new Set(current.map((permission) => permission.action));
  for (const action of intended) {
    if (!held.has(action)) await strapi.db.query(PERMISSION_UID).create({ data: { action, role: role.id } });
  }
};

/** Idempotent: creates the admin and agent roles and brings every role to its intended permissions. */
export const syncRolesAndPermissions = async (strapi: Core.Strapi) => {
  await strapi.db.transaction(async () => {
    for (const type of Object.keys(ROLE_PERMISSIONS) as RoleType[]) await syncRole(strapi, type);
  });
  // Users are created by admins only: public self-registration stays off.
  const store = strapi.store({ type: 'plugin', name: 'users-permissions' });
  const advanced = ((await store.get({ key: 'advanced' })) ?? {}) as Record<string, unknown>;
  if (advanced.allow_register !== false) await store.set({ key: 'advanced', value: { ...advanced, allow_register: false } });
};
