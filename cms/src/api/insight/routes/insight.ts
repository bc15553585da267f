import { adminOnly } from '../../../http/route-config';

// The admins' Insights tab (issue #28 item 7): sell-through, weekly sales and price per sqft. Admins only.
export default {
  type: 'content-api',
  routes: [
    {
      method: 'GET',
      path: '/insights',
      handler: 'api::insight.insight.read',
      config: adminOnly('projectId', 'region'),
    },
  ],
};
