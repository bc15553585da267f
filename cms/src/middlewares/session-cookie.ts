import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { apiPrefix } from '../server/api-prefix';

const PRIVATE_PREFIXES = ['/portal-auth/', '/portal-users'];

/**
 * Profiles and session cookies must not be kept by a shared cache or the browser's history:
 * `Cache-Control: no-store` on the sign-in, account and user-management answers. The path is the one
 * the router matched (canonical-path.ts refuses any other spelling, the router matches as written).
 * Cross-site writes, cookie-authenticated or not, are refused by write-guard.ts.
 */
export default (_config: object, { strapi }: { strapi: Core.Strapi }) => {
  const prefix = apiPrefix(strapi);
  return async (ctx: Context, next: Next) => {
    await next();
    if (PRIVATE_PREFIXES.some((path) => ctx.path.startsWith(`${prefix}${path}`))) ctx.set('Cache-Control', 'no-store');
  };
};
