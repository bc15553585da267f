/**
 * The access decision for every content-API route the server mounts (issue #9 item 1), keyed by
 * `METHOD path` as Strapi's router lists it (the path includes the /api prefix; GET stands for
 * GET and HEAD). tests/security-access-matrix.test.ts calls every route as every kind of caller and
 * checks the answer against this table; a route mounted without a decision here fails that test,
 * and so does a decision for a route that is no longer mounted.
 *
 * - public: anyone, signed in or not (the sign-in and password-reset steps). Kept short on purpose.
 * - self: any signed-in portal user, on their own account only (spec §6: password, two-factor,
 *   account deletion, own profile). Agents may write here: this is the self-service list.
 * - read: signed-in agents and admins; the server narrows what an agent sees (spec §6).
 * - admin: signed-in admins only (agents 403).
 * - nobody: a stock plugin route still mounted that no portal role may use (every caller 401/403).
 */
export type Access = 'public' | 'self' | 'read' | 'admin' | 'nobody';

export interface RouteDecision {
  access: Access;
  why: string;
}

const UNIT_IMAGES = 'unit images (types/src/api/images.ts): admin only';

export const ROUTE_DECISIONS: Record<string, RouteDecision> = {
  // Sign-in, sign-out and password reset (src/api/portal-auth, `auth: false`).
  'POST /api/portal-auth/login': { access: 'public', why: 'first sign-in step' },
  'POST /api/portal-auth/login/send-code': { access: 'public', why: 'second step: SMS code for a pending challenge' },
  'POST /api/portal-auth/login/verify': { access: 'public', why: 'second step: verifies the code of a pending challenge' },
  'POST /api/portal-auth/logout': { access: 'public', why: 'ends the session it is given, if any; works with an ended session' },
  'POST /api/portal-auth/forgot-password': { access: 'public', why: 'sends a reset link; same answer for any e-mail' },
  'POST /api/portal-auth/reset-password': { access: 'public', why: 'consumes a single-use reset code' },

  // The signed-in user's own account (spec §2 Account settings, §6).
  'GET /api/portal-auth/me': { access: 'self', why: 'own session profile' },
  'PUT /api/portal-auth/me': { access: 'self', why: 'own names and phone; role, region and projects are not writable here' },
  'POST /api/portal-auth/change-password': { access: 'self', why: 'own password, current password re-verified' },
  'POST /api/portal-auth/delete-account': { access: 'self', why: 'own account, password re-entered' },
  'POST /api/portal-auth/two-factor/start': { access: 'self', why: 'own SMS two-factor' },
  'POST /api/portal-auth/two-factor/confirm': { access: 'self', why: 'own SMS two-factor' },
  'POST /api/portal-auth/two-factor/disable': { access: 'self', why: 'own SMS two-factor' },

  // Inventory reads, narrowed by the server to the viewer's projects and statuses.
  'GET /api/projects': { access: 'read', why: 'dashboard cards' },
  'GET /api/projects/:id': { access: 'read', why: 'project detail' },
  'GET /api/projects/:id/units': { access: 'read', why: 'project unit table' },
  'GET /api/units/:id': { access: 'read', why: 'unit detail' },
  'GET /api/projects/:id/events': { access: 'read', why: "live events of a project: the viewer's own rows (issue #27)" },
  'GET /api/events': { access: 'read', why: 'live events of every project the viewer sees (issue #27)' },

  // Inventory management (admins).
  'POST /api/projects': { access: 'admin', why: 'create property' },
  'PUT /api/projects/:id': { access: 'admin', why: 'edit property' },
  'DELETE /api/projects/:id': { access: 'admin', why: 'delete property and its units' },
  'POST /api/projects/property-image': { access: 'admin', why: 'property image upload' },
  'POST /api/projects/:id/units': { access: 'admin', why: 'add units' },
  'POST /api/projects/:id/units/import': { access: 'admin', why: 'CSV import' },
  'GET /api/projects/:id/units/export': { access: 'admin', why: 'CSV export: every unit, hidden statuses included' },
  'POST /api/units/bulk-status': { access: 'admin', why: 'bulk status change' },
  'POST /api/units/bulk-delete': { access: 'admin', why: 'bulk delete' },
  'GET /api/units/:id/history': { access: 'admin', why: 'unit change history' },
  'GET /api/insights': { access: 'admin', why: 'Insights tab: sales figures of every project (issue #28)' },
  'PUT /api/units/:id': { access: 'admin', why: 'edit unit' },
  'DELETE /api/units/:id': { access: 'admin', why: 'delete unit' },
  'GET /api/sold-units': { access: 'admin', why: 'sold units manager: sale details' },
  'PUT /api/units/:id/sale-details': { access: 'admin', why: 'sale details' },
  'PUT /api/units/:id/archive': { access: 'admin', why: 'archive toggle' },
  'GET /api/projects/:id/notification-recipients': { access: 'admin', why: "agents' names and e-mails" },
  'POST /api/notifications/units': { access: 'admin', why: 'e-mails agents' },
  'POST /api/notifications/units/preview': { access: 'admin', why: "agents' names, e-mails and the units each may see" },
  'GET /api/projects/:id/unit-images': { access: 'admin', why: UNIT_IMAGES },
  'POST /api/units/:id/images': { access: 'admin', why: UNIT_IMAGES },
  'DELETE /api/units/:id/images': { access: 'admin', why: UNIT_IMAGES },
  'DELETE /api/units/:id/images/:imageId': { access: 'admin', why: UNIT_IMAGES },
  'PUT /api/units/:id/images/:imageId/featured': { access: 'admin', why: UNIT_IMAGES },
  'PUT /api/units/:id/shared-images': { access: 'admin', why: UNIT_IMAGES },
  'POST /api/projects/:id/unit-images/link': { access: 'admin', why: UNIT_IMAGES },
  'POST /api/projects/:id/unit-images/unlink': { access: 'admin', why: UNIT_IMAGES },

  // User management (admins).
  'GET /api/portal-users': { access: 'admin', why: 'Users tab' },
  'POST /api/portal-users': { access: 'admin', why: 'create user' },
  'PUT /api/portal-users/:id': { access: 'admin', why: 'edit agent' },
  'DELETE /api/portal-users/:id': { access: 'admin', why: 'delete user' },

  // Stock plugin routes Strapi still mounts. The portal uses none of them: no role holds their
  // permissions (src/bootstrap/permissions.ts), so every caller is refused.
  'GET /api/content-type-builder/content-types': { access: 'nobody', why: 'schema disclosure' },
  'GET /api/content-type-builder/content-types/:uid': { access: 'nobody', why: 'schema disclosure' },
  'GET /api/content-type-builder/components': { access: 'nobody', why: 'schema disclosure' },
  'GET /api/content-type-builder/components/:uid': { access: 'nobody', why: 'schema disclosure' },
  'POST /api/email': { access: 'nobody', why: 'would send arbitrary e-mail' },
  'POST /api/upload': { access: 'nobody', why: 'raw uploads bypass the image checks; the portal has its own upload routes' },
  'GET /api/upload/files': { access: 'nobody', why: 'lists every stored file' },
  'GET /api/upload/files/page': { access: 'nobody', why: 'lists every stored file' },
  'GET /api/upload/files/:id': { access: 'nobody', why: 'file metadata' },
  'DELETE /api/upload/files/:id': { access: 'nobody', why: 'deletes any stored file' },
  'GET /api/i18n/locales': { access: 'nobody', why: 'the portal is not localised' },
};
