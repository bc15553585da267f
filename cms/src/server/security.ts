import type { Core } from '@strapi/strapi';
import { CSP_DEFAULTS } from '@strapi/utils';
import helmet from 'koa-helmet';
import { defaultsDeep } from 'lodash/fp';
import { replaceStrapiMiddleware, type Middleware, type MiddlewareFactory } from './middlewares';

/** strapi::security's own defaults (@strapi/core middlewares/security), which its config is merged onto. */
export const STRAPI_SECURITY_DEFAULTS = {
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  contentSecurityPolicy: { useDefaults: true, directives: { ...CSP_DEFAULTS, upgradeInsecureRequests: null } },
  xssFilter: false,
  hsts: { maxAge: 31536000, includeSubDomains: true },
  frameguard: { action: 'sameorigin' },
};

/**
 * strapi::security with its helmet built once (installed over Strapi's in register(), see
 * src/index.ts). Strapi's middleware merges its configuration and builds a new helmet on every
 * request, about 0.15 ms on every answer. The headers it sets differ only for GETs under the CMS
 * panel (development and test add the panel's dev-server sources) and under /documentation: those
 * still go to Strapi's own middleware, with the same configuration. Every other request gets the same
 * headers from a helmet made at startup; security-headers.test.ts compares the two. `stock` stays
 * reachable on the result for that comparison.
 */
export const securityBuiltOnce = (stock: MiddlewareFactory): MiddlewareFactory & { stock: MiddlewareFactory } =>
  Object.assign(
    (config: object, { strapi }: { strapi: Core.Strapi }): Middleware => {
      const perRequest = stock(config, { strapi });
      // With GraphQL, Strapi's middleware also varies for the playground: leave everything to it then.
      if (strapi.plugin('graphql')) return perRequest;
      const built = helmet(defaultsDeep(STRAPI_SECURITY_DEFAULTS, config)) as unknown as Middleware;
      const panel = [strapi.config.get<string>('admin.path', ''), strapi.config.get<string>('admin.url', '/cms')].map((path) => path.replace(/\/$/, '')).filter(Boolean);
      const variable = [...new Set([...panel, '/documentation'])];
      return (ctx, next) => (ctx.method === 'GET' && variable.some((prefix) => ctx.path.startsWith(prefix)) ? perRequest(ctx, next) : built(ctx, next));
    },
    { stock },
  );

/** Installs securityBuiltOnce in place of strapi::security (its name and configuration stay). */
export const buildSecurityHeadersOnce = (strapi: Core.Strapi) => {
  replaceStrapiMiddleware(strapi, 'strapi::security', securityBuiltOnce);
};
