import type { Context } from 'koa';

const OPAQUE_TAG = /"[^"]*"/g;

/**
 * If-None-Match's weak comparison (RFC 9110 §13.1.2): any tag of the list matches with or without
 * its W/, and `*` matches whatever exists (the caller has found the resource).
 */
const matchesIfNoneMatch = (ifNoneMatch: string, etag: string) => {
  if (ifNoneMatch.trim() === '*') return true;
  const tag = etag.match(OPAQUE_TAG)?.[0];
  return tag !== undefined && (ifNoneMatch.match(OPAQUE_TAG)?.includes(tag) ?? false);
};

/**
 * A private answer the browser keeps and revalidates: sets its validator, and answers 304 without a
 * body when the client's copy is current. True when it did; the action then returns nothing.
 */
export const answeredNotModified = (ctx: Context, etag: string) => {
  ctx.set('ETag', etag);
  ctx.set('Cache-Control', 'private, no-cache');
  if (!matchesIfNoneMatch(ctx.get('If-None-Match'), etag)) return false;
  ctx.status = 304;
  return true;
};
