import type { Core } from '@strapi/strapi';

export interface MailMessage {
  to?: string;
  bcc?: string[];
  subject: string;
  text: string;
  html: string;
}

/**
 * nodemailer waits up to two minutes for a connection and ten for a stalled socket; a request that
 * sends mail should not hang that long, so a send that has not finished by then counts as failed.
 */
const SEND_TIMEOUT_MS = 30_000;

export const sendEmail = async (strapi: Core.Strapi, message: MailMessage, timeoutMs = SEND_TIMEOUT_MS) => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the mail server did not answer within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    await Promise.race([strapi.plugin('email').service('email').send(message) as Promise<unknown>, timeout]);
  } finally {
    clearTimeout(timer);
  }
};

/** The first line of a send failure, short enough for a toast (admins only see it). */
export const failureReason = (error: unknown) => {
  const text = error instanceof Error ? error.message : String(error ?? '');
  return text.split('\n')[0].slice(0, 200) || null;
};
