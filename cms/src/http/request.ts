import type { Context } from 'koa';
import { errors } from '@strapi/utils';
import { fieldErrors } from './errors';
import { isRecordId, recordIdFrom } from '../db';

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


/**
 * A list of record ids in a body, bounded so one request cannot ask for an unbounded statement.
 * Each id is a whole number a record can have (1 to MAX_RECORD_ID).
 */
export const readIds = (raw: unknown, field: string, max: number): number[] => {
  if (!Array.isArray(raw) || raw.length === 0) throw fieldErrors(`${field} must be a non-empty list of ids`, [{ field, message: 'Select at least one unit' }]);
  if (raw.length > max) throw fieldErrors(`${field} holds more than ${max} ids`, [{ field, message: `At most ${max} at a time` }]);
  const ids = raw.map((value) => (typeof value === 'number' || typeof value === 'string' ? Number(value) : Number.NaN));
  if (!ids.every(isRecordId)) throw fieldErrors(`${field} must hold positive whole numbers`, [{ field, message: 'Invalid id' }]);
  return [...new Set(ids)];
};

/** The request body as koa-body left it (Koa's own types do not declare it), for parseInput. */
export const requestBody = (ctx: { request: unknown }): unknown => (ctx.request as { body?: unknown }).body;

/** The client address rate limits are keyed on: X-Forwarded-For counts only when TRUST_PROXY=true. */
export const clientAddress = (ctx: Context) => ctx.request.ip || 'unknown';
