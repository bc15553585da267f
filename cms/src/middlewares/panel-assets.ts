import path from 'node:path';
import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { isUnder } from '../server/api-prefix';
import { fileStat, IMMUTABLE, isPrecompressedCopy, sendStaticFile } from '../server/static-files';

/**
 * Serves the CMS panel's built scripts and styles (dist/build, `strapi build`) with the brotli and
 * gzip copies the build writes next to them (cms/package.json's build: scripts/precompress.mjs), as
 * global::portal serves the portal's: without this, strapi::compression gzipped 12 MB of the panel's
 * scripts on the fly, at its lowest level, on every first visit (issue #26).
 *
 * It answers what Strapi's own admin route would (@strapi/admin's serve-admin-panel): a file of the
 * build by its name alone, cached as immutable (its name carries its hash); and only when Strapi
 * serves the built panel (not under `strapi develop`, whose panel comes from Vite). The page itself
 * (index.html, and the panel's routes) stays Strapi's: it is revalidated on every visit.
 */
interface PanelAssetsConfig {
  /** Serve the .br / .gz copies, by Accept-Encoding (COMPRESSION=false: never). */
  precompressed?: boolean;
}

/** The build's file a request path names (Strapi reads the last segment only), or null: a page, a dotfile, no name. */
const fileNameOf = (requestPath: string): string | null => {
  let name: string;
  try {
    name = path.posix.basename(decodeURIComponent(requestPath));
  } catch {
    return null;
  }
  const extension = path.extname(name).toLowerCase();
  if (!extension || extension === '.html' || name.startsWith('.') || name.includes('\0') || name.includes('\\')) return null;
  return name;
};

export default (config: PanelAssetsConfig, { strapi }: { strapi: Core.Strapi }) => {
  const serving = strapi.config.get<boolean>('admin.serveAdminPanel', true) !== false;
  const panelPath = `/${strapi.config.get<string>('admin.path', '/cms').replace(/^\/+|\/+$/g, '')}`;
  const buildDir = path.resolve(strapi.dirs.dist.root, 'build');
  const precompressed = config.precompressed !== false;

  return async (ctx: Context, next: Next) => {
    if (!serving || (ctx.method !== 'GET' && ctx.method !== 'HEAD') || !isUnder(ctx.path, panelPath)) return next();
    const name = fileNameOf(ctx.path);
    const file = name ? path.join(buildDir, name) : null;
    const stat = file ? fileStat(file) : null;
    if (!file || !stat) return next();
    if (isPrecompressedCopy(file)) {
      // Strapi's own route would send the copy's bytes without their Content-Encoding.
      ctx.status = 404;
      return;
    }
    sendStaticFile(ctx, { file, stat, type: path.extname(file), cacheControl: IMMUTABLE, precompressed });
  };
};
