import fs from 'node:fs';
import path from 'node:path';

export interface SmsEntry {
  sentAt: string;
  to: string;
  body: string;
  code?: string;
}

export interface EmailEntry {
  sentAt: string;
  to: string;
  subject: string;
  text?: string;
  html?: string;
}

/** The lines a server's dev outbox holds for a channel, oldest first. */
export const readOutbox = <T>(outboxDir: string, channel: 'sms' | 'email'): T[] => {
  const file = path.join(outboxDir, `${channel}.jsonl`);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T);
};

/** The 6-digit code of the last SMS sent to a phone, read from the message text as a person would. */
export const lastSmsCode = (outboxDir: string, to: string): string => {
  const messages = readOutbox<SmsEntry>(outboxDir, 'sms').filter((entry) => entry.to === to);
  const code = /\b(\d{6})\b/.exec(messages.at(-1)?.body ?? '')?.[1];
  if (!code) throw new Error(`No SMS code was sent to ${to}`);
  return code;
};

export const smsCount = (outboxDir: string, to?: string) => readOutbox<SmsEntry>(outboxDir, 'sms').filter((entry) => !to || entry.to === to).length;
