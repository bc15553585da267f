import type { Core } from '@strapi/strapi';

// The CMS panel lives at /cms because the portal owns /admin/... (spec §2).
// Strapi's own admin API stays under /admin/* and is reached by the panel's fetch calls.
const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Admin => ({
  url: '/cms',
  serveAdminPanel: env.bool('SERVE_ADMIN_PANEL', true),
  // The panel's pages (/cms) and its API (/admin) differ in path, so its cookies must cover both.
  auth: { secret: env('ADMIN_JWT_SECRET', ''), cookie: { path: '/' } },
  apiToken: { salt: env('API_TOKEN_SALT', '') },
  transfer: { token: { salt: env('TRANSFER_TOKEN_SALT', '') } },
  secrets: { encryptionKey: env('ENCRYPTION_KEY', '') },
  flags: { nps: false, promoteEE: false },
  autoOpen: false,
  watchIgnoreFiles: ['**/.tmp/**', '**/.outbox/**'],
});

export default config;
