import { refuseQuery } from '../../../middlewares/refuse-query';

// The admins' Insights tab (issue #28 item 7): sell-through, weekly sales and price per sqft. Admins only.
export default {
  type: 'content-api',
  routes: [
    {
      method: 'GET',
      path: '/insights',
      handler: 'api::insight.insight.read',
      config: { policies: ['global::is-admin'], middlewares: [refuseQuery('projectId', 'region')] },
    },
  ],
};
