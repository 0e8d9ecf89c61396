import { isNull, lte, or, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

/**
 * Job leases (deliveries, polling, record fetches): a worker claims rows with one `UPDATE … RETURNING` that sets
 * `lease_owner` and `lease_expires_at`; a row is free again when it has no lease or its lease has run out (a worker
 * that crashed), so another worker takes it over.
 */
export function leaseIsFree(leaseExpiresAt: SQLiteColumn, now: string): SQL {
  return or(isNull(leaseExpiresAt), lte(leaseExpiresAt, now)) as SQL;
}

/** When a lease taken at `now` (ISO) for `durationMs` runs out (ISO). */
export function leaseUntil(now: string, durationMs: number): string {
  return new Date(Date.parse(now) + durationMs).toISOString();
}
