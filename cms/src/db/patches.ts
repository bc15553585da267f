import type { Core } from '@strapi/strapi';
import { closeSqliteReader, readSelectsCommitted, type ReadingClient, type SqliteReaderClient } from './sqlite-reader';
import { requestCheckpoint, startWalCheckpoints, stopWalCheckpoints } from './sqlite-checkpoint';

/**
 * Every patch of knex's and the drivers' internals, installed from here and nowhere else; each is
 * listed in cms/PATCHES.md with the internal it relies on, its guard test and its measured gain.
 * (The prepared-statement cache of SQLite is installed by config/database.ts, where knex's pool
 * creates connections: cacheStatements in sqlite-statements.ts.)
 */
export const installDatabasePatches = (strapi: Core.Strapi) => {
  // SQLite: reads outside a transaction stop waiting for an open write (sqlite-reader.ts).
  readSelectsCommitted(strapi.db.connection.client as ReadingClient);
  // SQLite in WAL mode: the log copied back into the file by a worker thread (sqlite-checkpoint.ts).
  startWalCheckpoints(strapi.db.connection.client as ReadingClient);
};

/** Undoes what installDatabasePatches holds open (the SQLite reader's connection, the checkpoint thread). */
export const removeDatabasePatches = async (strapi: Core.Strapi) => {
  const client = strapi.db?.connection?.client as SqliteReaderClient | undefined;
  if (!client) return;
  closeSqliteReader(client);
  await stopWalCheckpoints(client);
};

/** After a large write (a CSV import): SQLite's write-ahead log checkpointed now, off the event loop. */
export const checkpointAfterLargeWrite = (strapi: Core.Strapi) => requestCheckpoint(strapi.db.connection.client as SqliteReaderClient);
