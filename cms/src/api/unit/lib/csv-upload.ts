import { errors } from '@strapi/utils';
import { CSV_LIMITS, CSV_MESSAGES } from '@repo/types';
import { payloadTooLarge } from '../../../http/errors';

/** The part of a formidable 2 file (as koa-body leaves it on ctx.request.files) this code reads. */
export interface UploadedFile {
  filepath: string;
  size: number;
  originalFilename?: string | null;
  mimetype?: string | null;
}

type Ctx = { request: { files?: Record<string, unknown> } };

/** The one file sent in a multipart field; null when there is none. Strapi deletes only files sent as `files`, so callers remove this one. */
export const uploadedFile = (ctx: Ctx, field: string): UploadedFile | null => {
  const value = ctx.request.files?.[field];
  if (Array.isArray(value)) throw new errors.ValidationError(`Send one file in the ${field} field`);
  const file = value as UploadedFile | undefined;
  return file && typeof file.filepath === 'string' ? file : null;
};

/** Every file of the request, so the caller can remove them whatever happened. */
export const uploadedPaths = (ctx: Ctx): string[] =>
  Object.values(ctx.request.files ?? {})
    .flat()
    .map((file) => (file as UploadedFile).filepath)
    .filter((filepath): filepath is string => typeof filepath === 'string');

// Browsers and tools label CSV files inconsistently (Excel on Windows sends application/vnd.ms-excel,
// curl application/octet-stream), so the name decides and the type only backs it up when there is none.
const CSV_TYPES = new Set(['text/csv', 'application/csv', 'text/x-csv', 'application/x-csv', 'text/plain', 'application/vnd.ms-excel']);

/** Size first, from what the body parser recorded: a file over the limit is refused without being read. */
export const checkCsvFile = (file: UploadedFile) => {
  if (file.size > CSV_LIMITS.maxBytes) throw payloadTooLarge(CSV_MESSAGES.fileTooLarge);
  const name = (file.originalFilename ?? '').trim().toLowerCase();
  const accepted = name ? /\.(csv|txt)$/.test(name) : CSV_TYPES.has((file.mimetype ?? '').toLowerCase());
  if (!accepted) throw new errors.ValidationError(CSV_MESSAGES.notCsv);
};
