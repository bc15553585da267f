import fs from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { isUnder } from '../server/api-prefix';
import { acceptedEncoding, STATIC_ENCODINGS, type StaticEncoding } from '../server/compression';

/**
 * Serves the built portal (web/dist) from the same origin as the API.
 *
 * The spec's routes live under /admin/..., which is also where Strapi keeps its admin API
 * (POST /admin/login, GET /admin/init). So only two kinds of request are answered here:
 * files that exist in the portal build, and browser navigations (Accept: text/html), which get
 * index.html for the SPA router. Everything else falls through to Strapi untouched.
 */
const PASSTHROUGH_PREFIXES = ['/api', '/cms', '/uploads'];

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

interface PortalConfig {
  root?: string;
  /** Serve the .br / .gz files the build wrote next to an asset, by Accept-Encoding (COMPRESSION=false: never). */
  precompressed?: boolean;
}

/** The precompressed files the build writes (web/vite.config.ts), by the Content-Encoding they carry. */
const SUFFIX: Record<StaticEncoding, string> = { br: '.br', gzip: '.gz' };

const isPassthrough = (requestPath: string) => PASSTHROUGH_PREFIXES.some((prefix) => isUnder(requestPath, prefix));

/** Resolves a request path inside root, refusing anything that escapes it. */
const resolveInside = (root: string, requestPath: string): string | null => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const candidate = path.resolve(root, `.${path.posix.normalize(decoded)}`);
  return candidate.startsWith(root + path.sep) ? candidate : null;
};

/**
 * The file's validator: weak, from its size and modification time, and shared by its precompressed
 * copies and by koa-compress's gzip of it. They carry the same content (RFC 9110 §8.8.1) and caches
 * keep them apart by Vary; a strong tag would have to differ per encoding.
 */
const weakTag = (stat: fs.Stats) => `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;

const fileStat = (file: string) => {
  try {
    const stat = fs.statSync(file);
    return stat.isFile() ? stat : null;
  } catch {
    return null;
  }
};

export default (config: PortalConfig, { strapi }: { strapi: Core.Strapi }) => {
  const root = path.resolve(config.root ?? process.env.PORTAL_DIST ?? path.join(strapi.dirs.app.root, '..', 'web', 'dist'));
  const indexFile = path.join(root, 'index.html');
  if (!fileStat(indexFile)) {
    strapi.log.warn(`Portal build not found at ${root}; run "npm run build -w web" to serve the portal.`);
  }

  const precompressed = config.precompressed !== false;

  /** The file as sent: its precompressed copy when the client accepts that coding and the build wrote one. */
  const encoded = (ctx: Context, file: string, stat: fs.Stats) => {
    if (!precompressed) return { file, stat, encoding: null };
    const encoding = acceptedEncoding(ctx, STATIC_ENCODINGS);
    const copy = encoding ? `${file}${SUFFIX[encoding]}` : null;
    const copyStat = copy ? fileStat(copy) : null;
    return copy && copyStat ? { file: copy, stat: copyStat, encoding } : { file, stat, encoding: null };
  };

  const send = (ctx: Context, file: string, stat: fs.Stats, cacheControl: string) => {
    ctx.status = 200;
    if (precompressed) ctx.vary('Accept-Encoding');
    ctx.etag = weakTag(stat);
    ctx.lastModified = stat.mtime;
    ctx.set('Cache-Control', cacheControl);
    ctx.set('X-Content-Type-Options', 'nosniff');
    // Koa's freshness check: If-None-Match by weak comparison (lists and `*` too), and If-Modified-Since.
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    const sent = encoded(ctx, file, stat);
    ctx.type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    // Set before the body: strapi::compression leaves an answer that carries a Content-Encoding alone.
    if (sent.encoding) ctx.set('Content-Encoding', sent.encoding);
    ctx.length = sent.stat.size;
    // HEAD too: Koa answers it with these headers and without the body (and closes the stream);
    // a null body would make it a 204 without Content-Type.
    ctx.body = fs.createReadStream(sent.file);
  };

  return async (ctx: Context, next: Next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isPassthrough(ctx.path)) return next();

    if (ctx.path !== '/' && !ctx.path.endsWith('/')) {
      const file = resolveInside(root, ctx.path);
      const stat = file ? fileStat(file) : null;
      if (file && stat && file !== indexFile) {
        const immutable = ctx.path.startsWith('/assets/');
        send(ctx, file, stat, immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        return;
      }
    }

    const wantsPage = (ctx.get('Accept') || '').includes('text/html');
    const indexStat = wantsPage ? fileStat(indexFile) : null;
    if (indexStat) {
      send(ctx, indexFile, indexStat, 'no-cache');
      return;
    }
    return next();
  };
};
