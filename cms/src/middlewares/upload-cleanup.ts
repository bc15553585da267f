import fs from 'node:fs/promises';
import type { Context, Next } from 'koa';

/** Every temporary file path the body parser left on the request, whatever the field names. */
const temporaryPaths = (files: unknown): string[] =>
  Object.values((files ?? {}) as Record<string, unknown>)
    .flat()
    .map((file) => (typeof file === 'object' && file !== null ? (file as { filepath?: unknown }).filepath : undefined))
    .filter((filepath): filepath is string => typeof filepath === 'string');

/**
 * Removes the temporary copies of multipart uploads once the request is handled. Strapi's body
 * middleware removes only a field named `files`, and only when nothing threw: a request refused by
 * a policy (an agent's upload, 403) or by a controller kept its temp files on disk for good.
 * It sits just outside strapi::body so it sees the files whatever happened inside.
 */
const uploadCleanup = () => async (ctx: Context, next: Next) => {
  try {
    await next();
  } finally {
    const paths = temporaryPaths((ctx.request as { files?: unknown }).files);
    if (paths.length > 0) await Promise.all(paths.map((filepath) => fs.rm(filepath, { force: true })));
  }
};

export default uploadCleanup;
