import fs from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { isUnder } from '../server/api-prefix';
import { fileStat, IMMUTABLE, isPrecompressedCopy, sendStaticFile } from '../server/static-files';

/**
 * Serves the built portal (web/dist) from the same origin as the API.
 *
 * The spec's routes live under /admin/..., which is also where Strapi keeps its admin API
 * (POST /admin/login, GET /admin/init). So only two kinds of request are answered here:
 * files that exist in the portal build, and browser navigations (Accept: text/html) or any GET of
 * the root, which get index.html for the SPA router. Everything else falls through to Strapi untouched.
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
  /** Serve the .br / .gz copies the build wrote next to a file, by Accept-Encoding (COMPRESSION=false: never). */
  precompressed?: boolean;
}

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

export default (config: PortalConfig, { strapi }: { strapi: Core.Strapi }) => {
  const root = path.resolve(config.root ?? process.env.PORTAL_DIST ?? path.join(strapi.dirs.app.root, '..', 'web', 'dist'));
  const indexFile = path.join(root, 'index.html');
  if (!fileStat(indexFile)) {
    strapi.log.warn(`Portal build not found at ${root}; run "npm run build -w web" to serve the portal.`);
  }

  const precompressed = config.precompressed !== false;

  const send = (ctx: Context, file: string, stat: fs.Stats, cacheControl: string) =>
    sendStaticFile(ctx, { file, stat, cacheControl, precompressed, type: CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream' });

  return async (ctx: Context, next: Next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isPassthrough(ctx.path)) return next();

    if (ctx.path !== '/' && !ctx.path.endsWith('/')) {
      const file = resolveInside(root, ctx.path);
      const stat = file ? fileStat(file) : null;
      if (file && stat && file !== indexFile && !isPrecompressedCopy(file)) {
        const immutable = ctx.path.startsWith('/assets/');
        send(ctx, file, stat, immutable ? IMMUTABLE : 'no-cache');
        return;
      }
    }

    // The root is the portal's front door for any client (Strapi would redirect it to its panel);
    // elsewhere only a browser navigation gets the page, since /admin/... is also Strapi's admin API.
    const wantsPage = ctx.path === '/' || (ctx.get('Accept') || '').includes('text/html');
    const indexStat = wantsPage ? fileStat(indexFile) : null;
    if (indexStat) {
      send(ctx, indexFile, indexStat, 'no-cache');
      return;
    }
    return next();
  };
};
