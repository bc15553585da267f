import { adminOnly } from '../../../http/route-config';

/**
 * User management (types/src/api/auth.ts: portal-users). Admin only twice over: only the admin role
 * holds these actions, and global::is-admin checks the role again, so a permission ticked by mistake
 * in the CMS panel still does not open them to agents.
 */

export default {
  type: 'content-api',
  routes: [
    { method: 'GET', path: '/portal-users', handler: 'portal-user.find', config: adminOnly() },
    { method: 'POST', path: '/portal-users', handler: 'portal-user.create', config: adminOnly() },
    { method: 'PUT', path: '/portal-users/:id', handler: 'portal-user.update', config: adminOnly() },
    { method: 'DELETE', path: '/portal-users/:id', handler: 'portal-user.delete', config: adminOnly() },
  ],
};
