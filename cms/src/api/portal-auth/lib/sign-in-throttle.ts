import type { Core } from '@strapi/strapi';
import { tooManyAttempts } from '../../../http/errors';
import { RATE_LIMITS, signInDelayMs } from './limits';
import { AUTH_MESSAGES } from './messages';
import { exhaustedAmong, forget, record, reserveAll } from './rate-limit';
import { normaliseEmail } from './users';

/**
 * How failed sign-ins are held back (issue #25, finding 9; the numbers are in limits.ts and
 * SECURITY.md). A client address that keeps failing is refused, on one account and across
 * accounts. An account is never refused: failing many times from many addresses only slows every
 * attempt on it, so whoever has its password, from an address that has not failed, still gets in.
 */
const { loginFailuresPerAccount, loginFailuresPerAccountAndAddress, loginFailuresPerAddress } = RATE_LIMITS;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Admits one password check for an e-mail from a client address, counted as a failure until
 * `succeeded` is called. Refused (429) when the address has failed too often; otherwise it waits
 * out the account's delay before the caller checks the password, so neither a right nor a wrong
 * password is answered sooner, and parallel guesses see each other in the count.
 */
export const admitPasswordCheck = async (strapi: Core.Strapi, email: string, address: string) => {
  const byAddress = await reserveAll(strapi, [
    [loginFailuresPerAddress, address],
    [loginFailuresPerAccountAndAddress, [email, address]],
  ]);
  if (!byAddress) throw tooManyAttempts(AUTH_MESSAGES.tooManyFailedLogins);
  const onAccount = await record(strapi, loginFailuresPerAccount, email);
  await sleep(signInDelayMs(onAccount.others));
  return {
    /** The password was right: this attempt was no failure, and the account's count starts again. */
    succeeded: async () => {
      await byAddress.release();
      await forget(strapi, loginFailuresPerAccount, email);
    },
  };
};

/** After a password reset: the failures counted against the old password no longer hold anyone back. */
export const clearSignInFailures = async (strapi: Core.Strapi, email: string) => {
  const subject = normaliseEmail(email);
  await forget(strapi, loginFailuresPerAccount, subject);
  await forget(strapi, loginFailuresPerAccountAndAddress, subject, { pairs: true });
};

/** Of these accounts (by e-mail), the ones whose sign-ins are being slowed now: the Users tab shows them. */
export const throttledAccounts = async (strapi: Core.Strapi, emails: readonly string[]) => {
  const throttled = await exhaustedAmong(strapi, loginFailuresPerAccount, emails.map(normaliseEmail));
  return (email: string) => throttled.has(normaliseEmail(email));
};
