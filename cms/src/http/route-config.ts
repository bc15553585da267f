import { refuseQuery } from '../middlewares/refuse-query';

/**
 * A portal route's `config`, written the same way in every router: the query parameters its action
 * reads (global::refuse-query refuses any other, so crafted filters can neither widen nor probe a
 * view), and on admins' routes the global::is-admin policy, which checks the role again whatever
 * permissions the CMS panel ticks for it.
 */

/** Any signed-in user whose role holds the action; the server filters what each one sees. */
export const signedIn = (...query: string[]) => ({ middlewares: [refuseQuery(...query)] });

/** Admins only. */
export const adminOnly = (...query: string[]) => ({ policies: ['global::is-admin'], middlewares: [refuseQuery(...query)] });

/** No session needed (sign-in, reset): the action carries its own checks and limits. */
export const open = (...query: string[]) => ({ auth: false as const, middlewares: [refuseQuery(...query)] });
