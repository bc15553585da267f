import { createRequire } from 'node:module';

/**
 * Strapi's ESM build cannot be loaded by Node's ESM resolver (it imports 'lodash/fp' as a
 * directory), so the tests load its CommonJS build, as `strapi start` does.
 */
const requireCjs = createRequire(__filename);

export const strapiModule = requireCjs('@strapi/strapi') as typeof import('@strapi/strapi');
