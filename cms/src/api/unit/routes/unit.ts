import { refuseQuery } from '../../../middlewares/refuse-query';

// The portal's unit routes: hot paths (the project's whole list, bulk status, bulk delete) are
// set-based custom actions; reads are filtered by the server to what the viewer may see.
const noQuery = { middlewares: [refuseQuery()] };
const adminOnly = { ...noQuery, policies: ['global::is-admin'] };

export default {
  type: 'content-api',
  routes: [
    { method: 'GET', path: '/projects/:id/units', handler: 'api::unit.unit.listByProject', config: noQuery },
    { method: 'POST', path: '/projects/:id/units', handler: 'api::unit.unit.createInProject', config: adminOnly },
    { method: 'POST', path: '/units/bulk-status', handler: 'api::unit.unit.bulkStatus', config: adminOnly },
    { method: 'POST', path: '/units/bulk-delete', handler: 'api::unit.unit.bulkDelete', config: adminOnly },
    { method: 'GET', path: '/units/:id', handler: 'api::unit.unit.findOne', config: noQuery },
    { method: 'GET', path: '/units/:id/history', handler: 'api::unit.unit.history', config: adminOnly },
    { method: 'PUT', path: '/units/:id', handler: 'api::unit.unit.update', config: adminOnly },
    { method: 'DELETE', path: '/units/:id', handler: 'api::unit.unit.delete', config: adminOnly },
  ],
};
