import { randomBytes, timingSafeEqual, createHash } from 'node:crypto';

/** A prefixed public id (`org_…`, `evt_…`): 128 random bits, base62-free base64url, no padding. */
export function newId(prefix: string, bytes = 16): string {
  return `${prefix}_${randomBytes(bytes).toString('base64url')}`;
}

/** 256-bit random secret with a prefix (`sk_…`, `whsec_…`). */
export function newSecret(prefix: string): string {
  return newId(prefix, 32);
}

/** Constant-time string comparison; compares hashes so unequal lengths leak nothing either. */
export function safeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right) && a.length === b.length;
}
