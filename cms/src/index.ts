import type { Core } from '@strapi/strapi';
import { announceWhenListening } from './bootstrap/announce';
import { installGracefulShutdown } from './bootstrap/graceful-shutdown';
import { syncRolesAndPermissions } from './bootstrap/permissions';
import { syncContentStaffRole } from './bootstrap/content-staff';
import { secureDefaultAdminRoles } from './bootstrap/default-admin-roles';
import { registerPanelDoor } from './bootstrap/panel-door';
import { applyPanelLayouts } from './bootstrap/panel-layout';
import { migrateEmptyProjectAccess } from './bootstrap/project-access-default';
import { demoteDemoCmsUser, isDatabaseEmpty, seedDemoIfEmpty } from './bootstrap/seed';
import { revokeSessionsOnUserChanges } from './bootstrap/session-revocation';
import { portalAuthSettings } from './api/portal-auth/lib/config';
import { createEmailOutbox } from './providers/outbox';
import { createSmsProvider } from './providers/sms';
import { installDatabasePatches, removeDatabasePatches, widenMoneyColumns } from './db';
import { installServerPatches } from './server/patches';
import { countRequests } from './server/requests-in-flight';
import { closeCsvPool } from './api/unit/lib/csv-pool';
import { startLiveHub, stopLiveHub } from './api/live/lib/hub';
import { announceLiveChanges } from './api/live/lib/lifecycles';

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
    installServerPatches(strapi);
    // The unit's project chosen by name in the CMS panel (src/admin/app.tsx); stored as the integer projectId.
    strapi.customFields.register({ name: 'project-picker', type: 'integer' });
    // A unit image's url shown as a read-only thumbnail in the panel; stored as the same url string.
    strapi.customFields.register({ name: 'image-thumbnail', type: 'string' });
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    installDatabasePatches(strapi);
    useEmailOutbox(strapi);
    // Before any write: prices up to the portal's maximum must fit their columns on PostgreSQL.
    await widenMoneyColumns(strapi);
    // A misconfigured SMS gateway fails the start, not the first user's sign-in.
    createSmsProvider(portalAuthSettings(strapi).sms);
    revokeSessionsOnUserChanges(strapi);
    announceLiveChanges(strapi);
    await syncRolesAndPermissions(strapi);
    await demoteDemoCmsUser(strapi, await syncContentStaffRole(strapi));
    // Strapi's Editor and Author roles reach every content type: removed, or held to content staff's list.
    await secureDefaultAdminRoles(strapi);
    // Writes made in the CMS panel go through the portal's services (validation, history, revision).
    registerPanelDoor(strapi);
    await applyPanelLayouts(strapi);
    await migrateEmptyProjectAccess(strapi);
    // Of instances starting together on an empty database, one seeds (an advisory lock on PostgreSQL).
    const report = process.env.SEED_DEMO !== 'false' && (await isDatabaseEmpty(strapi)) ? await seedDemoIfEmpty(strapi) : null;
    if (report) {
      strapi.log.info(`Demo data seeded: ${report.projects} projects, ${report.units} units, ${report.users} portal users, ${report.cmsUsers} CMS user(s)`);
    }
    // Live availability (issue #27): the streams' fan-out (LISTEN on PostgreSQL) and heartbeats,
    // started once the data is there (the seed's units are the first "before" states).
    await startLiveHub(strapi);
    // The CSV import's worker waits while the server answers a request (server/requests-in-flight.ts).
    countRequests(strapi.server.httpServer);
    if (process.env.NODE_ENV !== 'test') announceWhenListening(strapi);
    // SIGTERM/SIGINT: stop accepting, finish the requests in flight, then close the pool and exit.
    installGracefulShutdown(strapi, shutdownGraceMs());
  },

  async destroy({ strapi }: { strapi: Core.Strapi }) {
    await removeDatabasePatches(strapi);
    // The CSV import's worker threads (src/api/unit/lib/csv-pool.ts).
    await closeCsvPool();
    await stopLiveHub(strapi);
    removeDatabasePatches(strapi);
  },
};
