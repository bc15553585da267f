import compressible from 'compressible';
import type { Context } from 'koa';
import Negotiator from 'negotiator';
import zlib from 'node:zlib';

/**
 * How the portal compresses (issue #26): the built web app and the built CMS panel are compressed
 * once, at build time (scripts/precompress.mjs writes a .br and a .gz next to each text file;
 * middlewares/portal.ts and middlewares/panel-assets.ts serve them), and API answers above
 * THRESHOLD_BYTES on the fly by strapi::compression (koa-compress).
 * COMPRESSION=false turns both off, for a deployment behind a proxy that compresses.
 */
export const THRESHOLD_BYTES = 1024;

/** The two ways to compress on the fly: gzip at level 1, brotli at quality 4 (koa-compress's default). */
export const ON_THE_FLY = { gzip: { level: zlib.constants.Z_BEST_SPEED }, brotliQuality: 4 };

export type OnTheFlyEncoding = 'gzip' | 'br';

/** The one the bench found faster end to end (bench/README.md, "Compression"). */
export const DEFAULT_ON_THE_FLY: OnTheFlyEncoding = 'gzip';

/**
 * The COMPRESSION setting: `false` turns compression off (behind a proxy that compresses), `gzip`
 * or `br` picks the on-the-fly encoding (to measure one against the other); anything else, or
 * nothing, is the default. The bench's bare server reads it the same way (bench/lib/bare-server.mjs).
 */
export const compressionSetting = (value: string | undefined): OnTheFlyEncoding | null => {
  const setting = (value ?? '').trim().toLowerCase();
  if (setting === 'false') return null;
  return setting === 'gzip' || setting === 'br' ? setting : DEFAULT_ON_THE_FLY;
};

/**
 * What is compressed on the fly: compressible types (the mime database's flag, koa-compress's own
 * rule), never an event stream (each event must reach the client when it is written, and a
 * compressor holds bytes back), nor what is compressed already (images, zip, fonts: not flagged).
 */
export const shouldCompress = (type: string): boolean => {
  const essence = type.split(';')[0].trim().toLowerCase();
  if (essence === 'text/event-stream') return false;
  return compressible(essence) === true;
};

/**
 * The codings offered on the fly, in order of preference: the setting's first, then the other for a
 * client that does not take the first (`Accept-Encoding: br` alone gets brotli, not the raw JSON).
 */
export const onTheFlyEncodings = (encoding: OnTheFlyEncoding): OnTheFlyEncoding[] => (encoding === 'br' ? ['br', 'gzip'] : ['gzip', 'br']);

/** strapi::compression's configuration (koa-compress options); global::compression picks the coding. */
export const COMPRESSION_CONFIG = {
  threshold: THRESHOLD_BYTES,
  filter: shouldCompress,
  // global::compression has already picked one of these (onTheFlyEncodings(encoding)) by the request's Accept-Encoding.
  br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: ON_THE_FLY.brotliQuality } },
  gzip: ON_THE_FLY.gzip,
  deflate: false,
};

export type StaticEncoding = 'br' | 'gzip';

/** The precompressed copies the build writes, in order of preference: brotli is the smaller. */
export const STATIC_ENCODINGS: readonly StaticEncoding[] = ['br', 'gzip'];

/**
 * The coding of `offered` to send, or null: send it as it is. The request's Accept-Encoding is read as
 * RFC 9110 §12.5.3 reads it (negotiator): the highest weight wins, q=0 refuses a coding, `*` covers the
 * codings not named, and without the header nothing is compressed; among codings of the same weight
 * (a browser names gzip first, unweighted) the server's order of `offered` decides.
 */
export const acceptedEncoding = <T extends string>(ctx: Context, offered: readonly T[]): T | null =>
  (new Negotiator(ctx.req).encodings(offered, { preferred: offered })[0] as T | undefined) ?? null;
