import { adminOnly } from '../../../http/route-config';

// Sold Units Management (spec §2): the sold units list, their sale details and the archive flag. Admins only.

export default {
  type: 'content-api',
  routes: [
    {
      method: 'GET',
      path: '/sold-units',
      handler: 'api::sold-unit.sold-unit.list',
      config: adminOnly('projectId', 'saleStatus', 'archived', 'overdue'),
    },
    { method: 'PUT', path: '/units/:id/sale-details', handler: 'api::sold-unit.sold-unit.saveSaleDetails', config: adminOnly() },
    { method: 'PUT', path: '/units/:id/archive', handler: 'api::sold-unit.sold-unit.setArchive', config: adminOnly() },
  ],
};
