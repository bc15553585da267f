import { refuseQuery } from '../../../middlewares/refuse-query';

// Sold Units Management (spec §2): the sold units list, their sale details and the archive flag. Admins only.
const adminOnly = { policies: ['global::is-admin'], middlewares: [refuseQuery()] };

export default {
  type: 'content-api',
  routes: [
    {
      method: 'GET',
      path: '/sold-units',
      handler: 'api::sold-unit.sold-unit.list',
      config: { ...adminOnly, middlewares: [refuseQuery('projectId', 'saleStatus', 'archived', 'overdue')] },
    },
    { method: 'PUT', path: '/units/:id/sale-details', handler: 'api::sold-unit.sold-unit.saveSaleDetails', config: adminOnly },
    { method: 'PUT', path: '/units/:id/archive', handler: 'api::sold-unit.sold-unit.setArchive', config: adminOnly },
  ],
};
