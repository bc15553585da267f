import { adminOnly } from '../../../http/route-config';

// The property image upload: admin only, twice over (the admin role holds the action, and
// global::is-admin checks the role again). The file is checked and stored by the service.
export default {
  type: 'content-api',
  routes: [
    {
      method: 'POST',
      path: '/projects/property-image',
      handler: 'api::project.property-image.upload',
      config: adminOnly(),
    },
  ],
};
