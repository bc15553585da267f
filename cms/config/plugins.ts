import type { Core } from '@strapi/strapi';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { isStoredImageKey } from '../src/api/unit-image/lib/image-keys';
import { IMMUTABLE } from '../src/server/static-files';

type Env = Core.Config.Shared.ConfigParams['env'];

/**
 * The local files under /uploads (koa-send's setHeaders, before it sets its own max-age=0): the
 * portal's images and their variants are kept a year by browsers without asking again, as their S3
 * objects are stored (unit-image/lib/images.ts), since a stored key never holds other bytes. The
 * Media Library's files keep Strapi's revalidation: its 'Replace' rewrites a file under its name.
 */
const keepStoredImages = (response: ServerResponse, filePath: string) => {
  const where = filePath.split(path.sep).join('/');
  const uploads = where.lastIndexOf('/uploads/');
  if (uploads < 0) return;
  if (isStoredImageKey(where.slice(uploads + '/uploads/'.length))) response.setHeader('Cache-Control', IMMUTABLE);
};

/** S3 (AWS, MinIO or any S3-compatible server) as soon as S3_BUCKET is set; local files otherwise. */
const uploadConfig = (env: Env) => {
  const limits = { sizeLimit: env.int('UPLOAD_MAX_BYTES', 10 * 1024 * 1024) };
  const bucket = env('S3_BUCKET', '');
  if (!bucket) return { ...limits, providerOptions: { localServer: { setHeaders: keepStoredImages } } };
  const endpoint = env('S3_ENDPOINT', '');
  return {
    ...limits,
    provider: 'aws-s3',
    providerOptions: {
      baseUrl: env('S3_PUBLIC_URL', endpoint ? `${endpoint.replace(/\/$/, '')}/${bucket}` : undefined),
      rootPath: env('S3_ROOT_PATH', ''),
      s3Options: {
        ...(endpoint ? { endpoint } : {}),
        forcePathStyle: env.bool('S3_FORCE_PATH_STYLE', Boolean(endpoint)),
        region: env('S3_REGION', 'us-east-1'),
        credentials: {
          accessKeyId: env('S3_ACCESS_KEY_ID', ''),
          secretAccessKey: env('S3_SECRET_ACCESS_KEY', ''),
        },
        params: { Bucket: bucket, ACL: env('S3_ACL', 'public-read') },
      },
    },
  };
};

/**
 * SMTP through nodemailer when SMTP_HOST is set. Without it the provider is a JSON transport that
 * sends nothing; bootstrap swaps in the dev outbox (see src/providers/outbox.ts).
 */
const emailConfig = (env: Env) => {
  const host = env('SMTP_HOST', '');
  const user = env('SMTP_USER', '');
  return {
    provider: 'nodemailer',
    providerOptions: host
      ? {
          host,
          port: env.int('SMTP_PORT', 587),
          secure: env.bool('SMTP_SECURE', false),
          ignoreTLS: env.bool('SMTP_IGNORE_TLS', false),
          ...(user ? { auth: { user, pass: env('SMTP_PASSWORD', '') } } : {}),
        }
      : { jsonTransport: true },
    settings: {
      defaultFrom: env('EMAIL_FROM', 'Property Portal <no-reply@property-portal.local>'),
      defaultReplyTo: env('EMAIL_REPLY_TO', 'no-reply@property-portal.local'),
    },
  };
};

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Plugin => ({
  'users-permissions': {
    config: {
      // No JWT is issued any more (src/extensions/users-permissions): the secret keys the HMACs of
      // session tokens and one-time codes, and sessions last SESSION_TTL_HOURS (config/portal-auth.ts).
      jwtSecret: env('JWT_SECRET'),
      register: { allowedFields: [] },
      // Guards only the stock auth routes, which are removed; the portal's limits are in src/api/portal-auth/lib/limits.ts.
      ratelimit: { enabled: env.bool('AUTH_RATELIMIT_ENABLED', true) },
    },
  },
  upload: { config: uploadConfig(env) },
  email: { config: emailConfig(env) },
});

export default config;
