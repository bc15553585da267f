import type { Core } from '@strapi/strapi';
import { isSixDigitCode, type LoginUserType } from '@repo/types';
import { CHALLENGE_MAX_WRONG_CODES, CHALLENGE_TTL_MS } from './limits';
import { digest, OPAQUE_TOKEN_PATTERN, randomToken, sameDigest } from './tokens';
import { updateRowIf } from '../../../db';

/**
 * SMS code challenges: the second step of a sign-in ('login') and the phone check of the two-factor
 * setup ('phone-setup'). The challenge id is a random bearer secret good for nothing but sending
 * and checking a code; the database keeps only HMACs of the id and of the code, the attempt count
 * and the expiry. Each code is bound to its challenge and used once.
 */
export const CHALLENGE_UID = 'api::portal-auth.auth-challenge';

export type ChallengePurpose = 'login' | 'phone-setup';

export interface ChallengeRow {
  id: number;
  purpose: ChallengePurpose;
  userId: number;
  userType: LoginUserType | null;
  phoneNumber: string;
  codeHash: string | null;
  codeSentAt: string | Date | null;
  /** Codes sent for this challenge so far (CHALLENGE_MAX_SENDS). */
  codesSent: number | null;
  attempts: number;
  consumed: boolean;
  expiresAt: string | Date;
}

export type CodeCheck = 'ok' | 'invalid' | 'expired';

interface NewChallenge {
  purpose: ChallengePurpose;
  userId: number;
  phoneNumber: string;
  userType?: LoginUserType;
}

const time = (value: string | Date | null) => (value ? new Date(value).getTime() : 0);
const idDigest = (strapi: Core.Strapi, challengeId: string) => digest(strapi, `challenge:${challengeId}`);
export const codeDigest = (strapi: Core.Strapi, row: Pick<ChallengeRow, 'id'>, code: string) => digest(strapi, `code:${row.id}:${code}`);

/** Opens a challenge; the user's previous one of the same purpose is superseded (one open at a time). */
export const createChallenge = async (strapi: Core.Strapi, challenge: NewChallenge) => {
  const challengeId = randomToken();
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
  const challenges = strapi.db.query(CHALLENGE_UID);
  await challenges.deleteMany({ where: { $or: [{ userId: challenge.userId, purpose: challenge.purpose }, { expiresAt: { $lt: new Date() } }] } });
  const row = (await challenges.create({
    data: { ...challenge, userType: challenge.userType ?? null, idHash: idDigest(strapi, challengeId), codesSent: 0, attempts: 0, consumed: false, expiresAt },
  })) as ChallengeRow;
  return { challengeId, expiresAt, row };
};

/** The challenge an id stands for while it can still be answered: unused, unexpired, under 5 wrong codes. */
export const findOpenChallenge = async (strapi: Core.Strapi, challengeId: string, purpose: ChallengePurpose) => {
  if (!OPAQUE_TOKEN_PATTERN.test(challengeId)) return null;
  const row = (await strapi.db.query(CHALLENGE_UID).findOne({ where: { idHash: idDigest(strapi, challengeId), purpose } })) as ChallengeRow | null;
  if (!row || row.consumed || row.attempts >= CHALLENGE_MAX_WRONG_CODES || time(row.expiresAt) <= Date.now()) return null;
  return row;
};

/**
 * Checks a code. Every answer first takes one of the challenge's attempts in a single conditional
 * UPDATE, so parallel guesses cannot exceed the limit; a right code then marks the challenge
 * consumed, again conditionally, so it signs in exactly once.
 */
export const checkCode = async (strapi: Core.Strapi, row: ChallengeRow, code: string): Promise<CodeCheck> => {
  const claimed = await updateRowIf(strapi, CHALLENGE_UID, row.id, { consumed: false }, { increment: 'attempts', below: CHALLENGE_MAX_WRONG_CODES });
  if (!claimed) return 'expired';
  if (!row.codeHash || !isSixDigitCode(code) || !sameDigest(row.codeHash, codeDigest(strapi, row, code))) return 'invalid';
  const used = await updateRowIf(strapi, CHALLENGE_UID, row.id, { consumed: false }, { set: { consumed: true } });
  return used ? 'ok' : 'expired';
};
