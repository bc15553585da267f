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

/**
 * What a limit counts for: one e-mail or client address, or a pair of them (an account from one
 * address). A pair's bucket starts with its first part's, so all pairs of an account can be found.
 */
export type Subject = string | readonly [string, string];

export const bucketOf = (limit: RateLimit, subject: Subject) =>
  [limit.name, ...(typeof subject === 'string' ? [subject] : subject).map((part) => bucketDigest(part.toLowerCase()))].join(':');

const countInWindow = (strapi: Core.Strapi, bucket: string, windowMs: number) =>
  strapi.db.query(ATTEMPT_UID).count({ where: { bucket, occurredAt: { $gt: new Date(Date.now() - windowMs) } } });

/**
 * Counts one event against a limit, race-free: the event is written first and then counted, so of
 * any number of parallel requests at most `max` see themselves within the limit. Returns null (and
 * removes the event again) when the limit is already reached, so refused requests do not extend a
 * lockout forever.
 */
export const reserve = async (strapi: Core.Strapi, limit: RateLimit, subject: Subject): Promise<Reservation | null> => {
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
export const reserveAll = async (strapi: Core.Strapi, checks: ReadonlyArray<readonly [RateLimit, Subject]>): Promise<Reservation | null> => {
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

/**
 * Counts one event that is never refused (a limit that slows instead), and answers how many other
 * events its window holds, parallel ones included: the event is written before the count.
 */
export const record = async (strapi: Core.Strapi, limit: RateLimit, subject: Subject): Promise<Reservation & { others: number }> => {
  const attempts = strapi.db.query(ATTEMPT_UID);
  const bucket = bucketOf(limit, subject);
  const row = (await attempts.create({ data: { bucket, occurredAt: new Date() } })) as AttemptRow;
  const others = (await countInWindow(strapi, bucket, limit.windowMs)) - 1;
  return {
    others,
    release: async () => {
      await attempts.delete({ where: { id: row.id } });
    },
  };
};

/** Whether a limit is already reached, without counting anything. */
export const isExhausted = async (strapi: Core.Strapi, limit: RateLimit, subject: Subject) =>
  (await countInWindow(strapi, bucketOf(limit, subject), limit.windowMs)) >= limit.max;

/** Of these subjects, the ones whose limit is reached: one query for a whole list (the Users tab). */
export const exhaustedAmong = async (strapi: Core.Strapi, limit: RateLimit, subjects: readonly string[]): Promise<Set<string>> => {
  if (subjects.length === 0) return new Set();
  const bySubject = new Map(subjects.map((subject) => [bucketOf(limit, subject), subject]));
  const rows = (await strapi.db.query(ATTEMPT_UID).findMany({
    select: ['bucket'],
    where: { bucket: { $in: [...bySubject.keys()] }, occurredAt: { $gt: new Date(Date.now() - limit.windowMs) } },
  })) as { bucket: string }[];
  const counts = new Map<string, number>();
  for (const { bucket } of rows) counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  return new Set([...counts].filter(([, count]) => count >= limit.max).map(([bucket]) => bySubject.get(bucket) as string));
};

/** Forgets the events of a subject, and with `pairs` those of every pair the subject begins. */
export const forget = async (strapi: Core.Strapi, limit: RateLimit, subject: string, { pairs = false } = {}) => {
  const bucket = bucketOf(limit, subject);
  await strapi.db.query(ATTEMPT_UID).deleteMany({ where: pairs ? { bucket: { $startsWith: `${bucket}:` } } : { bucket } });
};
