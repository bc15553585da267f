import { adminOnly } from '../../../http/route-config';

// The unit-image routes (contract: types/src/api/images.ts). Admin only, twice over: the admin role
// holds each action, and global::is-admin checks the role again whatever the CMS panel ticks.

export default {
  type: 'content-api',
  routes: [
    { method: 'GET', path: '/projects/:id/unit-images', handler: 'api::unit-image.unit-image.list', config: adminOnly() },
    { method: 'POST', path: '/units/:id/images', handler: 'api::unit-image.unit-image.upload', config: adminOnly() },
    { method: 'DELETE', path: '/units/:id/images', handler: 'api::unit-image.unit-image.clear', config: adminOnly() },
    { method: 'DELETE', path: '/units/:id/images/:imageId', handler: 'api::unit-image.unit-image.remove', config: adminOnly() },
    { method: 'PUT', path: '/units/:id/images/:imageId/featured', handler: 'api::unit-image.unit-image.setFeatured', config: adminOnly() },
    { method: 'PUT', path: '/units/:id/shared-images', handler: 'api::unit-image.unit-image.setSharing', config: adminOnly() },
    { method: 'POST', path: '/projects/:id/unit-images/link', handler: 'api::unit-image.unit-image.link', config: adminOnly() },
    { method: 'POST', path: '/projects/:id/unit-images/unlink', handler: 'api::unit-image.unit-image.unlink', config: adminOnly() },
  ],
};
