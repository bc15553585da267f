import type { Context, Next } from 'koa';
import { errors } from '@strapi/utils';
import { isCanonicalPath } from '../server/canonical-path';
import { API_POLICY } from './content-security-policy';

/**
 * Refuses a path not written the canonical way (server/canonical-path.ts) with 404, before any guard
 * or header middleware reads it: the first middleware after strapi::errors (config/middlewares.ts).
 * Behind it, the router, the write guard, the content security policy and Cache-Control all read one
 * and the same path. The 404 itself gets the strictest headers, since no other middleware runs: it
 * is data (the API's policy), never cached, never sniffed.
 */
export default () => async (ctx: Context, next: Next) => {
  if (!isCanonicalPath(ctx.path)) {
    ctx.set('Content-Security-Policy', API_POLICY);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'no-store');
    throw new errors.NotFoundError('Not Found');
  }
  await next();
};
