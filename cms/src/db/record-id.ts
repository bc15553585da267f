/**
 * Record ids as the database holds them: the one rule for what a number or a path segment must be to
 * name a record. Pure, so the request readers (request.ts, http/input.ts) and the SQL helpers
 * (sql-dialect.ts) share it without depending on each other.
 */

/**
 * The largest id a record can have: Strapi's ids are 32-bit integers on PostgreSQL, which refuses a
 * larger number in a comparison with one (the whole statement fails). SQLite's could go further, but
 * one rule holds for both databases.
 */
export const MAX_RECORD_ID = 2_147_483_647;

/** A number some record could have as its id. */
export const isRecordId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_RECORD_ID;

/** The record id a path segment (or a number) spells in plain decimal digits, or null. */
export const recordIdFrom = (raw: unknown): number | null => {
  const text = String(raw ?? '');
  const id = /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : Number.NaN;
  return isRecordId(id) ? id : null;
};
