import type { Core } from '@strapi/strapi';

// The portal middleware sits after security (so its pages get the same headers) and before the query
// parser, which it never needs: it answers only static assets and HTML navigations outside /api, /cms
// and /uploads.
// Origins other than the server's own that may call the API with the session cookie (the Vite dev server).
const DEV_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Middlewares => [
  'strapi::logger',
  'strapi::errors',
  {
    name: 'strapi::security',
    config: {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'connect-src': ["'self'", 'https:'],
          'img-src': ["'self'", 'data:', 'blob:', ...env.array('CSP_IMG_SOURCES', [])],
          'media-src': ["'self'", 'data:', 'blob:', ...env.array('CSP_IMG_SOURCES', [])],
          upgradeInsecureRequests: null,
        },
      },
    },
  },
  {
    name: 'strapi::cors',
    config: {
      origin: env.array('CORS_ORIGINS', DEV_ORIGINS),
      credentials: true,
    },
  },
  { name: 'strapi::poweredBy', config: { poweredBy: 'property-portal' } },
  'global::portal',
  // Turns the session cookie into the bearer token the auth strategy reads, and refuses cross-site writes.
  { name: 'global::session-cookie', config: { trustedOrigins: env.array('CORS_ORIGINS', DEV_ORIGINS) } },
  'strapi::query',
  {
    name: 'strapi::body',
    config: {
      jsonLimit: '1mb',
      formLimit: '1mb',
      textLimit: '1mb',
      formidable: { maxFileSize: env.int('UPLOAD_MAX_BYTES', 10 * 1024 * 1024) },
    },
  },
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];

export default config;
