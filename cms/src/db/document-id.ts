import crypto from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const LENGTH = 24;
// 252 = 7 x 36: bytes at or above it are skipped, so every character is equally likely.
const UNBIASED_LIMIT = 252;

/**
 * Document ids for rows written with knex, in the shape Strapi's own ids have (cuid2: 24 characters,
 * a lower-case letter then letters and digits). cuid2's createId hashes every id (about 35 µs each
 * here, 0.7 s for the 20,000 ids of a 10,000-unit import, more than the inserts), while these come
 * from one call to the system's secure random source: 23 x log2(36) + log2(26), about 123 random
 * bits, the uniqueness of a random UUID.
 */
export const documentIds = (count: number): string[] => {
  const ids: string[] = [];
  let pool = crypto.randomBytes(count * LENGTH * 2);
  let at = 0;
  const next = (size: number) => {
    for (;;) {
      if (at >= pool.length) {
        pool = crypto.randomBytes(LENGTH * 64);
        at = 0;
      }
      const byte = pool[at++];
      if (byte < UNBIASED_LIMIT) return ALPHABET[byte % size];
    }
  };
  for (let index = 0; index < count; index += 1) {
    let id = next(26);
    for (let position = 1; position < LENGTH; position += 1) id += next(36);
    ids.push(id);
  }
  return ids;
};
