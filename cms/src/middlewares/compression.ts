import { Readable } from 'node:stream';
import type { Context, Next } from 'koa';
import { acceptedEncoding, onTheFlyEncodings, shouldCompress, THRESHOLD_BYTES, type OnTheFlyEncoding } from '../server/compression';

interface CompressionConfig {
  encoding: OnTheFlyEncoding;
}

/** koa-compress's switch: `false` leaves the answer as it is. */
type CompressibleContext = Context & { compress?: boolean };

const EMPTY_BODY_STATUSES = new Set([204, 205, 304]);
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * Whether strapi::compression compresses this answer when it is a GET's: koa-compress 5.1.1's own
 * checks (lib/index.js) for an answer with a body, once the coding is picked.
 */
const compressedOnGet = (ctx: CompressibleContext) =>
  ctx.body != null &&
  ctx.compress !== false &&
  !EMPTY_BODY_STATUSES.has(ctx.status) &&
  !ctx.response.get('Content-Encoding') &&
  shouldCompress(ctx.response.type) &&
  !NO_TRANSFORM.test(ctx.response.get('Cache-Control')) &&
  !(ctx.response.length < THRESHOLD_BYTES);

/**
 * Picks the on-the-fly coding for strapi::compression (koa-compress 5.1.1), which sits just outside.
 * Its own negotiation takes a coding the client refused (`gzip;q=0`, `*;q=0`: weight 0 still ranks),
 * misses weights with more than one decimal, and answers `identity;q=0` with a plain-text 406 from
 * outside strapi::errors. So Koa's negotiation decides here, once the answer is made: with nothing
 * acceptable koa-compress is switched off (identity, as RFC 9110 §12.5.3 advises), otherwise it is
 * handed the chosen coding as the only one in the Accept-Encoding it reads next.
 *
 * koa-compress leaves HEAD alone, so a HEAD would announce the raw body's length where its GET sends
 * the compressed one. A HEAD gets its GET's headers here (RFC 9110 §9.3.2): the coding, and no length,
 * since the GET's compressed body is streamed; an empty stream as the body keeps Koa from computing
 * the raw one's.
 */
export default (config: CompressionConfig) => {
  const offered = onTheFlyEncodings(config.encoding);
  return async (ctx: CompressibleContext, next: Next) => {
    await next();
    const encoding = acceptedEncoding(ctx, offered);
    if (!encoding) {
      ctx.compress = false;
      return;
    }
    if (ctx.method === 'HEAD' && compressedOnGet(ctx)) {
      ctx.set('Content-Encoding', encoding);
      ctx.body = Readable.from([]);
      return;
    }
    ctx.request.headers['accept-encoding'] = encoding;
  };
};
