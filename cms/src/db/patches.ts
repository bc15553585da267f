import type { Core } from '@strapi/strapi';
import { closeSqliteReader, readSelectsCommitted, type ReadingClient, type SqliteReaderClient } from './sqlite-reader';

/**
 * Every patch of knex's and the drivers' internals, installed from here and nowhere else; each is
 * listed in cms/PATCHES.md with the internal it relies on, its guard test and its measured gain.
 * (The prepared-statement cache of SQLite is installed by config/database.ts, where knex's pool
 * creates connections: cacheStatements in sqlite-statements.ts.)
 */
export const installDatabasePatches = (strapi: Core.Strapi) => {
  // SQLite: reads outside a transaction stop waiting for an open write (sqlite-reader.ts).
  readSelectsCommitted(strapi.db.connection.client as ReadingClient);
};

/** Undoes what installDatabasePatches holds open (the SQLite reader's connection). */
export const removeDatabasePatches = (strapi: Core.Strapi) => {
  const client = strapi.db?.connection?.client as SqliteReaderClient | undefined;
  if (client) closeSqliteReader(client);
};
