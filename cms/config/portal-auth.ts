import type { Core } from '@strapi/strapi';

/**
 * The portal's own sign-in settings (read with strapi.config.get('portal-auth')); see
 * src/api/portal-auth/lib/config.ts for their meaning. The limits themselves are fixed in src/api/portal-auth/lib/limits.ts.
 */
const config = ({ env }: Core.Config.Shared.ConfigParams) => ({
  sessionTtlHours: env.int('SESSION_TTL_HOURS', 12),
  // How long another instance's edit of roles, permissions or users-permissions settings may take to
  // reach this one (this instance's own edits apply at once); 0 reads them on every request.
  roleCacheSeconds: env.int('ROLE_CACHE_SECONDS', 10),
  sms: {
    provider: env('SMS_PROVIDER', 'outbox'),
    apiBaseUrl: env('SMS_API_BASE_URL', 'https://api.twilio.com'),
    accountSid: env('SMS_ACCOUNT_SID', ''),
    authToken: env('SMS_AUTH_TOKEN', ''),
    from: env('SMS_FROM', ''),
  },
});

export default config;
