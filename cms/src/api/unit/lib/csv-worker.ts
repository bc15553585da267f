import v8 from 'node:v8';
import { IMPORT_PROBLEMS_LISTED, isBlankRow, validateImportRows, type CsvProblem } from '@repo/types';
import { writeOnOwnConnection, type OwnConnection } from '../../../db';
import { yieldToRequests } from '../../../server/background-thread';
import { waitWhileServing } from '../../../server/requests-in-flight';
import { CsvRefusal, parseCsvFile } from './csv-read';
import { writeImportedUnits, type ImportWrite } from './import-write';

// A 2-core machine's parse in progress, the server's event loop and a client make three runnable
// threads on two cores; a 304 during an import waited behind the parse's time slices. The parse, the
// check and the write also pause while the server answers a request (waitWhileServing).
yieldToRequests();

/**
 * The import's work, run in a worker thread of the CSV pool (csv-pool.ts), off the server's event
 * loop. checkCsvFile: the file parsed with papaparse and its rows checked with the shared rules of
 * @repo/types (validateImportRows), exactly as the browser's preview checks them, so the messages
 * are the same. writeUnits: the checked units written on SQLite.
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
   * The valid units, UNIT_BATCH of them a batch, each batch v8-serialised, every batch a view of ONE
   * SharedArrayBuffer (sharedBatches): they pass from this thread to the main thread and on to the
   * writing thread without being copied (cloning them cost the event loop 0.3 to 1 ms each way), and
   * the main thread deserialises one batch at a time only where it needs the units.
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
 * Units written per statement pair of an import. On PostgreSQL each batch's rows are built on the
 * event loop, between round trips; on SQLite the batches run in this thread (writeUnits). 25 was
 * chosen while SQLite's batches still ran on the event loop: the 304 during a 10,000-row import went
 * from 2.2x to 2.4x its idle p95 at 100 or 50 to 1.3x to 1.6x at 25 (bench, three runs each), and the
 * import took no longer (PostgreSQL, one round trip a statement: 916 ms against 860 ms).
 */
export const UNIT_BATCH = 25;

/** The batches copied into one SharedArrayBuffer, each a view of its part. */
const sharedBatches = (batches: Uint8Array[]) => {
  const shared = new SharedArrayBuffer(batches.reduce((total, batch) => total + batch.byteLength, 0));
  let offset = 0;
  return batches.map((batch) => {
    const view = new Uint8Array(shared, offset, batch.byteLength);
    view.set(batch);
    offset += batch.byteLength;
    return view;
  });
};

export default async function checkCsvFile({ filepath, existingUnitNumbers }: CsvCheckTask): Promise<CsvCheckOutcome> {
  let rows: Record<string, unknown>[];
  try {
    ({ rows } = await parseCsvFile(filepath, { betweenRows: waitWhileServing }));
  } catch (error) {
    if (error instanceof CsvRefusal) return { kind: 'refused', message: error.message, details: error.details };
    throw error;
  }
  if (rows.every(isBlankRow)) return { kind: 'empty' };
  const { units, problems, failedRows, rowsMissingRequired } = validateImportRows(rows, existingUnitNumbers, waitWhileServing);
  const serialised: Uint8Array[] = [];
  for (let start = 0; start < units.length; start += UNIT_BATCH) serialised.push(v8.serialize(units.slice(start, start + UNIT_BATCH)));
  return {
    kind: 'checked',
    failedRows,
    rowsMissingRequired,
    problems: problems.slice(0, IMPORT_PROBLEMS_LISTED),
    problemCount: problems.length,
    unitCount: units.length,
    unitBatches: sharedBatches(serialised),
  };
}

/** The import's writing on SQLite (writeUnits): the database file and its pragmas, and what to write. */
export interface WriteUnitsTask {
  target: OwnConnection;
  write: ImportWrite;
}

export type WriteUnitsOutcome =
  /** Committed: the new units' ids, in the order of the units in the batches. */
  | { kind: 'written'; ids: number[] }
  /** Rolled back, nothing written: the error's message and its driver code (a unit number taken, say). */
  | { kind: 'failed'; message: string; code?: string };

/**
 * Writes a checked import on SQLite on a connection of its own, in one transaction: the statements,
 * the commit (10 to 15 ms for 10,000 units) and their garbage stay off the server's event loop, which
 * goes on answering reads (WAL mode: its readers never wait for this writer). The server keeps its
 * own connection in a transaction meanwhile (unit-import.ts), so its other writes wait, as they wait
 * for any transaction.
 */
export async function writeUnits({ target, write }: WriteUnitsTask): Promise<WriteUnitsOutcome> {
  try {
    return { kind: 'written', ids: await writeOnOwnConnection(target, (insert) => writeImportedUnits(insert, write)) };
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    return { kind: 'failed', message: String((error as Error | null)?.message ?? error), ...(typeof code === 'string' ? { code } : {}) };
  }
}
