import type { Core } from '@strapi/strapi';
import { publicUrl } from '../server/public-url';
import { DEMO_CMS_USER, DEMO_PASSWORDS, DEMO_USERS } from './demo-data';

const DEMO_ACCOUNTS = [
  ...DEMO_USERS.map((user) => ({
    label: user.role === 'admin' ? 'Admin' : `Agent (${user.agentType})`,
    email: user.email,
    password: user.role === 'admin' ? DEMO_PASSWORDS.admin : DEMO_PASSWORDS.agent,
    where: user.role === 'admin' ? '/admin/login' : '/agent/login',
  })),
  { label: 'CMS panel', email: DEMO_CMS_USER.email, password: DEMO_PASSWORDS.cms, where: '/cms' },
];

/** Once the server listens: where the portal is, and the demo accounts if the demo is loaded. */
export const announceWhenListening = (strapi: Core.Strapi) => {
  strapi.server.httpServer.once('listening', async () => {
    const url = publicUrl(strapi);
    const lines = [`Property portal ready at ${url}  (API ${url}/api, CMS panel ${url}/cms)`];
    const demo = await strapi.db.query('plugin::users-permissions.user').findOne({ where: { email: DEMO_USERS[0].email } });
    if (demo) {
      lines.push('Demo accounts (two-factor off):');
      for (const account of DEMO_ACCOUNTS)
        lines.push(`  ${account.label.padEnd(14)} ${account.email.padEnd(24)} ${account.password.padEnd(18)} ${url}${account.where}`);
    }
    console.info(`\n${lines.join('\n')}\n`);
  });
};
