/** The answer to a request that needs a session and has none (401). */
export const NOT_SIGNED_IN = 'You are not signed in, or your session has ended';

/**
 * The signed-in users-permissions user as the auth strategy leaves it on ctx.state (role populated).
 * Koa's context types do not describe `state`, so this is the one typed door to it.
 */
export interface AuthenticatedUser {
  id: number;
  email: string;
  role?: { id: number; type: string } | null;
  [field: string]: unknown;
}

export const authenticatedUser = (ctx: unknown): AuthenticatedUser | null => {
  const state = (ctx as { state?: { user?: AuthenticatedUser } } | null)?.state;
  return state?.user ?? null;
};

export const roleTypeOf = (ctx: unknown): string | null => authenticatedUser(ctx)?.role?.type ?? null;

/** The id of the portal session the request was authenticated by (set by the auth strategy), or null. */
export const sessionIdOf = (ctx: unknown): number | null => {
  const id = (ctx as { state?: { portalSessionId?: unknown } } | null)?.state?.portalSessionId;
  return typeof id === 'number' ? id : null;
};
