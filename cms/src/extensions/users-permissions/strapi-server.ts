import type { Core } from '@strapi/strapi';
import { bearerTokenOf } from '../../auth/cookies';
import { resolveSession } from '../../auth/sessions';

/**
 * The users-permissions plugin keeps what the portal builds on (the user and role models, roles and
 * permissions, its content-API auth strategy, the CMS panel's settings) and loses everything that
 * could sign someone in around the portal's two-step sign-in:
 *
 * - every content-API route goes: /auth/local (a JWT without the second factor), /auth/local/register,
 *   /auth/forgot-password and /auth/reset-password (a JWT again), /auth/email-confirmation and
 *   /auth/send-email-confirmation, /connect/* and /auth/:provider/callback, /auth/refresh,
 *   /auth/change-password, /auth/logout, /auth/sessions, and the /users, /users/me, /users/count,
 *   /roles and /permissions routes (any-user edits, strapi/strapi#15124). The portal's replacements
 *   live in src/api/portal-auth and src/api/portal-user.
 * - its jwt service no longer reads or issues JWTs: a bearer token is accepted only while its session
 *   row exists (src/auth/sessions.ts), and the user it names is that row's user. The strategy then
 *   loads the user with the role and permissions exactly as before.
 */
interface Route {
  method: string;
  path: string;
  handler: string;
}

interface ContentApiRouter {
  routes: Route[];
}

interface SessionClaims {
  id: number;
  sessionId: number;
}

interface JwtService {
  getToken(ctx: unknown): Promise<SessionClaims | null>;
  issue(payload: unknown): never;
  verify(token: string): Promise<SessionClaims>;
}

type ServiceFactory = (deps: { strapi: Core.Strapi }) => object;

interface UsersPermissionsPlugin {
  routes: Record<string, unknown>;
  services: Record<string, ServiceFactory>;
}

/** Stock content-API routes the portal still uses: none. Kept as a list so an exception is a visible decision. */
const KEPT_ROUTES = new Set<string>();

const sessionJwtService = (strapi: Core.Strapi): JwtService => {
  const verify = async (token: string): Promise<SessionClaims> => {
    const session = await resolveSession(strapi, token);
    // The strategy turns a throw into "not authenticated", which the router answers with 401.
    if (!session) throw new Error('Invalid token: no live session');
    return { id: session.userId, sessionId: session.id };
  };
  return {
    async getToken(ctx) {
      const token = bearerTokenOf(ctx as Parameters<typeof bearerTokenOf>[0]);
      return token ? verify(token) : null;
    },
    issue() {
      throw new Error('The portal issues no JWTs: sessions are opened by /api/portal-auth only');
    },
    verify,
  };
};

export default (plugin: UsersPermissionsPlugin) => {
  const contentApi = plugin.routes['content-api'] as ContentApiRouter;
  contentApi.routes = contentApi.routes.filter((route) => KEPT_ROUTES.has(`${route.method} ${route.path}`));
  plugin.services.jwt = ({ strapi }) => sessionJwtService(strapi);
  return plugin;
};
