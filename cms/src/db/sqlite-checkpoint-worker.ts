import { createRequire } from 'node:module';
import { yieldToRequests } from '../server/background-thread';

/**
 * Runs in a worker thread of the checkpoint pool (sqlite-checkpoint.ts): copies the pages of the
 * SQLite write-ahead log back into the database file (a PASSIVE checkpoint, which waits for no reader
 * or writer), on a connection of its own, off the server's event loop.
 */
export interface CheckpointTask {
  filename: string;
}

/** PRAGMA wal_checkpoint's row: busy 1 when it could not finish, the log's frames and those copied. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

interface CheckpointingDatabase {
  pragma(source: string): unknown;
}

type DatabaseConstructor = new (filename: string, options: { fileMustExist: boolean; timeout: number }) => CheckpointingDatabase;

// Copying the log is no request's business: it waits for the CPU until the requests leave it free.
yieldToRequests();

/** One connection per database file, kept for the thread's life. */
const connections = new Map<string, CheckpointingDatabase>();

export default function checkpoint({ filename }: CheckpointTask): CheckpointResult {
  let database = connections.get(filename);
  if (!database) {
    const Database = createRequire(__filename)('better-sqlite3') as DatabaseConstructor;
    database = new Database(filename, { fileMustExist: true, timeout: 0 });
    connections.set(filename, database);
  }
  const [result] = database.pragma('wal_checkpoint(PASSIVE)') as CheckpointResult[];
  return result;
}
