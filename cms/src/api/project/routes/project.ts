import { adminOnly, signedIn } from '../../../http/route-config';

// The portal's project routes. Agents hold find/findOne (filtered by the server to what they may
// see); every write is admin-only by policy, whatever the role's ticked permissions say.

export default {
  type: 'content-api',
  routes: [
    { method: 'GET', path: '/projects', handler: 'api::project.project.find', config: signedIn() },
    { method: 'GET', path: '/projects/:id', handler: 'api::project.project.findOne', config: signedIn() },
    { method: 'POST', path: '/projects', handler: 'api::project.project.create', config: adminOnly() },
    { method: 'PUT', path: '/projects/:id', handler: 'api::project.project.update', config: adminOnly() },
    { method: 'DELETE', path: '/projects/:id', handler: 'api::project.project.delete', config: adminOnly() },
  ],
};
