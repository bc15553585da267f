import type { Core } from '@strapi/strapi';
import { announceWhenListening } from './bootstrap/announce';
import { syncRolesAndPermissions } from './bootstrap/permissions';
import { isDatabaseEmpty, seedDemo } from './bootstrap/seed';
import { createEmailOutbox } from './providers/outbox';

const useEmailOutbox = (strapi: Core.Strapi) => {
  if (process.env.SMTP_HOST) return;
  const settings = strapi.config.get('plugin::email.settings', {}) as { defaultFrom?: string; defaultReplyTo?: string };
  strapi.plugin('email').provider = createEmailOutbox(settings, { log: (line) => strapi.log.info(line) });
};

export default {
  register() {},

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    useEmailOutbox(strapi);
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
