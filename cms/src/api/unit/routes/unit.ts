import { adminOnly, signedIn } from '../../../http/route-config';

// The portal's unit routes: hot paths (the project's whole list, bulk status, bulk delete) are
// set-based custom actions; reads are filtered by the server to what the viewer may see.

export default {
  type: 'content-api',
  routes: [
    { method: 'GET', path: '/projects/:id/units', handler: 'api::unit.unit.listByProject', config: signedIn() },
    { method: 'POST', path: '/projects/:id/units', handler: 'api::unit.unit.createInProject', config: adminOnly() },
    { method: 'POST', path: '/units/bulk-status', handler: 'api::unit.unit.bulkStatus', config: adminOnly() },
    { method: 'POST', path: '/units/bulk-delete', handler: 'api::unit.unit.bulkDelete', config: adminOnly() },
    { method: 'GET', path: '/units/:id', handler: 'api::unit.unit.findOne', config: signedIn() },
    { method: 'GET', path: '/units/:id/history', handler: 'api::unit.unit.history', config: adminOnly() },
    { method: 'PUT', path: '/units/:id', handler: 'api::unit.unit.update', config: adminOnly() },
    { method: 'DELETE', path: '/units/:id', handler: 'api::unit.unit.delete', config: adminOnly() },
  ],
};
