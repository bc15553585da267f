import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';

export type Middleware = (ctx: Context, next: Next) => Promise<unknown>;
export type MiddlewareFactory = (config: object, deps: { strapi: Core.Strapi }) => Middleware;

/**
 * Puts `wrap(Strapi's factory)` in place of one of Strapi's global middlewares (call it in
 * register()): config/middlewares.ts keeps naming and configuring it as before.
 */
export const replaceStrapiMiddleware = (strapi: Core.Strapi, uid: `strapi::${string}`, wrap: (stock: MiddlewareFactory) => MiddlewareFactory) => {
  (strapi.get('middlewares') as { extend(uid: string, wrap: (stock: MiddlewareFactory) => MiddlewareFactory): unknown }).extend(uid, wrap);
};
