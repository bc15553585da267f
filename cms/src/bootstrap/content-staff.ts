import type { Core } from '@strapi/strapi';
import { service } from '../server/services';

/** The CMS panel role of content staff (README: "Content staff in the CMS panel"). */
export const CONTENT_STAFF_ROLE = {
  name: 'Content staff',
  code: 'content-staff',
  description: 'Creates, reads, updates and deletes projects and units, and reads the unit history. Nothing else: portal users are managed in the portal.',
} as const;

/** One admin permission of the role: an action on a content type, limited to some fields where the action takes fields. */
export interface StaffPermission {
  action: string;
  subject: string;
  fields?: readonly string[];
}

const PROJECT = 'api::project.project';
const UNIT = 'api::unit.unit';
const HISTORY = 'api::unit-history.unit-history';

// What staff write. The image, sale-details, archive and sharing fields have their own portal routes
// (byte checks, the 10-image limit, sharing plans), so the panel shows them but never writes them.
const PROJECT_WRITABLE = ['name', 'location', 'description', 'projectType', 'visibleTo'];
// The edit view's opt-in to e-mail agents on this save (panel-door): sent with the form, never stored.
const NOTIFY = 'notifyAgents';
const UNIT_WRITABLE = [
  'unitNumber',
  'name',
  'unitType',
  'floor',
  'price',
  'area',
  'size',
  'bedrooms',
  'bathrooms',
  'view',
  'description',
  'features',
  'unitStatus',
  'available',
];

/**
 * Exactly what the role may do: create, read, update and delete projects and units, read the unit
 * history. No media library (unit and project images are written by the portal), no settings, no
 * users, roles or tokens, no authentication tables. Read leaves out sale details (buyer and payment
 * data) and the storage keys of files. `revision` is readable and sendable on update: the panel
 * sends back the revision it loaded, which is the portal's stale-save check (409).
 */
export const CONTENT_STAFF_PERMISSIONS: readonly StaffPermission[] = [
  { action: 'plugin::content-manager.explorer.create', subject: PROJECT, fields: PROJECT_WRITABLE },
  { action: 'plugin::content-manager.explorer.read', subject: PROJECT, fields: [...PROJECT_WRITABLE, 'imageUrl', 'imageMetadata'] },
  { action: 'plugin::content-manager.explorer.update', subject: PROJECT, fields: PROJECT_WRITABLE },
  { action: 'plugin::content-manager.explorer.delete', subject: PROJECT },
  { action: 'plugin::content-manager.explorer.create', subject: UNIT, fields: ['projectId', ...UNIT_WRITABLE, NOTIFY] },
  {
    action: 'plugin::content-manager.explorer.read',
    subject: UNIT,
    fields: ['projectId', ...UNIT_WRITABLE, 'visibleTo', 'images.imageId', 'images.url', 'images.name', 'images.featured', 'revision', NOTIFY],
  },
  { action: 'plugin::content-manager.explorer.update', subject: UNIT, fields: [...UNIT_WRITABLE, 'revision', NOTIFY] },
  { action: 'plugin::content-manager.explorer.delete', subject: UNIT },
  {
    action: 'plugin::content-manager.explorer.read',
    subject: HISTORY,
    fields: ['unitId', 'projectId', 'unitNumber', 'action', 'before', 'after', 'actorEmail', 'source'],
  },
];

const roleService = (strapi: Core.Strapi) => service(strapi, 'admin::role');

/** The permissions in the shape Strapi's admin role service stores them. */
export const asContentStaffPermissions = () =>
  CONTENT_STAFF_PERMISSIONS.map(({ action, subject, fields }) => ({
    action,
    subject,
    properties: fields ? { fields: [...fields] } : {},
    conditions: [],
  }));

/**
 * Creates the role if it is missing and sets its permissions to exactly the allowlist, adding what
 * is missing and removing what is extra: a box ticked in the panel does not survive a restart, as
 * bootstrap/permissions.ts does for the portal's roles. Returns the role's id.
 */
export const syncContentStaffRole = async (strapi: Core.Strapi): Promise<number> => {
  const roles = roleService(strapi);
  const role = (await roles.findOne({ code: CONTENT_STAFF_ROLE.code })) ?? (await roles.create({ ...CONTENT_STAFF_ROLE }));
  await roles.assignPermissions(role.id, asContentStaffPermissions());
  return role.id;
};
