import fs from 'node:fs/promises';
import path from 'node:path';
import { Piscina } from 'piscina';
import type { CheckpointResult, CheckpointTask } from './sqlite-checkpoint-worker';
import { sqliteFile, type SqliteReaderClient } from './sqlite-reader';

/**
 * SQLite's write-ahead log checkpointed off the event loop. In WAL mode (config/database.ts) a commit
 * appends its pages to the -wal file, and the checkpoint copies them into the database file. SQLite
 * runs it inside the commit that takes the log past `wal_autocheckpoint` pages, synchronously, on the
 * event loop: after a 10,000-row import, about 45 ms in which no other request is answered. So the
 * server's connection checkpoints only as a last resort (WAL_FALLBACK_PAGES), and this module does it
 * in a worker thread instead, on a connection of its own (sqlite-checkpoint-worker.ts): when the log
 * passes WAL_CHECKPOINT_BYTES (checked every CHECK_EVERY_MS) and right after a large write
 * (requestCheckpoint). A PASSIVE checkpoint waits for no reader or writer.
 */
export const WAL_CHECKPOINT_BYTES = 4 * 1024 * 1024;
/** wal_autocheckpoint of the server's connection: a log this large is checkpointed in its commit. */
export const WAL_FALLBACK_PAGES = 20_000;
const CHECK_EVERY_MS = 5_000;

interface Checkpointer {
  filename: string;
  pool: Piscina<CheckpointTask, CheckpointResult>;
  timer: NodeJS.Timeout;
  running: Promise<void> | null;
}

const checkpointers = new WeakMap<object, Checkpointer>();

interface CheckpointedClient extends SqliteReaderClient {
  driverName?: string;
}

const run = (checkpointer: Checkpointer) => {
  checkpointer.running ??= checkpointer.pool
    .run({ filename: checkpointer.filename })
    .then(() => undefined)
    // A checkpoint that fails (the file gone, say) is tried again at the next check; the server's own
    // connection checkpoints at WAL_FALLBACK_PAGES whatever happens here.
    .catch(() => undefined)
    .finally(() => {
      checkpointer.running = null;
    });
  return checkpointer.running;
};

const walBytes = async (filename: string) => {
  try {
    return (await fs.stat(`${filename}-wal`)).size;
  } catch {
    return 0;
  }
};

/** Starts the checks for a knex client on a SQLite file; a no-op for other drivers and in-memory databases. */
export const startWalCheckpoints = (client: CheckpointedClient) => {
  const filename = sqliteFile(client);
  if (client.driverName !== 'better-sqlite3' || !filename || checkpointers.has(client)) return;
  const pool = new Piscina<CheckpointTask, CheckpointResult>({
    filename: path.join(__dirname, 'sqlite-checkpoint-worker.js'),
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 30_000,
  });
  const check = () => void walBytes(filename).then((bytes) => (bytes > WAL_CHECKPOINT_BYTES ? run(checkpointer) : undefined));
  const checkpointer: Checkpointer = { filename, pool, timer: setInterval(check, CHECK_EVERY_MS).unref(), running: null };
  checkpointers.set(client, checkpointer);
};

/** A checkpoint now, in the worker (after a large write); resolves when it is done. */
export const requestCheckpoint = (client: CheckpointedClient): Promise<void> => {
  const checkpointer = checkpointers.get(client);
  return checkpointer ? run(checkpointer) : Promise.resolve();
};

/** Stops the checks and ends the worker thread (Strapi's destroy). */
export const stopWalCheckpoints = async (client: CheckpointedClient) => {
  const checkpointer = checkpointers.get(client);
  if (!checkpointer) return;
  checkpointers.delete(client);
  clearInterval(checkpointer.timer);
  await checkpointer.running;
  await checkpointer.pool.destroy();
};
