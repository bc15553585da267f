import type { Core } from '@strapi/strapi';

/** How long the readiness probe waits for the database before calling it unreachable. */
const PROBE_TIMEOUT_MS = 2000;
/** A probe result is reused this long, so a burst of failing requests costs one probe, not one each. */
const PROBE_CACHE_MS = 1000;

// Errors a driver raises when the database cannot be reached (not when a query is wrong): socket
// errors, PostgreSQL's connection and shutdown classes (08xxx, 57P0x), SQLite's I/O and open errors.
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
  'SQLITE_NOTADB',
  'SQLITE_CORRUPT',
]);
const CONNECTION_MESSAGES = [
  /Connection terminated/i,
  /Timeout acquiring a connection/i,
  /Client has encountered a connection error/i,
  /Connection ended unexpectedly/i,
];

/** Whether an error (or one of its causes) says the database is unreachable. */
export const isConnectionError = (error: unknown): boolean => {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    const { code, name, message } = current as { code?: unknown; name?: unknown; message?: unknown };
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
    if (name === 'KnexTimeoutError') return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
};

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Database probe timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });

const probes = new WeakMap<Core.Strapi, { at: number; result: Promise<boolean> }>();

/**
 * Whether the database answers a trivial query (SELECT 1) within PROBE_TIMEOUT_MS. On SQLite this
 * checks that the file is open and readable; on PostgreSQL that a pooled connection works.
 * `fresh` skips the short cache (the readiness endpoint always asks afresh).
 */
export const databaseReachable = (strapi: Core.Strapi, { fresh = false } = {}): Promise<boolean> => {
  const cached = probes.get(strapi);
  if (!fresh && cached && Date.now() - cached.at < PROBE_CACHE_MS) return cached.result;
  const knex = strapi.db.connection;
  const result = withTimeout(knex.raw('select 1'), PROBE_TIMEOUT_MS).then(
    () => true,
    (error: unknown) => {
      strapi.log.warn(`Database unreachable: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    },
  );
  probes.set(strapi, { at: Date.now(), result });
  return result;
};

/**
 * PostgreSQL's refusals of a value itself: a NUL character in text (22021, and 22P05 inside JSON) and
 * a number beyond its column (22003). SQLite stores all of these. They come from the request's input,
 * so they are the client's mistake, not the server's.
 */
const UNSTORABLE_VALUE_CODES = new Set(['22021', '22P05', '22003']);

export const isUnstorableValueError = (error: unknown): boolean => {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && UNSTORABLE_VALUE_CODES.has(code)) return true;
  }
  return false;
};
