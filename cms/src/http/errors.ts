import type { Context } from 'koa';
import createError from 'http-errors';
import { errors } from '@strapi/utils';
import type { FieldError } from '@repo/types';

/**
 * A failure with a status @strapi/utils has no error class for (410 Gone, 502 Bad Gateway). Services
 * throw it; `answering` turns it into the same envelope as Strapi's own errors, so the portal parses
 * every failure alike. Strapi's error middleware would otherwise log it and hide the message.
 */
export class HttpStatusError extends Error {
  constructor(
    readonly status: 410 | 502,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = status === 410 ? 'GoneError' : 'BadGatewayError';
  }
}

/** Runs a controller action, answering HttpStatusError itself and leaving the rest to Strapi. */
export const answering = async (ctx: Context, action: () => Promise<void>) => {
  try {
    await action();
  } catch (error) {
    if (!(error instanceof HttpStatusError)) throw error;
    ctx.status = error.status;
    ctx.body = { data: null, error: { status: error.status, name: error.name, message: error.message, details: error.details } };
  }
};

export const tooManyAttempts = (message: string, details?: Record<string, unknown>) => new errors.RateLimitError(message, details);

/** A 400 tied to one field, in the `details.errors` shape the portal's forms read. */
export const fieldError = (field: string, message: string, more: readonly string[] = []) =>
  new errors.ValidationError(message, { errors: [message, ...more].map((text) => ({ path: [field], message: text })) });

/**
 * A 403 that keeps its message. Strapi's router answers any ForbiddenError thrown behind it with a
 * bare 'Forbidden', except PolicyError, whose message it lets through.
 */
export const forbidden = (message: string) => new errors.PolicyError(message);

/** A ValidationError whose details carry each problem on its field, as the web's forms expect. */
export const fieldErrors = (message: string, list: FieldError[]) =>
  new errors.ValidationError(message, { errors: list.map((error) => ({ path: [error.field], message: error.message })) });

/**
 * 409 Conflict. Strapi's ApplicationError always answers 400, while an http-errors error keeps its
 * status through Strapi's error middleware, in the same envelope.
 */
export const conflict = (message: string) => createError(409, message);

/** 413 Payload Too Large, in Strapi's error envelope (an upload over a route's own limit). */
export const payloadTooLarge = (message: string) => createError(413, message);

/** 503 Service Unavailable, in Strapi's error envelope (the database cannot be reached). */
export const serviceUnavailable = (message: string) => createError(503, message);

/** 415 Unsupported Media Type, in Strapi's error envelope (a write whose body is not JSON). */
export const unsupportedMediaType = (message: string) => createError(415, message);
