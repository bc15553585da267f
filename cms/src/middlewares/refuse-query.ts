import type { Context, Next } from 'koa';
import { errors } from '@strapi/utils';

export interface RefuseQueryConfig {
  /** The query parameters the route reads (its schema checks their values); none when absent. */
  allowed?: readonly string[];
}

/**
 * A route middleware (global::refuse-query), set in each route's config: the portal's routes take no
 * filters, populate, fields or sort, since what a caller sees is decided by the server alone. Any
 * query key outside `allowed` is refused before the action runs, so crafted parameters can neither
 * widen nor probe a view. Strapi runs it after authentication and the route's policies.
 */
const refuseQueryMiddleware = (config: RefuseQueryConfig = {}) => {
  const allowed = new Set(config.allowed ?? []);
  return async (ctx: Context, next: Next) => {
    const unknown = Object.keys(ctx.query ?? {}).filter((key) => !allowed.has(key));
    if (unknown.length > 0) {
      throw new errors.ValidationError(`Unknown query parameter: ${unknown.join(', ')}`, {
        errors: unknown.map((key) => ({ path: [key], message: 'This parameter is not accepted here' })),
      });
    }
    return next();
  };
};

export default refuseQueryMiddleware;

/** The entry of a route's `config.middlewares`: `refuseQuery()` takes no parameter, `refuseQuery('mode')` only `mode`. */
export const refuseQuery = (...allowed: string[]) => ({ name: 'global::refuse-query', config: { allowed } satisfies RefuseQueryConfig });
