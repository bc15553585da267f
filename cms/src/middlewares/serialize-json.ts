import type { Context, Next } from 'koa';

/**
 * Turns a JSON body into its text once the answer is made, just inside strapi::compression:
 * koa-compress reads the body's length to compare it with its threshold, and Koa computes the
 * length of an object body by serializing it (then koa-compress serializes it again to compress it).
 * The content type stays the one Koa set for the object (application/json).
 */
const isJsonBody = (body: unknown): body is object =>
  body !== null && typeof body === 'object' && !Buffer.isBuffer(body) && typeof (body as { pipe?: unknown }).pipe !== 'function';

export default () => async (ctx: Context, next: Next) => {
  await next();
  if (isJsonBody(ctx.body)) ctx.body = JSON.stringify(ctx.body);
};
