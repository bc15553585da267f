import fs from 'node:fs';
import type { Context } from 'koa';
import { acceptedEncoding, STATIC_ENCODINGS, type StaticEncoding } from './compression';

/**
 * Sending a built file (the portal's web/dist, the CMS panel's dist/build) with the precompressed
 * copy the build wrote next to it (scripts/precompress.mjs), by Accept-Encoding.
 */

/** A file whose name carries its content's hash: kept a year, never revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The precompressed copies' suffixes, by the Content-Encoding they carry. */
const SUFFIX: Record<StaticEncoding, string> = { br: '.br', gzip: '.gz' };

/** The file's stat when it is a regular file, or null. */
export const fileStat = (file: string) => {
  try {
    const stat = fs.statSync(file);
    return stat.isFile() ? stat : null;
  } catch {
    return null;
  }
};

/**
 * The file's validator: weak, from its size and modification time, and shared by its precompressed
 * copies and by koa-compress's gzip of it. They carry the same content (RFC 9110 §8.8.1) and caches
 * keep them apart by Vary; a strong tag would have to differ per encoding.
 */
const weakTag = (stat: fs.Stats) => `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;

/**
 * True when `file` is a precompressed copy the build wrote next to another file (`x.js.br` beside
 * `x.js`): it is sent in the other's place, with its Content-Encoding, and is not a file of its own.
 */
export const isPrecompressedCopy = (file: string) =>
  Object.values(SUFFIX).some((suffix) => file.endsWith(suffix) && fileStat(file.slice(0, -suffix.length)) !== null);

export interface StaticFile {
  file: string;
  stat: fs.Stats;
  /** The Content-Type: a full header value, or an extension Koa looks up (`.js`). */
  type: string;
  cacheControl: string;
  /** Send the .br / .gz copy the client accepts, when there is one (COMPRESSION=false: never). */
  precompressed: boolean;
}

/** The file as sent: its precompressed copy when the client accepts that coding and the build wrote one. */
const encoded = (ctx: Context, { file, stat, precompressed }: StaticFile) => {
  const encoding = precompressed ? acceptedEncoding(ctx, STATIC_ENCODINGS) : null;
  const copy = encoding ? `${file}${SUFFIX[encoding]}` : null;
  const copyStat = copy ? fileStat(copy) : null;
  return copy && copyStat ? { file: copy, stat: copyStat, encoding } : { file, stat, encoding: null };
};

/** Answers a GET or HEAD with the file (200), or 304 when the client's copy is fresh. */
export const sendStaticFile = (ctx: Context, sending: StaticFile) => {
  ctx.status = 200;
  if (sending.precompressed) ctx.vary('Accept-Encoding');
  ctx.etag = weakTag(sending.stat);
  ctx.lastModified = sending.stat.mtime;
  ctx.set('Cache-Control', sending.cacheControl);
  ctx.set('X-Content-Type-Options', 'nosniff');
  // Koa's freshness check: If-None-Match by weak comparison (lists and `*` too), and If-Modified-Since.
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  const sent = encoded(ctx, sending);
  ctx.type = sending.type;
  // Set before the body: strapi::compression leaves an answer that carries a Content-Encoding alone.
  if (sent.encoding) ctx.set('Content-Encoding', sent.encoding);
  ctx.length = sent.stat.size;
  // HEAD too: Koa answers it with these headers and without the body (and closes the stream);
  // a null body would make it a 204 without Content-Type.
  ctx.body = fs.createReadStream(sent.file);
};
