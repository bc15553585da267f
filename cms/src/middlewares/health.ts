import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { isDraining } from '../bootstrap/graceful-shutdown';
import { databaseReachable } from '../db';

export const HEALTH_PATHS = { live: '/api/health/live', ready: '/api/health/ready' } as const;

const answer = (ctx: Context, status: number, body: { status: string }) => {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
};

/**
 * Probes for a load balancer or orchestrator, public and answered before authentication, the query
 * parser and the database (they reveal nothing but a word):
 *  - GET /api/health/live: 200 while the process runs and serves HTTP;
 *  - GET /api/health/ready: 200 when the database answers a trivial query, 503 when it does not or
 *    while the server is shutting down.
 * During a shutdown every other new request is answered 503 with Connection: close.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Context, next: Next) => {
    const probe = ctx.method === 'GET' || ctx.method === 'HEAD';
    if (probe && ctx.path === HEALTH_PATHS.live) return answer(ctx, 200, { status: 'live' });
    if (probe && ctx.path === HEALTH_PATHS.ready) {
      if (isDraining(strapi)) return answer(ctx, 503, { status: 'stopping' });
      const ready = await databaseReachable(strapi, { fresh: true });
      return answer(ctx, ready ? 200 : 503, { status: ready ? 'ready' : 'unavailable' });
    }
    if (isDraining(strapi)) {
      ctx.set('Connection', 'close');
      ctx.set('Retry-After', '5');
      return answer(ctx, 503, { status: 'stopping' });
    }
    return next();
  };
