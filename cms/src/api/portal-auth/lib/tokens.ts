import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { LIMITS } from '@repo/types';

/**
 * Randomness and one-way digests for every secret the sign-in hands out: session tokens, challenge
 * ids, SMS codes and reset codes. Only digests reach the database, so reading it yields nothing
 * that signs anyone in.
 */

/** 32 random bytes in base64url: what a session token, challenge id or reset code looks like. */
export const OPAQUE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const randomToken = () => crypto.randomBytes(32).toString('base64url');

/** A uniformly random 6-digit code from the CSPRNG (ASVS 6.5.3). */
export const randomCode = () =>
  crypto
    .randomInt(0, 10 ** LIMITS.verificationCodeLength)
    .toString()
    .padStart(LIMITS.verificationCodeLength, '0');

// The key is derived from JWT_SECRET (always configured, generated on first run) rather than used as
// is, so the digests here never equal anything signed with the same secret elsewhere. Every request
// with a session needs it: the last secret's key is kept.
let derived: { secret: string; key: Buffer } | null = null;
const keyOf = (strapi: Core.Strapi) => {
  const secret = strapi.config.get<string>('plugin::users-permissions.jwtSecret');
  if (!secret) throw new Error('JWT_SECRET is not configured: the portal cannot protect its session tokens and codes');
  if (derived?.secret !== secret) derived = { secret, key: crypto.createHash('sha256').update(`portal-auth:${secret}`).digest() };
  return derived.key;
};

/**
 * HMAC-SHA256 with the server secret. A 6-digit code has too little entropy for a bare hash (a
 * million guesses reverse it); keyed, a leaked table is useless without the secret.
 */
export const digest = (strapi: Core.Strapi, value: string) => crypto.createHmac('sha256', keyOf(strapi)).update(value).digest('hex');

/** Constant-time comparison of two hex digests. */
export const sameDigest = (a: string | null | undefined, b: string) => {
  if (typeof a !== 'string' || a.length !== b.length) return false;
  return crypto.timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
};

/** Rate-limit buckets hold e-mail addresses and client addresses only as plain SHA-256, independent of the secret. */
export const bucketDigest = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
