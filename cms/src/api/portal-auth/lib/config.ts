import type { Core } from '@strapi/strapi';

export interface SmsSettings {
  /** 'outbox' (the dev outbox, default) or 'twilio' (any gateway speaking Twilio's Messages API). */
  provider: string;
  apiBaseUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
}

export interface PortalAuthSettings {
  /** How long a session lasts after sign-in, whatever its activity. */
  sessionTtlHours: number;
  /** How long role abilities and the users-permissions settings are held in memory (api/portal-auth/lib/strategy.ts). */
  roleCacheSeconds: number;
  sms: SmsSettings;
}

const DEFAULTS: PortalAuthSettings = {
  sessionTtlHours: 12,
  roleCacheSeconds: 10,
  sms: { provider: 'outbox', apiBaseUrl: 'https://api.twilio.com', accountSid: '', authToken: '', from: '' },
};

/** config/portal-auth.ts, with defaults for anything unset. */
export const portalAuthSettings = (strapi: Core.Strapi): PortalAuthSettings => {
  const loaded = strapi.config.get<Partial<PortalAuthSettings>>('portal-auth', {});
  const hours = Number(loaded.sessionTtlHours);
  const roleCache = Number(loaded.roleCacheSeconds);
  return {
    sessionTtlHours: Number.isFinite(hours) && hours > 0 ? hours : DEFAULTS.sessionTtlHours,
    roleCacheSeconds: Number.isFinite(roleCache) && roleCache >= 0 ? roleCache : DEFAULTS.roleCacheSeconds,
    sms: { ...DEFAULTS.sms, ...loaded.sms },
  };
};
