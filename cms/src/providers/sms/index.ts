import type { SmsSettings } from '../../api/portal-auth/lib/config';
import { createOutboxSms } from './outbox';
import { createTwilioSms } from './twilio';
import type { SmsProvider } from './types';

export type { SmsProvider } from './types';

/** The provider SMS_PROVIDER names; a misconfiguration throws, so bootstrap can fail loudly at start. */
export const createSmsProvider = (settings: SmsSettings, log?: (line: string) => void): SmsProvider => {
  switch (settings.provider) {
    case 'outbox':
      return createOutboxSms({ log });
    case 'twilio':
      return createTwilioSms(settings);
    default:
      throw new Error(`Unknown SMS_PROVIDER '${settings.provider}': use 'outbox' (development) or 'twilio'`);
  }
};
