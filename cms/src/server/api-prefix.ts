import type { Core } from '@strapi/strapi';

/** The content API's prefix as configured (`api.rest.prefix`, '/api'): one leading slash, none trailing. */
export const apiPrefix = (strapi: Core.Strapi) => `/${strapi.config.get<string>('api.rest.prefix', '/api').replace(/^\/+|\/+$/g, '')}`;

/** Whether a request path is `prefix` itself or below it ('/api' and '/api/units', not '/apis'). */
export const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
