import type { Core } from '@strapi/strapi';
import { COMPRESSION_CONFIG, compressionSetting } from '../src/server/compression';

type Env = Core.Config.Shared.ConfigParams['env'];

// Order matters: health answers before anything touches the database; database-unavailable sits
// inside strapi::errors (so its 503 gets the usual error envelope) and around everything that queries;
// the portal middleware sits after the security headers (its pages get them) and before the query
// parser, which it never needs: it answers only static assets and HTML navigations outside /api, /cms
// and /uploads. The path check comes first of all, the write guard before anything reads a body.

// Origins of the Vite dev server: trusted only under `strapi develop`, where the portal runs on it.
const DEV_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** Where stored images are served from when uploads go to S3 (nothing extra for local uploads). */
const storageOrigins = (env: Env): string[] => {
  const explicit = [env('S3_PUBLIC_URL', ''), env('S3_ENDPOINT', '')].map(originOf).filter((origin): origin is string => Boolean(origin));
  const bucket = env('S3_BUCKET', '');
  // AWS without a custom endpoint or public URL: the provider's virtual-hosted URLs.
  const aws =
    bucket && explicit.length === 0 ? [`https://${bucket}.s3.${env('S3_REGION', 'us-east-1')}.amazonaws.com`, `https://${bucket}.s3.amazonaws.com`] : [];
  return [...new Set([...explicit, ...aws, ...env.array('CSP_IMG_SOURCES', [])])];
};

/**
 * The routes that take a multipart body: the portal's unit images, property image and CSV import,
 * and the CMS panel's media library (the upload plugin's admin routes). Every other write is JSON.
 */
const MULTIPART_PATHS = ['/api/units/:id/images', '/api/projects/property-image', '/api/projects/:id/units/import', '/upload', '/upload/*'];

/** Other origins that may call the API (CORS) and send cookie-authenticated writes: none by default. */
const allowedOrigins = (env: Env): string[] => env.array('CORS_ORIGINS', env('NODE_ENV', 'development') === 'development' ? DEV_ORIGINS : []).filter(Boolean);

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Middlewares => {
  const images = storageOrigins(env);
  const origins = allowedOrigins(env);
  // COMPRESSION=false: nothing compressed here, for a deployment behind a proxy that compresses
  // (COMPRESSION=br or gzip: that encoding on the fly, to measure one against the other).
  const encoding = compressionSetting(env('COMPRESSION', ''));
  const compress = encoding !== null;
  return [
    // One line per request, written after the response has gone out (strapi::logger writes it before).
    'global::access-log',
    // API answers above 1 kB compressed on the fly (never 304s, event streams or compressed types;
    // src/server/compression.ts); the portal's and the CMS panel's built files are served precompressed
    // by global::portal and global::panel-assets.
    // global::compression picks the coding by Accept-Encoding's weights, which koa-compress misreads.
    // serialize-json makes a JSON body its text once, so koa-compress's size check does not serialize it again.
    ...(encoding
      ? [{ name: 'strapi::compression', config: COMPRESSION_CONFIG }, { name: 'global::compression', config: { encoding } }, 'global::serialize-json']
      : []),
    'strapi::errors',
    // A path written any other way than the one the router matches is refused here (404), before any
    // guard or header middleware reads it (issue #25, finding 1; src/server/canonical-path.ts).
    'global::canonical-path',
    // Strapi's headers (nosniff, HSTS, frame and referrer policies) on every response, with its helmet
    // built once (src/server/security.ts); this CSP is the CMS panel's (/cms), which needs more than
    // the portal; global::content-security-policy replaces it everywhere else.
    {
      name: 'strapi::security',
      config: {
        contentSecurityPolicy: {
          useDefaults: true,
          directives: {
            'connect-src': ["'self'", 'https:'],
            'img-src': ["'self'", 'data:', 'blob:', ...images],
            'media-src': ["'self'", 'data:', 'blob:', ...images],
            upgradeInsecureRequests: null,
          },
        },
      },
    },
    { name: 'global::content-security-policy', config: { imageSources: images } },
    { name: 'strapi::cors', config: { origin: origins, credentials: true } },
    { name: 'strapi::poweredBy', config: { poweredBy: 'property-portal' } },
    // Every write, on every path: from this origin (or a trusted front end) only, and JSON, or
    // multipart on the routes that take files (issue #25, finding 8). Before anything reads a body.
    { name: 'global::write-guard', config: { trustedOrigins: origins, multipartPaths: MULTIPART_PATHS } },
    'global::health',
    'global::database-unavailable',
    { name: 'global::portal', config: { precompressed: compress } },
    // The CMS panel's scripts, precompressed by its build too (src/middlewares/panel-assets.ts).
    { name: 'global::panel-assets', config: { precompressed: compress } },
    // Cache-Control: no-store on profiles and sign-in answers.
    'global::session-cookie',
    'strapi::query',
    // Removes multipart temp files after every request, refused ones included (strapi::body does not).
    'global::upload-cleanup',
    {
      name: 'strapi::body',
      config: {
        jsonLimit: '1mb',
        formLimit: '1mb',
        textLimit: '1mb',
        formidable: { maxFileSize: env.int('UPLOAD_MAX_BYTES', 10 * 1024 * 1024) },
      },
    },
    // No strapi::session: koa-session served only users-permissions' OAuth sign-in (/connect/*), which
    // the portal takes out (src/extensions/users-permissions); the portal's sessions are its own
    // (src/api/portal-auth/lib/sessions.ts) and the CMS panel's are Strapi's session manager. Listed, it set up a
    // session context on every request for nothing (7% of the CPU of a small list's 304, measured).
    'strapi::favicon',
    'strapi::public',
  ];
};

export default config;
