import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  /** Envelope recipients (To and Bcc alike). */
  to: string[];
  subject: string;
  /** The whole message with quoted-printable undone: headers, the text part and the HTML part. */
  raw: string;
}

const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Subject header, unfolded (long headers continue on lines starting with white space). */
const subjectOf = (raw: string) => {
  const headers = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  return /^Subject: (.*)$/im.exec(headers)?.[1] ?? '';
};

/**
 * The body of one part (text/plain or text/html) of a received message, as the sender gave it:
 * line ends back to \n, less the line end that separates the part from the next boundary. Null when
 * the part is missing.
 */
export const partOf = (mail: Pick<ReceivedMail, 'raw'>, type: 'text/plain' | 'text/html'): string | null => {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(mail.raw)?.[1];
  const parts = boundary ? mail.raw.split(`--${boundary}`) : [mail.raw];
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = part.slice(0, split);
    if (!new RegExp(`^Content-Type: ${type}`, 'im').test(headers)) continue;
    return part
      .slice(split)
      .replace(/^\r?\n\r?\n/, '')
      .replace(/\r\n/g, '\n')
      .replace(/\n$/, '');
  }
  return null;
};

/**
 * A real SMTP server on loopback that keeps what it receives, for Strapi's nodemailer provider
 * (SMTP_HOST=127.0.0.1, SMTP_PORT=port, SMTP_IGNORE_TLS=true). Setting `failing` makes it refuse
 * every message with a 550, as a relay that is down or refusing us would.
 */
export const startMailbox = async () => {
  const received: ReceivedMail[] = [];
  const state = { failing: false, refused: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!state.failing) return callback();
      state.refused += 1;
      const error = Object.assign(new Error('Mailbox unavailable (test relay refusing mail)'), { responseCode: 550 });
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8'));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          subject: subjectOf(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  /** Waits until at least `count` messages have arrived since `from` (an index into received). */
  const waitFor = async (count: number, from = 0, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (received.length - from < count) {
      if (Date.now() > deadline) throw new Error(`Expected ${count} e-mails, got ${received.length - from}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return received.slice(from);
  };

  /** Waits until the server has refused `count` messages in all. */
  const waitForRefused = async (count: number, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (state.refused < count) {
      if (Date.now() > deadline) throw new Error(`Expected ${count} refused e-mails, got ${state.refused}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  return {
    port,
    waitForRefused,
    received,
    state,
    waitFor,
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_IGNORE_TLS: 'true', SMTP_SECURE: 'false' },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;
