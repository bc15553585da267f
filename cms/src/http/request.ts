import type { Context } from 'koa';
import { errors } from '@strapi/utils';
import { recordIdFrom } from '../db';

/** A numeric id from the path; anything else is treated as a record that does not exist. */
export const parseId = (raw: unknown, notFoundMessage: string): number => {
  const id = recordIdFrom(raw);
  if (id === null) throw new errors.NotFoundError(notFoundMessage);
  return id;
};

/** The request body as koa-body left it (Koa's own types do not declare it), for parseInput. */
export const requestBody = (ctx: { request: unknown }): unknown => (ctx.request as { body?: unknown }).body;

/** The client address rate limits are keyed on: X-Forwarded-For counts only when TRUST_PROXY=true. */
export const clientAddress = (ctx: Context) => ctx.request.ip || 'unknown';
