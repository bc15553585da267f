import type { Core } from '@strapi/strapi';
import { Client, type ClientConfig } from 'pg';
import { isPostgres } from './sql-dialect';

/**
 * PostgreSQL's own publish/subscribe (LISTEN/NOTIFY) between server instances on one database: no
 * new infrastructure. A notification is sent on the pool (`pg_notify`, after the writer's commit);
 * each instance listens on one dedicated connection of its own, outside knex's pool (a pooled
 * connection goes back to the pool and would lose its LISTEN). On SQLite, one process, there is
 * nothing to listen to: the caller fans out in process.
 */

/** NOTIFY's payload limit is 8,000 bytes; callers keep well under it (ids only, chunked). */
export const NOTIFY_PAYLOAD_MAX = 7_900;

export const notifyChannel = async (strapi: Core.Strapi, channel: string, payload: string) => {
  await strapi.db.connection.raw('select pg_notify(?, ?)', [channel, payload]);
};

export interface ChannelListener {
  close: () => Promise<void>;
}

/** The connection settings knex was given, for a client of its own. */
const clientConfig = (strapi: Core.Strapi): ClientConfig => {
  const settings = (strapi.db.config.connection as { connection?: unknown }).connection;
  if (typeof settings === 'string') return { connectionString: settings };
  return { ...(settings as ClientConfig) };
};

/**
 * Listens on a channel on a dedicated connection. When the connection is lost it reconnects (after
 * 0.5 s, then up to 5 s between tries) and calls `onReconnect`: notifications sent meanwhile are
 * lost, so the caller tells its clients to revalidate.
 */
export const listenChannel = async (
  strapi: Core.Strapi,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect: () => void,
): Promise<ChannelListener | null> => {
  if (!isPostgres(strapi)) return null;
  let client: Client | null = null;
  let closed = false;
  let delay = 500;
  const connect = async (): Promise<void> => {
    const next = new Client(clientConfig(strapi));
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (closed || client !== next) return;
      client = null;
      setTimeout(() => void reconnect(), delay).unref();
    });
    await next.connect();
    await next.query(`LISTEN ${next.escapeIdentifier(channel)}`);
    client = next;
  };
  const reconnect = async () => {
    if (closed) return;
    try {
      await connect();
      delay = 500;
      onReconnect();
    } catch {
      delay = Math.min(delay * 2, 5_000);
      setTimeout(() => void reconnect(), delay).unref();
    }
  };
  await connect();
  return {
    close: async () => {
      closed = true;
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
};
