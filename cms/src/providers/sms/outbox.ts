import { writeToOutbox, type OutboxOptions } from '../outbox';
import type { SmsProvider } from './types';

const CODE_PATTERN = /\b(\d{6})\b/;

/**
 * The dev SMS outbox: appends { to, body, code } to OUTBOX_DIR/sms.jsonl. The code is also pulled out
 * on its own line so end-to-end tests and developers can read it without parsing the text.
 * Refused under NODE_ENV=production unless DEV_OUTBOX_ALLOWED=true (see ../outbox.ts).
 */
export const createOutboxSms = (options: OutboxOptions = {}): SmsProvider => ({
  async send(to, body) {
    const code = CODE_PATTERN.exec(body)?.[1];
    writeToOutbox('sms', { to, body, ...(code ? { code } : {}) }, options);
  },
});
