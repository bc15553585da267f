import os from 'node:os';
import v8 from 'node:v8';
import { isMainThread } from 'node:worker_threads';
import { IMPORT_PROBLEMS_LISTED, isBlankRow, validateImportRows, type CsvProblem } from '@repo/types';
import { CsvRefusal, parseCsvFile } from './csv-read';

/**
 * This thread takes the CPU only when a request does not want it. On a 2-core machine a parse in
 * progress, the server's event loop and a client make three runnable threads on two cores, and the
 * scheduler used to hand the parse whole time slices while a request waited (a 304 during an import
 * took up to 15 ms). Linux gives each thread its own nice value, so this lowers the worker's alone;
 * elsewhere the call would lower the whole server, so it is not made.
 */
if (!isMainThread && process.platform === 'linux') {
  try {
    os.setPriority(19);
  } catch {
    // Not permitted here (a sandbox): the parse runs at the server's priority, as before.
  }
}

/**
 * The import's CPU work, run in a worker thread of the CSV pool (csv-pool.ts), off the server's event
 * loop: the file parsed with papaparse and its rows checked with the shared rules of @repo/types
 * (validateImportRows), exactly as the browser's preview checks them, so the messages are the same.
 */
export interface CsvCheckTask {
  filepath: string;
  /** The unit numbers already in the project: a row repeating one is refused. */
  existingUnitNumbers: string[];
}

/** The outcome of validateImportRows, with at most IMPORT_PROBLEMS_LISTED problems and the units in batches. */
export interface CsvCheckSummary {
  failedRows: number;
  rowsMissingRequired: number;
  /** The first IMPORT_PROBLEMS_LISTED problems, in row order. */
  problems: CsvProblem[];
  /** How many problems in all. */
  problemCount: number;
  unitCount: number;
  /**
   * The valid units, UNIT_BATCH of them a batch, each batch v8-serialised: the main thread copies
   * these bytes as they are and deserialises one batch at a time, between other requests, where one
   * structured clone of 10,000 units would hold its event loop for 10 to 30 ms.
   */
  unitBatches: Uint8Array[];
}

export type CsvCheckOutcome =
  /** The file itself is refused (its columns, its quotes, its size): a 400 with this message. */
  | { kind: 'refused'; message: string; details?: Record<string, unknown> }
  /** No unit rows at all. */
  | { kind: 'empty' }
  /** Every row checked. */
  | ({ kind: 'checked' } & CsvCheckSummary);

/**
 * Units written per statement pair of an import: each batch holds the event loop for its insert and
 * its history (on SQLite, synchronous calls). 25: since a 304 costs about 0.5 ms (its version is kept,
 * src/db/sqlite-reader.ts), the 304 during a 10,000-row import went from 2.2x to 2.4x its idle p95 at
 * 100 or 50 to 1.3x to 1.6x at 25 (bench, three runs each), and the import took no longer (SQLite
 * 295 to 322 ms either way; PostgreSQL, one round trip a statement, 916 ms against 860 ms).
 */
export const UNIT_BATCH = 25;

export default async function checkCsvFile({ filepath, existingUnitNumbers }: CsvCheckTask): Promise<CsvCheckOutcome> {
  let rows: Record<string, unknown>[];
  try {
    ({ rows } = await parseCsvFile(filepath));
  } catch (error) {
    if (error instanceof CsvRefusal) return { kind: 'refused', message: error.message, details: error.details };
    throw error;
  }
  if (rows.every(isBlankRow)) return { kind: 'empty' };
  const { units, problems, failedRows, rowsMissingRequired } = validateImportRows(rows, existingUnitNumbers);
  const unitBatches: Uint8Array[] = [];
  for (let start = 0; start < units.length; start += UNIT_BATCH) unitBatches.push(v8.serialize(units.slice(start, start + UNIT_BATCH)));
  return {
    kind: 'checked',
    failedRows,
    rowsMissingRequired,
    problems: problems.slice(0, IMPORT_PROBLEMS_LISTED),
    problemCount: problems.length,
    unitCount: units.length,
    unitBatches,
  };
}
