import { formats } from '@strapi/logger';
import type { Core } from '@strapi/strapi';

/**
 * Strapi's own log format, colored only on a terminal: its default colors every line, so a log
 * piped to a file or a collector (npm start > file, a container's stdout) carried escape codes.
 * NO_COLOR turns colors off on a terminal too.
 */
export const logFormat = (stream: { isTTY?: boolean } = process.stdout, noColor: string | undefined = process.env.NO_COLOR) =>
  formats.prettyPrint({ colors: Boolean(stream.isTTY) && !noColor });

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Server => ({
  host: env('HOST', '0.0.0.0'),
  port: env.int('PORT', 1337),
  url: env('PUBLIC_URL', ''),
  proxy: { koa: env.bool('TRUST_PROXY', false), maxIpsCount: 1 },
  app: { keys: env.array('APP_KEYS', []) },
  // Static files and local uploads (public/uploads); the API tests give each server a folder of its own.
  dirs: { public: env('PUBLIC_DIR', './public') },
  logger: { updates: { enabled: false }, startup: { enabled: false }, config: { format: logFormat() } },
  transfer: { remote: { enabled: false } },
});

export default config;
