import type { Core } from '@strapi/strapi';
import { replaceStrapiMiddleware, type MiddlewareFactory } from './middlewares';

/**
 * strapi::cors for cross-origin requests only. A request without an Origin header is no CORS
 * request (the portal's own pages, curl, health checks), yet Strapi 5 hands koa-cors a wildcard for
 * it, which with credentials on becomes `Access-Control-Allow-Origin:` (empty) plus
 * `Access-Control-Allow-Credentials: true` on every such answer. Those requests now get only the
 * `Vary: Origin` koa-cors always sets (a shared cache must still keep the answers apart); a request
 * with an Origin, preflights included, goes to Strapi's middleware as before. security-headers.test.ts
 * checks both.
 */
export const corsForCrossOrigin =
  (stock: MiddlewareFactory): MiddlewareFactory =>
  (config, deps) => {
    const cors = stock(config, deps);
    return (ctx, next) => {
      if (ctx.get('Origin')) return cors(ctx, next);
      ctx.vary('Origin');
      return next();
    };
  };

/** Installs corsForCrossOrigin in place of strapi::cors (its name and configuration stay). */
export const answerCorsOnlyCrossOrigin = (strapi: Core.Strapi) => {
  replaceStrapiMiddleware(strapi, 'strapi::cors', corsForCrossOrigin);
};
