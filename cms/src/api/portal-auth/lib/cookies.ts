import type { Context } from 'koa';
import { SESSION_COOKIE } from '@repo/types';
import type { IssuedSession } from './sessions';

/**
 * The session cookie: httpOnly so page scripts never see the token, SameSite=Strict so other sites
 * cannot ride on it, Secure whenever the request came over https (directly or, with TRUST_PROXY,
 * through the proxy). Not signed: the token is random and checked against the database anyway.
 */
const cookieOptions = (ctx: Context) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: ctx.request.secure,
  path: '/',
  signed: false,
  overwrite: true,
});

export const setSessionCookie = (ctx: Context, session: IssuedSession) => {
  ctx.cookies.set(SESSION_COOKIE, session.token, { ...cookieOptions(ctx), expires: session.expiresAt });
};

export const clearSessionCookie = (ctx: Context) => {
  ctx.cookies.set(SESSION_COOKIE, null, { ...cookieOptions(ctx), expires: new Date(0) });
};

export const sessionCookieOf = (ctx: Context): string | null => ctx.cookies.get(SESSION_COOKIE, { signed: false }) || null;

/** The bearer token of an `Authorization: Bearer <token>` header, for non-browser clients. */
export const bearerTokenOf = (ctx: Context): string | null => {
  const match = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'));
  return match ? match[1] : null;
};

/** The session token a request presents: the Authorization header wins over the cookie. */
export const presentedToken = (ctx: Context): string | null => bearerTokenOf(ctx) ?? sessionCookieOf(ctx);
