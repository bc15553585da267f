import type { Core } from '@strapi/strapi';
import { koaBody, KoaBodyMiddlewareOptionsSchema } from 'koa-body';
import { defaultsDeep } from 'lodash/fp';
import { koaLibraryMiddleware, replaceStrapiMiddleware, type Middleware, type MiddlewareFactory } from './middlewares';

/** strapi::body's own defaults (@strapi/core middlewares/body), which its config is merged onto. */
export const STRAPI_BODY_DEFAULTS = { multipart: true, patchKoa: true };

/**
 * strapi::body with koa-body built once for the requests it reads no body of (installed over
 * Strapi's in register(), see src/index.ts). Strapi's middleware builds a new koa-body on every
 * request, and koa-body validates its options with zod each time it is built: about 0.1 ms on every
 * GET. For the methods koa-body does not parse (GET, HEAD, DELETE, OPTIONS by default) all it does
 * is set `ctx.request.body` to `{}`, and Strapi's wrapper has no files to type or remove; a koa-body
 * made at startup does the same. POST, PUT and PATCH, which carry JSON or uploads, still go to
 * Strapi's own middleware, with its mime-type guessing, its 'FileTooBig' answer and its clean-up.
 * security-headers.test.ts compares the two. `stock` stays reachable on the result for that.
 */
export const bodyParserBuiltOnce = (stock: MiddlewareFactory): MiddlewareFactory & { stock: MiddlewareFactory } =>
  Object.assign(
    (config: object, { strapi }: { strapi: Core.Strapi }): Middleware => {
      const perRequest = stock(config, { strapi });
      // With GraphQL, Strapi's middleware skips its endpoint: leave everything to it then.
      if (strapi.plugin('graphql')) return perRequest;
      const options = defaultsDeep(STRAPI_BODY_DEFAULTS, config);
      const parsed = new Set<string>(KoaBodyMiddlewareOptionsSchema.parse(options).parsedMethods);
      const unparsed = koaLibraryMiddleware(koaBody(options));
      return (ctx, next) => (parsed.has(ctx.method.toUpperCase()) ? perRequest(ctx, next) : unparsed(ctx, next));
    },
    { stock },
  );

/** Installs bodyParserBuiltOnce in place of strapi::body (its name and configuration stay). */
export const buildBodyParserOnce = (strapi: Core.Strapi) => {
  replaceStrapiMiddleware(strapi, 'strapi::body', bodyParserBuiltOnce);
};
