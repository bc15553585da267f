import type { Core } from '@strapi/strapi';
import { bearerTokenOf } from '../../api/portal-auth/lib/cookies';
import { resolveSession } from '../../api/portal-auth/lib/sessions';
import { createPortalStrategy } from '../../api/portal-auth/lib/strategy';

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
 * - its content-API auth strategy is replaced, under the same name, by the portal's
 *   (src/api/portal-auth/lib/strategy.ts): a session token from the Authorization header or the session cookie is
 *   accepted only while its session row exists (src/api/portal-auth/lib/sessions.ts), and the user it names is that
 *   row's user, checked and given its role's abilities as the stock strategy does.
 * - its jwt service no longer reads or issues JWTs: it answers with the same session lookup, for any
 *   code that still asks it.
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

interface AuthStrategy {
  name: string;
}

interface AuthService {
  register(type: string, strategy: AuthStrategy): unknown;
}

interface UsersPermissionsPlugin {
  routes: Record<string, unknown>;
  services: Record<string, ServiceFactory>;
  register(deps: { strapi: Core.Strapi }): void;
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
  // The plugin registers its strategy in register(); the portal's takes its place in the same call, so
  // there is never a moment with both, and route configs naming 'users-permissions' get the portal's.
  const stockRegister = plugin.register;
  plugin.register = ({ strapi }) => {
    const auth = strapi.get('auth') as AuthService;
    const register = auth.register;
    auth.register = (type, strategy) =>
      register.call(auth, type, type === 'content-api' && strategy.name === 'users-permissions' ? createPortalStrategy(strapi) : strategy);
    try {
      stockRegister({ strapi });
    } finally {
      auth.register = register;
    }
  };
  return plugin;
};
