import { factories } from '@strapi/strapi';

// Admin-only until the agent views arrive with their server-side visibility rules: a permission
// ticked by mistake in the CMS panel still cannot open these routes to agents.
const adminOnly = { policies: ['global::is-admin'] };

export default factories.createCoreRouter('api::project.project', {
  config: { find: adminOnly, findOne: adminOnly, create: adminOnly, update: adminOnly, delete: adminOnly },
});
