import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { apiPrefix, isUnder } from './api-prefix';
import { serverInternals } from './middlewares';

/**
 * Strapi's server router, made cheaper once Strapi has mounted it (installed in register()). Every
 * request is routed by one @koa/router holding all of Strapi's routes, the CMS panel's API included
 * (about 250 layers), and each request tests every layer's regular expression. Three things change;
 * server-pipeline.test.ts answers every method on every kind of path both ways and compares.
 *
 * 1. One "which methods does this path allow" per request. Strapi mounts every route file as a
 *    router of its own and adds that router's `allowedMethods()` (the OPTIONS, 405 and 501 answers)
 *    as a layer matching every path under its prefix: 28 of them ran on each request. They decide
 *    nothing the app-level one does not: Strapi also puts the server router's `allowedMethods()` on
 *    the app, every copy decides from the same `ctx.matched` with the same methods (all these
 *    routers are made with @koa/router's defaults), only while the status is unset or 404, and the
 *    first copy to act leaves the others nothing to do. The copies are taken out.
 * 2. A path under the API prefix is routed over the layers that can match it: all but those whose
 *    path starts with a literal first segment other than the prefix's (/admin/…, /content-manager/…,
 *    /upload/… can never match /api/…). A route layer's pattern is matched whole from the start of the
 *    path, so a layer left out could never have matched; any other path (or a rewritten one) is
 *    routed over every layer, as before.
 *
 * 3. Every layer matches the path as written, letter case included (matchAsWritten below): what
 *    the router matches is what every guard and header middleware read (issue #25, finding 1).
 *
 * 1 and 2 together save about 0.12 ms of every API request (measured on the bench's 304). The layers as Strapi
 * mounted them, and the API's own view, stay on the router under registered symbols, for the test:
 * it imports this module from its source while the server runs it compiled.
 */
const STOCK = Symbol.for('portal.router.stockStack');
const API_VIEW = Symbol.for('portal.router.apiView');

interface Layer {
  path: string;
  methods: string[];
  stack: { name?: string }[];
  regexp: RegExp;
}

type Dispatch = ((ctx: Context, next: Next) => unknown) & { router?: unknown };

export interface ServerRouter {
  stack: Layer[];
  routes(): Dispatch;
  [STOCK]?: Layer[];
  [API_VIEW]?: { prefix: string; dispatch: Dispatch; stack: Layer[] };
}

const isAllowedMethods = (layer: Layer) => layer.methods.length === 0 && layer.stack.length === 1 && layer.stack[0].name === 'allowedMethods';

/** The literal first segment of a layer's path ('admin' for /admin/init), or null when it has none. */
const literalFirstSegment = (path: string) => /^\/([A-Za-z0-9_.~-]+)(?:\/|$)/.exec(path)?.[1].toLowerCase() ?? null;

/** The router's layers as Strapi mounted them. */
export const stockRouteStack = (router: ServerRouter) => router[STOCK];

/** The API's view of the router (its prefix and layers), while it is in use. */
export const apiRouteView = (router: ServerRouter) => router[API_VIEW];

/** Sets the API's view of the router (undefined: every path is routed over every layer). */
export const setApiRouteView = (router: ServerRouter, view: ServerRouter[typeof API_VIEW]) => {
  router[API_VIEW] = view;
};

/**
 * Makes every layer match the path as written, letter case included (issue #25, finding 1).
 * @koa/router compiles a route's pattern case-insensitively unless its router is made with
 * `sensitive: true`, and Strapi makes all of its routers without options, so `/API/portal-users`
 * reached the admin route while every guard and header middleware, which compare the path as
 * written, took it for something outside the API. A layer's regular expression is the only thing
 * that matches (`match`, `captures` and `params` all use it); the same source without the `i` flag
 * is what @koa/router builds with `sensitive: true`. The one patch of @koa/router's layers for this:
 * security-paths.test.ts checks that Strapi still builds them case-insensitively and that every
 * mounted layer now matches as written.
 */
export const matchAsWritten = (layers: readonly Layer[]) => {
  for (const layer of layers) {
    if (layer.regexp.flags.includes('i')) layer.regexp = new RegExp(layer.regexp.source, layer.regexp.flags.replace('i', ''));
  }
};

/** `prefix`: the API's, as apiPrefix gives it ('/api'). */
export const streamlineRouter = (router: ServerRouter, prefix: string) => {
  router[STOCK] = router.stack;
  matchAsWritten(router.stack);
  router.stack = router.stack.filter((layer) => !isAllowedMethods(layer));
  const segment = prefix.slice(1).toLowerCase();
  const apiRouter = Object.assign(Object.create(Object.getPrototypeOf(router) as object) as ServerRouter, router, {
    stack: router.stack.filter((layer) => [null, segment].includes(literalFirstSegment(layer.path))),
  });
  setApiRouteView(router, { prefix, dispatch: apiRouter.routes(), stack: apiRouter.stack });
  const everything = router.routes();
  return (ctx: Context, next: Next) => {
    const view = router[API_VIEW];
    const underApi = view && !ctx.newRouterPath && isUnder(ctx.path, view.prefix);
    return underApi ? view.dispatch(ctx, next) : everything(ctx, next);
  };
};

/** Call in register(): the router is streamlined as soon as Strapi mounts it. */
export const streamlineServerRouter = (strapi: Core.Strapi) => {
  const server = serverInternals<{ mount(): unknown; router: ServerRouter; app: { middleware: Dispatch[] } }>(strapi);
  const mount = server.mount.bind(server);
  server.mount = () => {
    const mounted = mount();
    const { router, app } = server;
    const at = app.middleware.findIndex((middleware) => middleware.router === router);
    if (at < 0) throw new Error('Strapi mounted its router in an unexpected way: no app middleware dispatches to it');
    app.middleware[at] = streamlineRouter(router, apiPrefix(strapi));
    return mounted;
  };
};
