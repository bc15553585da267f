import type { Core } from '@strapi/strapi';
import { announceWhenListening } from './bootstrap/announce';
import { syncRolesAndPermissions } from './bootstrap/permissions';
import { isDatabaseEmpty, seedDemo } from './bootstrap/seed';
import { revokeSessionsOnUserChanges } from './bootstrap/session-revocation';
import { portalAuthSettings } from './auth/config';
import { createEmailOutbox } from './providers/outbox';
import { createSmsProvider } from './providers/sms';

const useEmailOutbox = (strapi: Core.Strapi) => {
  if (process.env.SMTP_HOST) return;
  const settings = strapi.config.get('plugin::email.settings', {}) as { defaultFrom?: string; defaultReplyTo?: string };
  strapi.plugin('email').provider = createEmailOutbox(settings, { log: (line) => strapi.log.info(line) });
};

export default {
  register() {},

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    useEmailOutbox(strapi);
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
  },
};
