import fs from 'node:fs';
import path from 'node:path';

/**
 * The dev outbox: messages that would leave the machine (e-mail now, SMS with the sign-in work) are
 * written to the server log and appended, one JSON object per line, to a file under OUTBOX_DIR
 * (default cms/.tmp/outbox). It refuses to run in production unless DEV_OUTBOX_ALLOWED=true, so a
 * misconfigured production server fails loudly instead of swallowing mail.
 */
export type OutboxChannel = 'email' | 'sms';

export interface OutboxOptions {
  dir?: string;
  log?: (message: string) => void;
}

export const outboxDir = (dir?: string) => path.resolve(dir ?? process.env.OUTBOX_DIR ?? path.join(process.cwd(), '.tmp', 'outbox'));

export const outboxFile = (channel: OutboxChannel, dir?: string) => path.join(outboxDir(dir), `${channel}.jsonl`);

export const assertOutboxAllowed = (channel: OutboxChannel) => {
  if (process.env.NODE_ENV === 'production' && process.env.DEV_OUTBOX_ALLOWED !== 'true') {
    throw new Error(
      `The dev ${channel} outbox is disabled in production: configure a real ${channel === 'email' ? 'SMTP relay (SMTP_HOST)' : 'SMS gateway (SMS_PROVIDER)'} or set DEV_OUTBOX_ALLOWED=true`,
    );
  }
};

export const writeToOutbox = (channel: OutboxChannel, message: Record<string, unknown>, options: OutboxOptions = {}) => {
  assertOutboxAllowed(channel);
  const file = outboxFile(channel, options.dir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const entry = { sentAt: new Date().toISOString(), ...message };
  fs.appendFileSync(file, `${JSON.stringify(entry)}\n`);
  options.log?.(`[outbox:${channel}] ${JSON.stringify(entry)}`);
  return entry;
};

export interface EmailMessage {
  to?: string;
  bcc?: string | string[];
  from?: string;
  replyTo?: string;
  subject: string;
  text?: string;
  html?: string;
  [key: string]: unknown;
}

interface EmailSettings {
  defaultFrom?: string;
  defaultReplyTo?: string;
}

/** Same shape as a Strapi e-mail provider, so the e-mail plugin's send() works unchanged. */
export const createEmailOutbox = (settings: EmailSettings, options: OutboxOptions = {}) => ({
  async send(message: EmailMessage) {
    const { to, bcc, subject, text, html } = message;
    writeToOutbox(
      'email',
      // Bcc is kept only when present: a summary e-mail goes to its recipients that way.
      { to, ...(bcc ? { bcc } : {}), from: message.from ?? settings.defaultFrom, replyTo: message.replyTo ?? settings.defaultReplyTo, subject, text, html },
      options,
    );
  },
});
