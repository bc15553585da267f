import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { isSixDigitCode, maskPhone, normalisePhone, type TwoFactorStartResult } from '@repo/types';
import { CHALLENGE_UID, checkCode, createChallenge, findOpenChallenge, type ChallengeRow } from './challenges';
import { fieldError, HttpStatusError, tooManyAttempts } from '../../../http/errors';
import { AUTH_MESSAGES } from './messages';
import { type UserRow } from './profile';
import { RESEND_WAIT_MS, sendChallengeCode } from './sms-code';
import { updateUser } from './users';

/**
 * SMS two-factor setup (spec §4): phone entry sends a code to that phone; the right code turns
 * two-factor on with it. The phone is stored only once verified, so nobody can point someone's
 * codes at a number that never proved it receives them.
 */
const time = (value: string | Date | null) => (value ? new Date(value).getTime() : 0);

export const startSetup = async (strapi: Core.Strapi, user: Pick<UserRow, 'id'>, rawPhone: string, address: string): Promise<TwoFactorStartResult> => {
  const entered = rawPhone.trim();
  if (!entered) throw fieldError('phoneNumber', AUTH_MESSAGES.enterPhone);
  const phone = normalisePhone(entered);
  if (!phone.ok) throw fieldError('phoneNumber', AUTH_MESSAGES.invalidPhone(entered));

  // A new setup supersedes the previous one, so the 60-second resend wait is checked against it here.
  const previous = (await strapi.db.query(CHALLENGE_UID).findOne({
    where: { userId: user.id, purpose: 'phone-setup', consumed: false },
    orderBy: { id: 'desc' },
  })) as ChallengeRow | null;
  const resendAt = time(previous?.codeSentAt ?? null) + RESEND_WAIT_MS;
  if (previous?.codeSentAt && resendAt > Date.now()) {
    throw tooManyAttempts(AUTH_MESSAGES.tooManyAttempts, { resendAvailableAt: new Date(resendAt).toISOString() });
  }

  const { challengeId, expiresAt, row } = await createChallenge(strapi, { purpose: 'phone-setup', userId: user.id, phoneNumber: phone.phone });
  try {
    const { resendAvailableAt } = await sendChallengeCode(strapi, row, address);
    await updateUser(strapi, user.id, { pendingPhoneNumber: phone.phone });
    return { challengeId, maskedPhone: maskPhone(phone.phone), resendAvailableAt: resendAvailableAt.toISOString(), expiresAt: expiresAt.toISOString() };
  } catch (error) {
    // No code went out: the challenge is useless, and must not block the next start for 60 s.
    await strapi.db.query(CHALLENGE_UID).delete({ where: { id: row.id } });
    throw error;
  }
};

export const confirmSetup = async (strapi: Core.Strapi, user: Pick<UserRow, 'id'>, challengeId: string, code: string) => {
  if (!isSixDigitCode(code)) throw fieldError('code', AUTH_MESSAGES.enterSixDigitCode);
  const challenge = await findOpenChallenge(strapi, challengeId, 'phone-setup');
  const gone = () => new HttpStatusError(410, AUTH_MESSAGES.codeExpired);
  if (!challenge || challenge.userId !== user.id) throw gone();
  const result = await checkCode(strapi, challenge, code);
  if (result === 'expired') throw gone();
  if (result === 'invalid') throw new errors.ValidationError(AUTH_MESSAGES.invalidCode);
  return updateUser(strapi, user.id, {
    phoneNumber: challenge.phoneNumber,
    pendingPhoneNumber: null,
    twoFactorEnabled: true,
    twoFactorMethod: 'sms',
    phoneVerified: true,
    phoneVerificationPending: false,
    lastTwoFactorVerification: new Date(),
  });
};

/** Off at once (spec §4); an unfinished setup is dropped with it. */
export const disableTwoFactor = async (strapi: Core.Strapi, user: UserRow) => {
  await strapi.db.query(CHALLENGE_UID).deleteMany({ where: { userId: user.id, purpose: 'phone-setup' } });
  return updateUser(strapi, user.id, { twoFactorEnabled: false, twoFactorMethod: null, pendingPhoneNumber: null });
};
