import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { forbidden, unsupportedMediaType } from '../http/errors';
import { AUTH_MESSAGES } from '../api/portal-auth/lib/messages';
import { publicUrl } from '../server/public-url';

interface WriteGuardConfig {
  /** Origins besides this server's own whose pages may write (CORS_ORIGINS: the Vite dev server). */
  trustedOrigins?: string[];
  /**
   * The routes that take a multipart body (the portal's uploads, the CMS panel's media library), as
   * route patterns: `:name` stands for one segment, a trailing `/*` for anything below.
   */
  multipartPaths?: string[];
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Sec-Fetch-Site of a request this origin's own pages made, or the user typed. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

export const WRITE_GUARD_MESSAGES = {
  unsupportedType: 'Unsupported content type: send JSON (application/json)',
} as const;

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** Whether a path matches one of the patterns (case-sensitive, as the router matches). */
export const matchesPattern = (path: string, pattern: string) => {
  const below = pattern.endsWith('/*');
  const wanted = (below ? pattern.slice(0, -2) : pattern).split('/');
  const given = path.replace(/\/$/, '').split('/');
  if (below ? given.length < wanted.length : given.length !== wanted.length) return false;
  return wanted.every((segment, index) => (segment.startsWith(':') ? given[index] !== '' : segment === given[index]));
};

/**
 * Issue #25, finding 8: every write (POST, PUT, PATCH, DELETE, on every path: the portal's API, the
 * CMS panel's, Strapi's plugins) comes from this server's own pages and carries JSON.
 *
 * - Origin: a browser sends it with every write. Only this origin's (or a configured front end's)
 *   passes; another site, another port of this host (same site, other origin) and `null` (a page
 *   that hides its address) are refused with 403. Without an Origin, a Sec-Fetch-Site other than
 *   same-origin or none is refused as well. A client sending neither is no browser another page
 *   could drive, and it carries no victim's cookie.
 * - Content type: a hostile page can only make the victim's browser post an HTML form
 *   (urlencoded, multipart, text/plain) without asking the server first (a CORS preflight, which
 *   it refuses). So a body is JSON, or multipart on the routes that take files, else 415. This also
 *   keeps a form from signing the victim into the attacker's account, even if a browser sent no
 *   Origin. A body-less write (a logout, a DELETE) needs no type.
 *
 * It reads no path but for the multipart routes: canonical-path.ts refused every other way of
 * writing one, and the router matches as written (server/router.ts).
 */
export default (config: WriteGuardConfig, { strapi }: { strapi: Core.Strapi }) => {
  const trusted = new Set((config.trustedOrigins ?? []).filter(Boolean));
  const configured = originOf(publicUrl(strapi));
  const multipartPaths = config.multipartPaths ?? [];

  const fromOwnPage = (ctx: Context) => {
    const origin = ctx.get('Origin');
    if (origin && trusted.has(origin)) return true;
    if (origin && origin !== ctx.request.origin && origin !== configured) return false;
    const site = ctx.get('Sec-Fetch-Site');
    return !site || OWN_FETCH_SITES.has(site);
  };

  const acceptedBody = (ctx: Context) => {
    if (!ctx.get('Content-Type')) return !ctx.get('Transfer-Encoding') && !(Number(ctx.get('Content-Length')) > 0);
    // null: a typed but empty body (Content-Length: 0) of a JSON type is no body at all.
    if (ctx.request.is('json', '+json') !== false) return true;
    return ctx.request.is('multipart') !== false && multipartPaths.some((pattern) => matchesPattern(ctx.path, pattern));
  };

  return async (ctx: Context, next: Next) => {
    if (WRITES.has(ctx.method)) {
      if (!fromOwnPage(ctx)) throw forbidden(AUTH_MESSAGES.crossSite);
      if (!acceptedBody(ctx)) throw unsupportedMediaType(WRITE_GUARD_MESSAGES.unsupportedType);
    }
    await next();
  };
};
