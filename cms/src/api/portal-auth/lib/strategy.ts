import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context } from 'koa';
import { portalAuthSettings } from './config';
import { presentedToken } from './cookies';
import type { SessionUserRow } from './profile';
import { createSessionUserReader } from './sessions';

/**
 * The content API's authentication, registered under the users-permissions strategy's name in its
 * place (see extensions/users-permissions). It decides exactly as the stock strategy does (a live
 * session, its user neither blocked nor unconfirmed when confirmation is on, the abilities of the
 * user's role, the public role's for anonymous requests) with two differences:
 *
 * - The session token comes from the Authorization header or the session cookie directly, so a
 *   browser request never reaches the admin's API-token strategy (a token lookup per request).
 * - What changes only when staff edit roles or settings (each role's abilities, the public role's,
 *   the advanced settings) is held in memory instead of being read and rebuilt on every request.
 *   Any write to roles, permissions or the plugin's store in this process empties it at once; a
 *   write made by another instance reaches this one within ROLE_CACHE_SECONDS (default 10), and so
 *   does one whose transaction a request read around before it committed.
 *
 * The session and the user are still read on every request (with the user's role, in one query):
 * ending a session, blocking a user or changing their role, region or visible projects takes effect
 * on the very next request, on every instance.
 */
const ROLE_UID = 'plugin::users-permissions.role';
const PERMISSION_UID = 'plugin::users-permissions.permission';
const STORE_UID = 'strapi::core-store';

interface Ability {
  can(action: string): boolean;
}

interface PermissionService {
  findRolePermissions(roleId: number): Promise<unknown[]>;
  findPublicPermissions(): Promise<unknown[]>;
  toContentAPIPermission(permission: unknown): unknown;
}

interface AdvancedSettings {
  email_confirmation?: boolean;
}

interface AuthResult {
  authenticated: boolean;
  credentials?: SessionUserRow | null;
  ability?: Ability | null;
  error?: string;
}

/** A value computed at most once per `ttlMs()`, recomputed after `clear()`. */
const cached = <T>(load: () => Promise<T>, ttlMs: () => number) => {
  let entry: { value: Promise<T>; expiresAt: number } | null = null;
  return {
    get(): Promise<T> {
      if (!entry || entry.expiresAt <= Date.now()) {
        const value = load();
        const current = { value, expiresAt: Date.now() + ttlMs() };
        entry = current;
        // A failed load is not kept: the next request tries again.
        value.catch(() => {
          if (entry === current) entry = null;
        });
      }
      return entry.value;
    },
    clear() {
      entry = null;
    },
  };
};

export const createPortalStrategy = (strapi: Core.Strapi) => {
  // Read when first needed: the configuration is loaded by then, and stays as it is.
  let ttl: number | null = null;
  const cacheMs = () => (ttl ??= portalAuthSettings(strapi).roleCacheSeconds * 1000);
  const permissions = () => strapi.plugin('users-permissions').service('permission') as unknown as PermissionService;
  const engine = () => (strapi as unknown as { contentAPI: { permissions: { engine: { generateAbility(list: unknown[]): Promise<Ability> } } } }).contentAPI.permissions.engine;
  const abilityOf = async (list: Promise<unknown[]>) => {
    const granted = (await list).map((permission) => permissions().toContentAPIPermission(permission));
    return { count: granted.length, ability: await engine().generateAbility(granted) };
  };

  const roles = new Map<number, ReturnType<typeof cached<{ count: number; ability: Ability }>>>();
  const roleAbility = (roleId: number) => {
    let entry = roles.get(roleId);
    if (!entry) {
      entry = cached(() => abilityOf(permissions().findRolePermissions(roleId)), cacheMs);
      roles.set(roleId, entry);
    }
    return entry.get();
  };
  const publicAbility = cached(() => abilityOf(permissions().findPublicPermissions()), cacheMs);
  const advanced = cached(
    async () => ((await strapi.store({ type: 'plugin', name: 'users-permissions' }).get({ key: 'advanced' })) ?? {}) as AdvancedSettings,
    cacheMs,
  );

  const clear = () => {
    roles.clear();
    publicAbility.clear();
    advanced.clear();
  };
  // Subscribed at the first request rather than here: the strategy is made in the plugin's register
  // phase, before the database is initialised. Nothing is cached before then, so no write is missed.
  let watching = false;
  const watchWrites = () => {
    if (watching) return;
    watching = true;
    const onWrite = { afterCreate: clear, afterCreateMany: clear, afterUpdate: clear, afterUpdateMany: clear, afterDelete: clear, afterDeleteMany: clear };
    strapi.db.lifecycles.subscribe({ models: [ROLE_UID, PERMISSION_UID, STORE_UID], ...onWrite });
  };

  const sessionUser = createSessionUserReader(strapi);

  const authenticate = async (ctx: Context): Promise<AuthResult> => {
    watchWrites();
    try {
      const token = presentedToken(ctx);
      if (!token) {
        const { count, ability } = await publicAbility.get();
        return count === 0 ? { authenticated: false } : { authenticated: true, credentials: null, ability };
      }
      const found = await sessionUser(token);
      if (!found) return { authenticated: false };
      const { user } = found;
      if (!user) return { authenticated: false, error: 'Invalid credentials' };
      const settings = await advanced.get();
      if (settings.email_confirmation && !user.confirmed) return { authenticated: false, error: 'Invalid credentials' };
      if (user.blocked) return { authenticated: false, error: 'Invalid credentials' };
      if (!user.role) return { authenticated: false, error: 'Invalid credentials' };
      const { ability } = await roleAbility(user.role.id);
      ctx.state.user = user;
      // The live streams end when this session does (api/live).
      ctx.state.portalSessionId = found.session.id;
      return { authenticated: true, credentials: user, ability };
    } catch (error) {
      strapi.log.debug(`Authentication failed: ${(error as Error).message}`);
      return { authenticated: false };
    }
  };

  /** As the stock strategy: routes without a scope need a user; scoped routes need the ability. */
  const verify = async (auth: { credentials?: SessionUserRow | null; ability?: Ability | null }, config: { scope?: string | string[] }) => {
    if (!config.scope) {
      if (!auth.credentials) throw new errors.UnauthorizedError();
      return;
    }
    if (!auth.ability) throw new errors.UnauthorizedError();
    const scopes = Array.isArray(config.scope) ? config.scope : [config.scope];
    if (!scopes.every((scope) => auth.ability?.can(scope))) throw new errors.ForbiddenError();
  };

  return { name: 'users-permissions', authenticate, verify };
};
