import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';

export type Middleware = (ctx: Context, next: Next) => Promise<unknown>;
export type MiddlewareFactory = (config: object, deps: { strapi: Core.Strapi }) => Middleware;

/**
 * A middleware made by a Koa library that types it against its own copy of Koa's types (koa-body,
 * koa-helmet), as one of ours. The one cast of them: the copies differ only in declarations the
 * middleware never touches, and Strapi runs the same function in the same Koa app.
 */
export const koaLibraryMiddleware = (middleware: object): Middleware => middleware as unknown as Middleware;

/**
 * What the server patches (public.ts, router.ts) use of Strapi's server object beyond its public
 * type: route registration as it is called, the mount, the router's layer stack and the Koa app's
 * middleware list. The one cast of it: the public type declares these with @koa/router's and Koa's
 * general types, and the patches read the fields those do not describe (server-pipeline.test.ts
 * fails if Strapi changes them).
 */
export const serverInternals = <Internals extends object>(strapi: Core.Strapi): Internals => strapi.server as unknown as Internals;

/**
 * Puts `wrap(Strapi's factory)` in place of one of Strapi's global middlewares (call it in
 * register()): config/middlewares.ts keeps naming and configuring it as before.
 */
export const replaceStrapiMiddleware = (strapi: Core.Strapi, uid: `strapi::${string}`, wrap: (stock: MiddlewareFactory) => MiddlewareFactory) => {
  (strapi.get('middlewares') as { extend(uid: string, wrap: (stock: MiddlewareFactory) => MiddlewareFactory): unknown }).extend(uid, wrap);
};
