import type { Context, Next } from 'koa';
import { acceptedEncoding, onTheFlyEncodings, type OnTheFlyEncoding } from '../server/compression';

interface CompressionConfig {
  encoding: OnTheFlyEncoding;
}

/** koa-compress's switch: `false` leaves the answer as it is. */
type CompressibleContext = Context & { compress?: boolean };

/**
 * Picks the on-the-fly coding for strapi::compression (koa-compress 5.1.1), which sits just outside.
 * Its own negotiation takes a coding the client refused (`gzip;q=0`, `*;q=0`: weight 0 still ranks),
 * misses weights with more than one decimal, and answers `identity;q=0` with a plain-text 406 from
 * outside strapi::errors. So Koa's negotiation decides here, once the answer is made: with nothing
 * acceptable koa-compress is switched off (identity, as RFC 9110 §12.5.3 advises), otherwise it is
 * handed the chosen coding as the only one in the Accept-Encoding it reads next.
 */
export default (config: CompressionConfig) => {
  const offered = onTheFlyEncodings(config.encoding);
  return async (ctx: CompressibleContext, next: Next) => {
    await next();
    const encoding = acceptedEncoding(ctx, offered);
    if (encoding) ctx.request.headers['accept-encoding'] = encoding;
    else ctx.compress = false;
  };
};
