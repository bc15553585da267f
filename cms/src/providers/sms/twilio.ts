import type { SmsProvider } from './types';

export interface TwilioOptions {
  /** https://api.twilio.com, or any gateway that speaks the same Messages API. */
  apiBaseUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
  timeoutMs?: number;
}

/**
 * An HTTP SMS gateway in Twilio's REST shape: POST {base}/2010-04-01/Accounts/{sid}/Messages.json,
 * form-encoded To, From and Body, HTTP basic auth with the account SID and auth token.
 */
export const createTwilioSms = (options: TwilioOptions): SmsProvider => {
  const missing = (['accountSid', 'authToken', 'from'] as const).filter((key) => !options[key]);
  if (missing.length > 0) {
    throw new Error(
      `SMS_PROVIDER=twilio needs ${missing.map((key) => ({ accountSid: 'SMS_ACCOUNT_SID', authToken: 'SMS_AUTH_TOKEN', from: 'SMS_FROM' })[key]).join(', ')}`,
    );
  }
  const url = `${options.apiBaseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    async send(to, body) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: new URLSearchParams({ To: to, From: options.from, Body: body }).toString(),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (!response.ok) {
        // Twilio explains a refusal in { code, message }; keep it for the log, never for the user.
        const detail = (await response.text()).slice(0, 300);
        throw new Error(`SMS gateway refused the message to ${to.slice(0, -4).replace(/\d/g, '*')}${to.slice(-4)}: ${response.status} ${detail}`);
      }
    },
  };
};
