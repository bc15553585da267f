import type { Core } from '@strapi/strapi';

/**
 * One answer to "which methods does this path allow" per request, instead of one per route file.
 *
 * Strapi mounts every route file as a router of its own and adds that router's
 * `allowedMethods()` (the OPTIONS, 405 and 501 answers of @koa/router) to the server's router as a
 * middleware layer matching every path under its prefix. With this app's route files, each request
 * passed through 28 of them, each a layer with its own parameter parsing and promise, before its
 * route ran: about 0.025 ms of every request, measured on the bench's 304.
 *
 * They decide nothing the app-level one does not: Strapi also puts the server router's
 * `allowedMethods()` on the app, and every copy decides from the same `ctx.matched` with the same
 * methods (all of these routers are made with @koa/router's defaults), only while the status is
 * still unset or 404, and the innermost copy to act leaves the others nothing to do. So once Strapi
 * has mounted its routers, the copies are taken out of the server router's layers. The layers as
 * Strapi mounted them stay reachable (stockRouteStack) for allowed-methods.test.ts, which answers
 * every method on every kind of path both ways and compares.
 */
interface Layer {
  methods: string[];
  stack: { name?: string }[];
}

// On the router itself, under a registered symbol: the tests import this module from its source,
// the server runs it compiled, and the two copies must find the same layers.
const STOCK = Symbol.for('portal.stockRouteStack');

export interface RouteStack {
  stack: Layer[];
  [STOCK]?: Layer[];
}

const isAllowedMethods = (layer: Layer) => layer.methods.length === 0 && layer.stack.length === 1 && layer.stack[0].name === 'allowedMethods';

/** The router's layers as Strapi mounted them, before the copies were taken out. */
export const stockRouteStack = (router: RouteStack) => router[STOCK];

export const dropRouterAllowedMethods = (router: RouteStack) => {
  router[STOCK] = router.stack;
  router.stack = router.stack.filter((layer) => !isAllowedMethods(layer));
};

/** Call in register(): the copies go as soon as Strapi mounts its routers. */
export const answerAllowedMethodsOnce = (strapi: Core.Strapi) => {
  const server = strapi.server as unknown as { mount(): unknown; router: RouteStack };
  const mount = server.mount.bind(server);
  server.mount = () => {
    const mounted = mount();
    dropRouterAllowedMethods(server.router);
    return mounted;
  };
};
