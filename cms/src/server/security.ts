import type { Core } from '@strapi/strapi';
import { CSP_DEFAULTS } from '@strapi/utils';
import helmet from 'koa-helmet';
import { defaultsDeep } from 'lodash/fp';
import type { Context } from 'koa';
import { koaLibraryMiddleware, replaceStrapiMiddleware, type Middleware, type MiddlewareFactory } from './middlewares';

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

type HeaderStep = readonly ['set', string, string | number | readonly string[]] | readonly ['remove', string];

/** Whether any Content-Security-Policy directive is computed per request (helmet calls functions with req and res). */
const variesPerRequest = (config: object) => {
  const directives = (config as { contentSecurityPolicy?: { directives?: Record<string, unknown> } }).contentSecurityPolicy?.directives ?? {};
  return Object.values(directives).some((value) => typeof value === 'function' || (Array.isArray(value) && value.some((item) => typeof item === 'function')));
};

/**
 * The headers a helmet middleware sets and removes, in order, read off one run against a recording
 * response. Only valid when nothing it does depends on the request: see variesPerRequest.
 */
const recordHeaderSteps = async (middleware: Middleware): Promise<HeaderStep[]> => {
  const steps: HeaderStep[] = [];
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => void steps.push(['set', name, value]),
    removeHeader: (name: string) => void steps.push(['remove', name]),
    getHeader: () => undefined,
    hasHeader: () => false,
  };
  const req = { method: 'GET', url: '/', headers: {} };
  let reachedNext = false;
  // A recording stand-in for a request's context: helmet only sets and removes response headers.
  await middleware({ req, res } as unknown as Context, async () => {
    reachedNext = true;
  });
  if (!reachedNext) throw new Error('strapi::security: helmet did not pass the request on');
  return steps;
};

/** A middleware that replays recorded header steps on every response, then goes on. */
const replaying =
  (steps: readonly HeaderStep[]): Middleware =>
  (ctx, next) => {
    for (const step of steps) {
      if (step[0] === 'set') ctx.res.setHeader(step[1], step[2]);
      else ctx.res.removeHeader(step[1]);
    }
    return next();
  };

/**
 * strapi::security with its headers worked out once (installed over Strapi's in register(), see
 * src/index.ts). Strapi's middleware merges its configuration and builds a new helmet on every
 * request, about 0.15 ms on every answer; even a helmet built once spends about 0.08 ms of every
 * answer inside the server (promisified, its dozen middlewares chained, the policy string joined
 * again), to set the same headers every time. So the helmet made at startup is run once, against a
 * recording response, and its steps (the headers it sets, the X-Powered-By it removes) are replayed
 * on every response. When a policy directive is a function (a nonce), helmet itself runs on every
 * request instead. The headers differ only for GETs under the CMS panel (development and test add
 * the panel's dev-server sources) and under /documentation: those still go to Strapi's own
 * middleware, with the same configuration. security-headers.test.ts compares the two. `stock`
 * stays reachable on the result for that comparison.
 */
export const securityBuiltOnce = (stock: MiddlewareFactory): MiddlewareFactory & { stock: MiddlewareFactory } =>
  Object.assign(
    (config: object, { strapi }: { strapi: Core.Strapi }): Middleware => {
      const perRequest = stock(config, { strapi });
      // With GraphQL, Strapi's middleware also varies for the playground: leave everything to it then.
      if (strapi.plugin('graphql')) return perRequest;
      const merged = defaultsDeep(STRAPI_SECURITY_DEFAULTS, config) as object;
      const built = koaLibraryMiddleware(helmet(merged));
      const panel = [strapi.config.get<string>('admin.path', ''), strapi.config.get<string>('admin.url', '/cms')]
        .map((path) => path.replace(/\/$/, ''))
        .filter(Boolean);
      const variable = [...new Set([...panel, '/documentation'])];
      // The steps are recorded at the first request (a factory cannot wait for a promise).
      let everyResponse: Middleware | null = variesPerRequest(merged) ? built : null;
      let recording: Promise<Middleware> | null = null;
      return (ctx, next) => {
        if (ctx.method === 'GET' && variable.some((prefix) => ctx.path.startsWith(prefix))) return perRequest(ctx, next);
        if (everyResponse) return everyResponse(ctx, next);
        recording ??= recordHeaderSteps(built).then(replaying);
        return recording.then((middleware) => {
          everyResponse = middleware;
          return middleware(ctx, next);
        });
      };
    },
    { stock },
  );

/** Installs securityBuiltOnce in place of strapi::security (its name and configuration stay). */
export const buildSecurityHeadersOnce = (strapi: Core.Strapi) => {
  replaceStrapiMiddleware(strapi, 'strapi::security', securityBuiltOnce);
};
