import type { Context } from 'koa';
import { errors } from '@strapi/utils';
import { fieldErrors } from './errors';
import { recordIdFrom } from '../db';

type Ctx = { query?: Record<string, unknown>; request: { body?: unknown } };

/**
 * The portal's custom routes take no filters, populate, fields or sort: what a caller sees is
 * decided by the server alone. Any query key outside `allowed` is refused, so crafted parameters
 * can neither widen nor probe a view.
 */
export const refuseQuery = (ctx: Ctx, allowed: readonly string[] = []) => {
  const unknown = Object.keys(ctx.query ?? {}).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) {
    throw new errors.ValidationError(`Unknown query parameter: ${unknown.join(', ')}`, {
      errors: unknown.map((key) => ({ path: [key], message: 'This parameter is not accepted here' })),
    });
  }
};

/** A numeric id from the path; anything else is treated as a record that does not exist. */
export const parseId = (raw: unknown, notFoundMessage: string): number => {
  const id = recordIdFrom(raw);
  if (id === null) throw new errors.NotFoundError(notFoundMessage);
  return id;
};

export const bodyObject = (ctx: Ctx): Record<string, unknown> => {
  const body = ctx.request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new errors.ValidationError('The request body must be a JSON object');
  }
  return body as Record<string, unknown>;
};

export const refuseUnknownFields = (body: Record<string, unknown>, allowed: readonly string[]) => {
  const unknown = Object.keys(body).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) throw fieldErrors(`Unknown field: ${unknown.join(', ')}`, unknown.map((field) => ({ field, message: `${field} cannot be set here` })));
};


/** The request body as koa-body left it (Koa's own types do not declare it), for parseInput. */
export const requestBody = (ctx: { request: unknown }): unknown => (ctx.request as { body?: unknown }).body;

/** The client address rate limits are keyed on: X-Forwarded-For counts only when TRUST_PROXY=true. */
export const clientAddress = (ctx: Context) => ctx.request.ip || 'unknown';
