import fs from 'node:fs';
import { errors } from '@strapi/utils';
import Papa from 'papaparse';
import { CSV_LIMITS, CSV_PARSE_OPTIONS, CSV_MESSAGES, isBlankRow, unknownColumns } from '@repo/types';
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

export interface ParsedCsv {
  /** The header cells, canonical column names where they name one. */
  header: string[];
  /** One entry per data row, blank rows included, so index + 2 is the spreadsheet row. */
  rows: Record<string, unknown>[];
}

const refuse = (message: string, details?: Record<string, unknown>) => new errors.ValidationError(message, details);

/**
 * Streams the file through papaparse and stops as soon as the header names a column the import does
 * not take, or the unit rows pass `maxRows`: a refused file is never parsed to its end.
 */
export const parseCsvFile = (filepath: string, maxRows: number = CSV_LIMITS.maxRows) =>
  new Promise<ParsedCsv>((resolve, reject) => {
    const stream = fs.createReadStream(filepath, { encoding: 'utf8' });
    const rows: Record<string, unknown>[] = [];
    let header: string[] = [];
    let units = 0;
    let failure: Error | null = null;
    const stop = (error: Error, parser: Papa.Parser) => {
      failure = error;
      parser.abort();
    };
    Papa.parse<Record<string, unknown>>(stream, {
      ...CSV_PARSE_OPTIONS,
      step: (result, parser) => {
        if (failure) return;
        if (rows.length === 0) {
          header = result.meta.fields ?? [];
          const refused = unknownColumns(header);
          if (refused.length > 0) return stop(refuse(CSV_MESSAGES.unknownColumns(refused), { columns: refused }), parser);
        }
        const quoteError = result.errors.find((error) => error.type === 'Quotes');
        if (quoteError) return stop(refuse(CSV_MESSAGES.parseError, { row: rows.length + 2, reason: quoteError.message }), parser);
        rows.push(result.data);
        if (!isBlankRow(result.data)) units += 1;
        if (units > maxRows) stop(refuse(CSV_MESSAGES.tooManyRows, { maxRows }), parser);
      },
      complete: () => {
        stream.destroy();
        if (failure) reject(failure);
        else resolve({ header, rows });
      },
      error: () => {
        stream.destroy();
        reject(refuse(CSV_MESSAGES.parseFailed));
      },
    });
  });
