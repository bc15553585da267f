import compressible from 'compressible';
import zlib from 'node:zlib';

/**
 * How the portal compresses (issue #26): the built web app is compressed once, at build time
 * (web/vite.config.ts writes a .br and a .gz next to each text asset, middlewares/portal.ts serves
 * them), and API answers above THRESHOLD_BYTES on the fly by strapi::compression (koa-compress).
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

/** strapi::compression's configuration (koa-compress options). */
export const compressionConfig = (encoding: OnTheFlyEncoding) => ({
  threshold: THRESHOLD_BYTES,
  filter: shouldCompress,
  // koa-compress prefers br, then gzip; `false` takes an encoding out.
  br: encoding === 'br' ? { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: ON_THE_FLY.brotliQuality } } : false,
  gzip: ON_THE_FLY.gzip,
  deflate: false,
});

export type StaticEncoding = 'br' | 'gzip';

/**
 * The precompressed file to send for an Accept-Encoding header: brotli when accepted, else gzip,
 * else none. A coding with q=0 is refused; `*` accepts both unless named with q=0.
 */
export const pickStaticEncoding = (acceptEncoding: string | undefined): StaticEncoding | null => {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepted = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return null;
};
