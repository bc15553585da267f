import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { isMainThread, workerData } from 'node:worker_threads';

/**
 * How many requests the server is answering, shared with the CSV import's worker threads so that
 * their work waits while the event loop has a request to answer (issue #26: an import does not stall
 * everyone else). Nice 19 and SCHED_IDLE (background-thread.ts) order the threads on a core; they do
 * not keep a busy worker from delaying the event loop on a 2-core machine, where each request found
 * the main thread waiting on the run queue for 0.8 to 1.2 ms on average during an import (0.25 ms
 * idle). With the worker waiting while a request is answered: 0.34 to 0.45 ms (bench, three runs
 * each, the main thread's schedstat).
 *
 * The count is one Int32 in a SharedArrayBuffer, changed with Atomics on the main thread and waited
 * on with Atomics.wait in a worker (which may block; the main thread never waits on it).
 */
const counter = new Int32Array(new SharedArrayBuffer(4));
const counted = new WeakSet<ServerResponse>();

/** The buffer a worker pool hands its threads as `workerData.requestsInFlight` (csv-pool.ts). */
export const requestsInFlightBuffer = counter.buffer as SharedArrayBuffer;

/** The requests counted now (for tests). */
export const requestsInFlight = () => Atomics.load(counter, 0);

/**
 * Stops counting `res`'s request: one that waits on a worker's own work (the import it started) or
 * stays open with nothing to do between writes (an event stream). Counting them would make the
 * worker wait for itself, or for as long as an agent keeps a screen open.
 */
export const releaseRequest = (res: ServerResponse) => {
  if (!counted.delete(res)) return;
  Atomics.sub(counter, 0, 1);
  Atomics.notify(counter, 0);
};

/** Counts each request of `server` from its arrival until its response is finished or abandoned. */
export const countRequests = (server: Server) => {
  server.prependListener('request', (_request: IncomingMessage, res: ServerResponse) => {
    counted.add(res);
    Atomics.add(counter, 0, 1);
    res.once('close', () => releaseRequest(res));
  });
};

const shared =
  !isMainThread && (workerData as { requestsInFlight?: unknown } | null)?.requestsInFlight instanceof SharedArrayBuffer
    ? new Int32Array((workerData as { requestsInFlight: SharedArrayBuffer }).requestsInFlight)
    : null;

/** The least a worker waits for, when it waits at all, however little it worked before. */
const LEAST_WAIT_MS = 1;
let workingSince = performance.now();

/**
 * In a worker thread given requestsInFlightBuffer: returns once the server answers no request, or
 * after waiting as long as this thread worked since its last call (LEAST_WAIT_MS at least), so that
 * under a steady stream of requests the work still gets about half a core. Called between small
 * steps of work (100 rows parsed or checked, one statement written). Elsewhere it returns at once.
 */
export const waitWhileServing = () => {
  if (!shared) return;
  const start = performance.now();
  const until = start + Math.max(LEAST_WAIT_MS, start - workingSince);
  for (let serving = Atomics.load(shared, 0); serving > 0; serving = Atomics.load(shared, 0)) {
    const left = until - performance.now();
    if (left <= 0) break;
    Atomics.wait(shared, 0, serving, left);
  }
  workingSince = performance.now();
};
