import type { Core } from '@strapi/strapi';
import { Client, type ClientConfig } from 'pg';
import { isPostgres } from './sql-dialect';

/** The connection settings knex was given, for a client of its own (as notify.ts's listener). */
const clientConfig = (strapi: Core.Strapi): ClientConfig => {
  const settings = (strapi.db.config.connection as { connection?: unknown }).connection;
  if (typeof settings === 'string') return { connectionString: settings };
  return { ...(settings as ClientConfig) };
};

/**
 * Runs `work` while holding a PostgreSQL transaction-level advisory lock named `name`: two server
 * instances (or two calls) doing the same work on one database run it one after the other. The lock
 * is taken in a transaction on a dedicated connection outside knex's pool, so `work` keeps the whole
 * pool (its own transactions included, none of which inherit this one), and a process that dies
 * while holding it releases it with its connection. On SQLite, one process, `work` just runs.
 */
export const withAdvisoryLock = async <T>(strapi: Core.Strapi, name: string, work: () => Promise<T>): Promise<T> => {
  if (!isPostgres(strapi)) return work();
  const client = new Client(clientConfig(strapi));
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [name]);
    try {
      return await work();
    } finally {
      // Commit or not, ending the transaction releases the lock.
      await client.query('commit').catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
};
