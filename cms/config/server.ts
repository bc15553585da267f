import type { Core } from '@strapi/strapi';

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Server => ({
  host: env('HOST', '0.0.0.0'),
  port: env.int('PORT', 1337),
  url: env('PUBLIC_URL', ''),
  proxy: { koa: env.bool('TRUST_PROXY', false), maxIpsCount: 1 },
  app: { keys: env.array('APP_KEYS', []) },
  // Static files and local uploads (public/uploads); the API tests give each server a folder of its own.
  dirs: { public: env('PUBLIC_DIR', './public') },
  logger: { updates: { enabled: false }, startup: { enabled: false } },
  transfer: { remote: { enabled: false } },
});

export default config;
