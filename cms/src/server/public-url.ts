import type { Core } from '@strapi/strapi';

/**
 * The portal's public address, the base of every absolute link the server writes (reset e-mails,
 * notification e-mails): PUBLIC_URL, else Strapi's `server.url`, else the address `npm start`
 * prints (its own host and port). Never the request's Host header, which a caller chooses.
 * No trailing slash: callers append '/path'.
 */
export const publicUrl = (strapi: Core.Strapi): string => {
  const configured = process.env.PUBLIC_URL?.trim() || strapi.config.get<string>('server.url', '');
  if (configured) return configured.replace(/\/+$/, '');
  const host = strapi.config.get<string>('server.host', '0.0.0.0');
  const port = strapi.config.get<number>('server.port', 1337);
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${shownHost}:${port}`;
};
