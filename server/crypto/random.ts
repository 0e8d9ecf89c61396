import { randomFillSync, timingSafeEqual, createHash } from 'node:crypto';

// Random bytes are drawn from the CSPRNG 4 KiB at a time (as crypto.randomUUID does): every /v1 request takes an
// id, and one call per id cost more than the id. Bytes handed out are never handed out again, and are wiped.
const pool = Buffer.alloc(4096);
let used = pool.length;

/** A prefixed public id (`org_…`, `evt_…`): 128 random bits, base62-free base64url, no padding. */
export function newId(prefix: string, bytes = 16): string {
  if (used + bytes > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const text = pool.toString('base64url', used, used + bytes);
  pool.fill(0, used, used + bytes);
  used += bytes;
  return `${prefix}_${text}`;
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
