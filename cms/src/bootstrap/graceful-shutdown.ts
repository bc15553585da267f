import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Core } from '@strapi/strapi';
import { liveHub } from '../api/live/lib/hub';

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

const draining = new WeakSet<Core.Strapi>();

/** True once a shutdown signal arrived: readiness answers 503 and new requests are turned away. */
export const isDraining = (strapi: Core.Strapi) => draining.has(strapi);

/**
 * Replaces Strapi's own signal handler, which destroys every open connection at once (in-flight
 * requests included), with a graceful one:
 *  1. the listening socket closes at once, so new connections are refused, and idle keep-alive
 *     connections are closed; requests that still arrive on a busy connection get 503;
 *  2. requests already being handled run to their end (their connection closes after the answer);
 *  3. then Strapi is destroyed (database pool closed) and the process exits 0, or 1 when requests
 *     were still running after `graceMs`.
 */
export const installGracefulShutdown = (strapi: Core.Strapi, graceMs: number) => {
  // Strapi registers `terminateStrapi` for SIGTERM and SIGINT in createStrapi(); only that one goes.
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (listener.name === 'terminateStrapi') process.removeListener(signal, listener);
    }
  }

  const server = strapi.server.httpServer;
  const inFlight = new Set<ServerResponse>();
  server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    inFlight.add(response);
    response.on('close', () => inFlight.delete(response));
    if (draining.has(strapi)) response.shouldKeepAlive = false;
  });

  const settled = () =>
    new Promise<boolean>((resolve) => {
      const deadline = Date.now() + graceMs;
      const check = () => {
        if (inFlight.size === 0) return resolve(true);
        if (Date.now() >= deadline) return resolve(false);
        setTimeout(check, 50);
      };
      check();
    });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    draining.add(strapi);
    strapi.log.info(`${signal} received: refusing new connections, finishing ${inFlight.size} request(s) in flight`);
    // Event streams never end on their own: they are closed first (clients reconnect elsewhere).
    liveHub(strapi).closeAll();
    for (const response of inFlight) response.shouldKeepAlive = false;
    if (server.listening) server.close();
    server.closeIdleConnections();
    const clean = await settled();
    if (!clean) strapi.log.warn(`${inFlight.size} request(s) still running after ${graceMs} ms; stopping anyway`);
    try {
      await strapi.destroy();
    } catch (error) {
      strapi.log.error(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
    process.exit(clean ? 0 : 1);
  };
  for (const signal of SIGNALS) process.on(signal, () => void shutdown(signal));
};
