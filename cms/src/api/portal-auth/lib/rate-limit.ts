import type { Core } from '@strapi/strapi';
import { LONGEST_WINDOW_MS, type RateLimit } from './limits';
import { bucketDigest } from './tokens';

const ATTEMPT_UID = 'api::portal-auth.auth-attempt';

interface AttemptRow {
  id: number;
}

/** A counted event that has been admitted; the caller keeps it (it counts) or releases it (it does not). */
export interface Reservation {
  release: () => Promise<void>;
}

const bucketOf = (limit: RateLimit, subject: string) => `${limit.name}:${bucketDigest(subject.toLowerCase())}`;

const countInWindow = (strapi: Core.Strapi, bucket: string, windowMs: number) =>
  strapi.db.query(ATTEMPT_UID).count({ where: { bucket, occurredAt: { $gt: new Date(Date.now() - windowMs) } } });

/**
 * Counts one event against a limit, race-free: the event is written first and then counted, so of
 * any number of parallel requests at most `max` see themselves within the limit. Returns null (and
 * removes the event again) when the limit is already reached, so refused requests do not extend a
 * lockout forever.
 */
export const reserve = async (strapi: Core.Strapi, limit: RateLimit, subject: string): Promise<Reservation | null> => {
  const attempts = strapi.db.query(ATTEMPT_UID);
  await attempts.deleteMany({ where: { occurredAt: { $lt: new Date(Date.now() - LONGEST_WINDOW_MS) } } });
  const bucket = bucketOf(limit, subject);
  const row = (await attempts.create({ data: { bucket, occurredAt: new Date() } })) as AttemptRow;
  const release = async () => {
    await attempts.delete({ where: { id: row.id } });
  };
  if ((await countInWindow(strapi, bucket, limit.windowMs)) > limit.max) {
    await release();
    return null;
  }
  return { release };
};

/** Reserves against several limits at once: all or nothing. */
export const reserveAll = async (
  strapi: Core.Strapi,
  checks: ReadonlyArray<readonly [RateLimit, string]>,
): Promise<Reservation | null> => {
  const held: Reservation[] = [];
  for (const [limit, subject] of checks) {
    const reservation = await reserve(strapi, limit, subject);
    if (!reservation) {
      for (const earlier of held) await earlier.release();
      return null;
    }
    held.push(reservation);
  }
  return {
    release: async () => {
      for (const reservation of held) await reservation.release();
    },
  };
};

/** Whether a limit is already reached, without counting anything. */
export const isExhausted = async (strapi: Core.Strapi, limit: RateLimit, subject: string) =>
  (await countInWindow(strapi, bucketOf(limit, subject), limit.windowMs)) >= limit.max;
