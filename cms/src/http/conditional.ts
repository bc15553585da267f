import type { Context } from 'koa';

/**
 * A private answer the browser keeps and revalidates: sets its validator, and answers 304 without a
 * body when the client's copy is current. True when it did; the action then returns nothing.
 */
export const answeredNotModified = (ctx: Context, etag: string) => {
  ctx.set('ETag', etag);
  ctx.set('Cache-Control', 'private, no-cache');
  if (ctx.get('If-None-Match') !== etag) return false;
  ctx.status = 304;
  return true;
};
