import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { publicUrl } from '../api/portal-auth/lib/config';
import { sessionCookieOf } from '../api/portal-auth/lib/cookies';
import { forbidden } from '../http/errors';
import { AUTH_MESSAGES } from '../api/portal-auth/lib/messages';
import { apiPrefix, isUnder } from '../server/api-prefix';

interface SessionCookieConfig {
  /** Origins besides this server's own that may send cookie-authenticated writes (the dev server). */
  trustedOrigins?: string[];
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PRIVATE_PREFIXES = ['/portal-auth/', '/portal-users'];

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Whether a write comes from this site. Browsers send Origin with every POST/PUT/DELETE; without
 * one, Sec-Fetch-Site still tells a cross-site request apart, and a client sending neither is not a
 * browser that another site could drive.
 */
const isSameSite = (ctx: Context, trusted: ReadonlySet<string>) => {
  const origin = ctx.get('origin');
  if (!origin) return !['cross-site', 'same-site'].includes(ctx.get('sec-fetch-site'));
  return origin === ctx.request.origin || trusted.has(origin);
};

/**
 * Guards the session cookie on /api: cookie-authenticated writes from another origin are refused
 * (403) as defence in depth behind SameSite=Strict. The portal's auth strategy (api/portal-auth/lib/strategy.ts)
 * reads the cookie itself when no Authorization header is sent.
 */
export default (config: SessionCookieConfig, { strapi }: { strapi: Core.Strapi }) => {
  const prefix = apiPrefix(strapi);
  const trusted = new Set([...(config.trustedOrigins ?? []), originOf(publicUrl(strapi)) ?? ''].filter(Boolean));
  return async (ctx: Context, next: Next) => {
    const token = isUnder(ctx.path, prefix) && UNSAFE_METHODS.has(ctx.method) && !ctx.get('authorization') ? sessionCookieOf(ctx) : null;
    if (token && !isSameSite(ctx, trusted)) throw forbidden(AUTH_MESSAGES.crossSite);
    await next();
    // Profiles and session cookies must not be kept by a shared cache or the browser's history.
    if (PRIVATE_PREFIXES.some((path) => ctx.path.startsWith(`${prefix}${path}`))) ctx.set('Cache-Control', 'no-store');
  };
};
