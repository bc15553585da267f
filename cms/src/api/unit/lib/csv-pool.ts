import os from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import { requestsInFlightBuffer } from '../../../server/requests-in-flight';
import type { CsvCheckOutcome, CsvCheckTask, WriteUnitsOutcome, WriteUnitsTask } from './csv-worker';

/**
 * The worker threads that parse and check CSV imports, and write them on SQLite (csv-worker.ts), so
 * that a 10,000-row file does not hold the event loop for the other requests (issue #26). piscina: a
 * maintained pool (the Node.js project's own contributors) with Node 20 support in 5.x. One thread on
 * a 2-core machine, at most two: an import is rare and its worker's CPU is taken from the requests it
 * should not slow down. Started on the first import, ended after a minute idle.
 */
let pool: Piscina<CsvCheckTask | WriteUnitsTask, CsvCheckOutcome | WriteUnitsOutcome> | null = null;

const threads = () => Math.max(1, Math.min(2, os.availableParallelism() - 1));

const csvPool = () => {
  pool ??= new Piscina<CsvCheckTask | WriteUnitsTask, CsvCheckOutcome | WriteUnitsOutcome>({
    // The compiled worker beside this file (cms/dist/src/api/unit/lib/csv-worker.js).
    filename: path.join(__dirname, 'csv-worker.js'),
    minThreads: 0,
    maxThreads: threads(),
    idleTimeout: 60_000,
    workerData: { requestsInFlight: requestsInFlightBuffer },
  });
  return pool;
};

/** Parses and checks the uploaded file in a worker thread (see CsvCheckOutcome). */
export const checkCsvInWorker = (task: CsvCheckTask) => csvPool().run(task) as Promise<CsvCheckOutcome>;

/** Writes a checked import on SQLite in a worker thread (see writeUnits). */
export const writeUnitsInWorker = (task: WriteUnitsTask) => csvPool().run(task, { name: 'writeUnits' }) as Promise<WriteUnitsOutcome>;

/** Ends the pool's threads (Strapi's destroy); a later import starts a new pool. */
export const closeCsvPool = async () => {
  const closing = pool;
  pool = null;
  await closing?.destroy();
};
