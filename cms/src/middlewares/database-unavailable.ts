import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context, Next } from 'koa';
import { serviceUnavailable } from '../http/errors';
import { databaseReachable, isConnectionError, isUnstorableValueError } from '../db';

export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';
export const UNSTORABLE_VALUE_MESSAGE = 'A value in the request is too large, or holds a character that cannot be stored.';

/** The status Strapi's error middleware will answer with: application errors by class, others by their status. */
const statusOf = (error: unknown) => {
  if (error instanceof errors.UnauthorizedError) return 401;
  if (error instanceof errors.NotImplementedError) return 501;
  if (error instanceof errors.ApplicationError) return 400;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 500;
};

/**
 * With the database unreachable, answers 503 (generic message, Retry-After) instead of a 500, and
 * instead of the 401 that the authentication strategy gives when it cannot look a session up (it
 * swallows its errors). A driver connection error is recognised at once; any other 500 or 401 is
 * checked against a SELECT 1 probe. Nothing is cached beyond a second, so the API recovers by
 * itself when the database comes back.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Context, next: Next) => {
    const unavailable = () => {
      ctx.set('Retry-After', '5');
      return serviceUnavailable(DATABASE_UNAVAILABLE_MESSAGE);
    };
    try {
      await next();
    } catch (error) {
      if (isConnectionError(error)) throw unavailable();
      // The backstop behind the field rules (issue #25): a value PostgreSQL refuses is a 400, not a 500.
      // The write was a single statement or a transaction, so nothing of it stays.
      if (isUnstorableValueError(error)) throw new errors.ValidationError(UNSTORABLE_VALUE_MESSAGE);
      const status = statusOf(error);
      if ((status >= 500 || status === 401) && !(await databaseReachable(strapi))) throw unavailable();
      throw error;
    }
    // Strapi answers a failed authentication with ctx.unauthorized(), which sets the status without throwing.
    const suspect = ctx.status === 401 || (ctx.status >= 500 && ctx.status !== 503);
    if (suspect && !(await databaseReachable(strapi))) throw unavailable();
  };
