import type { Core } from '@strapi/strapi';
import { announceWhenListening } from './bootstrap/announce';
import { installGracefulShutdown } from './bootstrap/graceful-shutdown';
import { syncRolesAndPermissions } from './bootstrap/permissions';
import { isDatabaseEmpty, seedDemo } from './bootstrap/seed';
import { revokeSessionsOnUserChanges } from './bootstrap/session-revocation';
import { portalAuthSettings } from './api/portal-auth/lib/config';
import { createEmailOutbox } from './providers/outbox';
import { createSmsProvider } from './providers/sms';
import { streamlineServerRouter } from './server/router';
import { buildBodyParserOnce } from './server/body';
import { answerCorsOnlyCrossOrigin } from './server/cors';
import { servePublicOutsideApi } from './server/public';
import { buildSecurityHeadersOnce } from './server/security';
import { widenMoneyColumns } from './db/money-columns';
import { closeSqliteReader, readSelectsCommitted, type ReadingClient, type SqliteReaderClient } from './db/sqlite-reader';

/** How long a SIGTERM waits for the requests in flight (SHUTDOWN_GRACE_MS, default 10 s). */
const shutdownGraceMs = () => {
  const value = process.env.SHUTDOWN_GRACE_MS ? Number(process.env.SHUTDOWN_GRACE_MS) : Number.NaN;
  return Number.isFinite(value) && value >= 0 ? value : 10_000;
};

const useEmailOutbox = (strapi: Core.Strapi) => {
  if (process.env.SMTP_HOST) return;
  const settings = strapi.config.get('plugin::email.settings', {}) as { defaultFrom?: string; defaultReplyTo?: string };
  strapi.plugin('email').provider = createEmailOutbox(settings, { log: (line) => strapi.log.info(line) });
};

export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    buildSecurityHeadersOnce(strapi);
    buildBodyParserOnce(strapi);
    streamlineServerRouter(strapi);
    servePublicOutsideApi(strapi);
    answerCorsOnlyCrossOrigin(strapi);
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    // SQLite: reads outside a transaction stop waiting for an open write (db/sqlite-reader.ts).
    readSelectsCommitted(strapi.db.connection.client as ReadingClient);
    useEmailOutbox(strapi);
    // Before any write: prices up to the portal's maximum must fit their columns on PostgreSQL.
    await widenMoneyColumns(strapi);
    // A misconfigured SMS gateway fails the start, not the first user's sign-in.
    createSmsProvider(portalAuthSettings(strapi).sms);
    revokeSessionsOnUserChanges(strapi);
    await syncRolesAndPermissions(strapi);
    if (process.env.SEED_DEMO !== 'false' && (await isDatabaseEmpty(strapi))) {
      const report = await seedDemo(strapi);
      strapi.log.info(
        `Demo data seeded: ${report.projects} projects, ${report.units} units, ${report.users} portal users, ${report.cmsUsers} CMS user(s)`,
      );
    }
    if (process.env.NODE_ENV !== 'test') announceWhenListening(strapi);
    // SIGTERM/SIGINT: stop accepting, finish the requests in flight, then close the pool and exit.
    installGracefulShutdown(strapi, shutdownGraceMs());
  },

  destroy({ strapi }: { strapi: Core.Strapi }) {
    const client = strapi.db?.connection?.client as SqliteReaderClient | undefined;
    if (client) closeSqliteReader(client);
  },
};
