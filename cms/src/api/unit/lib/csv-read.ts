import fs from 'node:fs';
import Papa from 'papaparse';
import { CSV_LIMITS, CSV_PARSE_OPTIONS, CSV_MESSAGES, CSV_ROWS_BETWEEN_PAUSES, isBlankRow, unknownColumns } from '@repo/types';

/**
 * Reading an uploaded CSV file: papaparse with the shared options and the shared rules of
 * @repo/types, nothing of Strapi's, so that it runs in the import's worker thread (csv-worker.ts).
 */

/** A file the import refuses as it reads it: the message and details of the 400 the caller answers. */
export class CsvRefusal extends Error {
  constructor(
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'CsvRefusal';
  }
}

export interface ParsedCsv {
  /** The header cells, canonical column names where they name one. */
  header: string[];
  /** One entry per data row, blank rows included, so index + 2 is the spreadsheet row. */
  rows: Record<string, unknown>[];
}

/**
 * Streams the file through papaparse and stops as soon as the header names a column the import does
 * not take, or the unit rows pass `maxRows`: a refused file is never parsed to its end. Rejects with
 * a CsvRefusal for a file the import refuses, with the stream's own error when it cannot be read.
 * `betweenRows`, if given, is called after every CSV_ROWS_BETWEEN_PAUSES rows (the worker's pause for requests).
 */
export const parseCsvFile = (filepath: string, { maxRows = CSV_LIMITS.maxRows, betweenRows }: { maxRows?: number; betweenRows?: () => void } = {}) =>
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
          if (refused.length > 0) return stop(new CsvRefusal(CSV_MESSAGES.unknownColumns(refused), { columns: refused }), parser);
        }
        const quoteError = result.errors.find((error) => error.type === 'Quotes');
        if (quoteError) return stop(new CsvRefusal(CSV_MESSAGES.parseError, { row: rows.length + 2, reason: quoteError.message }), parser);
        rows.push(result.data);
        if (betweenRows && rows.length % CSV_ROWS_BETWEEN_PAUSES === 0) betweenRows();
        if (!isBlankRow(result.data)) units += 1;
        if (units > maxRows) stop(new CsvRefusal(CSV_MESSAGES.tooManyRows, { maxRows }), parser);
      },
      complete: () => {
        stream.destroy();
        if (failure) reject(failure);
        else resolve({ header, rows });
      },
      error: () => {
        stream.destroy();
        reject(new CsvRefusal(CSV_MESSAGES.parseFailed));
      },
    });
  });
