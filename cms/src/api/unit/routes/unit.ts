import { factories } from '@strapi/strapi';

const adminOnly = { policies: ['global::is-admin'] };

export default factories.createCoreRouter('api::unit.unit', {
  config: { find: adminOnly, findOne: adminOnly, create: adminOnly, update: adminOnly, delete: adminOnly },
});
