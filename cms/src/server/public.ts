import type { Core } from '@strapi/strapi';
import { apiPrefix } from './api-prefix';
import { replaceStrapiMiddleware, serverInternals, type MiddlewareFactory } from './middlewares';

/** strapi::public's catch-all route as @strapi/core 5 registers it: every GET path but /uploads/…. */
export const STOCK_PUBLIC_PATH = '/((?!uploads/).+)';

interface RouteDefinition {
  path: string;
}
type RegisterRoutes = (routes: RouteDefinition[]) => unknown;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The catch-all's path without the API (`prefix` as apiPrefix gives it): every GET path but /uploads/… and the API's. */
export const publicPathOutside = (prefix: string) => `/((?!uploads/|${escapeRegExp(prefix.slice(1))}(?:/|$)).+)`;

/**
 * strapi::public without the API. Strapi's middleware serves the public folder through a route
 * matching every GET path but /uploads/…, so every API read first ran a second route pipeline
 * (route info, authentication with auth off, authorization, policies), and on a 404 looked for a
 * file under public/api/: about 0.045 ms of every API read (measured on the bench's 304). Nothing
 * under the API prefix is a public file. Strapi's own middleware still runs, with its
 * configuration; only its catch-all route's path leaves the API prefix out (server-pipeline.test.ts
 * checks that the API's reads, 404s included, answer as before and that public files are still
 * served).
 */
export const publicOutsideApi =
  (stock: MiddlewareFactory): MiddlewareFactory =>
  (config, { strapi }) => {
    const path = publicPathOutside(apiPrefix(strapi));
    const server = serverInternals<{ routes: RegisterRoutes }>(strapi);
    const routes = server.routes;
    // The stock factory registers its routes synchronously, while it runs.
    server.routes = (list) =>
      routes.call(
        server,
        list.map((route) => (route.path === STOCK_PUBLIC_PATH ? { ...route, path } : route)),
      );
    try {
      return stock(config, { strapi });
    } finally {
      server.routes = routes;
    }
  };

/** Installs publicOutsideApi in place of strapi::public (its name and configuration stay). */
export const servePublicOutsideApi = (strapi: Core.Strapi) => {
  replaceStrapiMiddleware(strapi, 'strapi::public', publicOutsideApi);
};
