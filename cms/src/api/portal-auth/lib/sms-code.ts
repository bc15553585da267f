import type { Core } from '@strapi/strapi';
import { LIMITS } from '@repo/types';
import { createSmsProvider } from '../../../providers/sms';
import { CHALLENGE_UID, codeDigest, type ChallengeRow } from './challenges';
import { portalAuthSettings } from './config';
import { HttpStatusError, tooManyAttempts } from '../../../http/errors';
import { CHALLENGE_MAX_SENDS, RATE_LIMITS } from './limits';
import { AUTH_MESSAGES } from './messages';
import { reserveAll } from './rate-limit';
import { randomCode } from './tokens';

export const RESEND_WAIT_MS = LIMITS.resendWaitSeconds * 1000;

const smsText = (code: string) => `${code} is your Property Portal verification code. Do not share it with anyone.`;

const time = (value: string | Date | null) => (value ? new Date(value).getTime() : 0);

/**
 * Sends a fresh code for a challenge, replacing the previous one. Refused (429) within 60 s of the
 * last send, past CHALLENGE_MAX_SENDS for the challenge, and past the hourly SMS caps per account
 * and per client address. The send slot is claimed with one conditional UPDATE, so two parallel
 * requests cannot both send. A refused or failed send counts for nothing.
 */
export const sendChallengeCode = async (strapi: Core.Strapi, row: ChallengeRow, address: string) => {
  const now = Date.now();
  const earliest = time(row.codeSentAt) + RESEND_WAIT_MS;
  if (row.codeSentAt && earliest > now) {
    throw tooManyAttempts(AUTH_MESSAGES.tooManyAttempts, { resendAvailableAt: new Date(earliest).toISOString() });
  }
  const codesSent = row.codesSent ?? 0;
  if (codesSent >= CHALLENGE_MAX_SENDS) throw tooManyAttempts(AUTH_MESSAGES.tooManyAttempts);
  const reservation = await reserveAll(strapi, [
    [RATE_LIMITS.smsPerAccount, `user:${row.userId}`],
    [RATE_LIMITS.smsPerAddress, address],
  ]);
  if (!reservation) throw tooManyAttempts(AUTH_MESSAGES.tooManyAttempts);

  const code = randomCode();
  const challenges = strapi.db.query(CHALLENGE_UID);
  const claimed = await challenges.updateMany({
    // The count as read (null on a challenge opened before the column existed) makes the claim conditional on it too.
    where: { id: row.id, codesSent: row.codesSent, $or: [{ codeSentAt: null }, { codeSentAt: { $lte: new Date(now - RESEND_WAIT_MS) } }] },
    data: { codeSentAt: new Date(now), codeHash: codeDigest(strapi, row, code), codesSent: codesSent + 1 },
  });
  if (claimed.count === 0) {
    await reservation.release();
    throw tooManyAttempts(AUTH_MESSAGES.tooManyAttempts, { resendAvailableAt: new Date(now + RESEND_WAIT_MS).toISOString() });
  }

  try {
    const provider = createSmsProvider(portalAuthSettings(strapi).sms, (line) => strapi.log.info(line));
    await provider.send(row.phoneNumber, smsText(code));
  } catch (error) {
    // Nothing reached the phone: give the send back, and keep the previous code valid.
    strapi.log.error(`Could not send the ${row.purpose} code of user ${row.userId}: ${error instanceof Error ? error.message : String(error)}`);
    await reservation.release();
    await challenges.update({ where: { id: row.id }, data: { codeSentAt: row.codeSentAt, codeHash: row.codeHash, codesSent: row.codesSent } });
    throw new HttpStatusError(502, AUTH_MESSAGES.sendCodeFailed);
  }
  return { resendAvailableAt: new Date(now + RESEND_WAIT_MS) };
};
