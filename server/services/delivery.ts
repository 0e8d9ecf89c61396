import 'server-only';
import { createHmac } from 'node:crypto';
import { and, asc, desc, eq, inArray, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import { retryAfterMs } from '../connectors/http-client';
import { leaseIsFree, leaseUntil } from '../db/leases';
import { deliveries, deliveryAttempts, eventEnrichments, events, webhookEndpoints } from '../db/schema';
import { newId } from '../crypto/random';
import { AppError } from '../errors';
import { log } from '../log';
import { getRuntime, nowIso } from '../runtime';
import { signingSecrets } from './webhook-endpoints';

/**
 * Delivery of outbox events to the organization's endpoints (ARCHITECTURE.md, "Events"): Standard Webhooks
 * signatures, at least once, retried on network errors, timeouts, 408, 429 (honouring Retry-After) and 5xx on the
 * configured schedule, then `failed`. Workers claim deliveries through a lease row, so two workers never send the
 * same attempt and a crashed worker's claim expires and is taken again.
 */
const LEASE_MS = 60_000;
const EXCERPT_CHARS = 500;

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed by the base64 part of `whsec_…` (standardwebhooks.com). */
export function signPayload(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export type DeliveryRow = typeof deliveries.$inferSelect;

/** Standard Webhooks headers; during a secret rotation the signature header carries both signatures. */
export function signedHeaders(endpoint: typeof webhookEndpoints.$inferSelect, messageId: string, body: string): Record<string, string> {
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'unified-integration-service/1 (webhooks)',
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signingSecrets(endpoint)
      .map((secret) => signPayload(secret, messageId, timestamp, body))
      .join(' '),
  };
}

/** Claims up to `limit` due deliveries for this worker (one atomic UPDATE … RETURNING). */
export function claimDueDeliveries(options: { workerId: string; limit: number; now?: Date }): DeliveryRow[] {
  const { db } = getRuntime();
  const now = (options.now ?? new Date()).toISOString();
  const due = db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(eq(deliveries.status, 'pending'), lte(deliveries.nextAttemptAt, now), leaseIsFree(deliveries.leaseExpiresAt, now)))
    .orderBy(asc(deliveries.nextAttemptAt))
    .limit(options.limit);
  return db
    .update(deliveries)
    .set({ leaseOwner: options.workerId, leaseExpiresAt: leaseUntil(now, LEASE_MS) })
    .where(and(inArray(deliveries.id, due), eq(deliveries.status, 'pending'), leaseIsFree(deliveries.leaseExpiresAt, now)))
    .returning()
    .all();
}

interface AttemptOutcome {
  statusCode: number | null;
  error: string | null;
  excerpt: string | null;
  retryAfter?: number;
}

function isRetryable(outcome: AttemptOutcome): boolean {
  if (outcome.statusCode === null) return true;
  return outcome.statusCode === 408 || outcome.statusCode === 429 || outcome.statusCode >= 500;
}

async function send(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<AttemptOutcome> {
  try {
    const response = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text().catch(() => '');
    const retryAfter = retryAfterMs(response.headers.get('retry-after'));
    return {
      statusCode: response.status,
      error: response.ok ? null : `HTTP ${response.status}`,
      excerpt: text.slice(0, EXCERPT_CHARS) || null,
      ...(retryAfter !== undefined ? { retryAfter } : {}),
    };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return {
      statusCode: null,
      error: timedOut ? `timed out after ${timeoutMs} ms` : `network error: ${error instanceof Error ? error.message : String(error)}`,
      excerpt: null,
    };
  }
}

/** One attempt of one claimed delivery; records the attempt and schedules the next one or the final status. */
export async function attemptDelivery(delivery: DeliveryRow, workerId: string): Promise<void> {
  const { db, env } = getRuntime();
  const event = db.select().from(events).where(eq(events.id, delivery.eventId)).get();
  const endpoint = db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, delivery.endpointId)).get();
  if (!event || !endpoint) return;

  const body = JSON.stringify({
    object: 'event',
    id: event.id,
    event: event.name,
    connectorId: event.connectorId,
    ownerId: event.ownerId,
    data: event.data,
    createdAt: event.createdAt,
  });
  const headers = {
    ...signedHeaders(endpoint, delivery.id, body),
    'x-connector-id': event.connectorId,
    'x-owner-id': event.ownerId,
    'x-idempotency-key': event.id,
  };
  const started = Date.now();
  const outcome = await send(endpoint.url, headers, body, env.WEBHOOK_TIMEOUT_MS);
  const attempt = delivery.attempts + 1;
  const schedule = env.WEBHOOK_RETRY_SCHEDULE;
  const succeeded = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const retry = !succeeded && isRetryable(outcome) && attempt < schedule.length;
  const nextDelay = retry ? Math.max(schedule[attempt] ?? 0, outcome.retryAfter ?? 0) : 0;
  const now = nowIso();

  db.transaction(() => {
    db.insert(deliveryAttempts)
      .values({
        deliveryId: delivery.id,
        attempt,
        workerId,
        startedAt: new Date(started).toISOString(),
        durationMs: Date.now() - started,
        statusCode: outcome.statusCode,
        error: outcome.error,
        responseExcerpt: outcome.excerpt,
      })
      .run();
    // Only the lease holder may record the outcome: a worker whose lease expired mid-attempt changes nothing.
    db.update(deliveries)
      .set({
        attempts: attempt,
        status: succeeded ? 'succeeded' : retry ? 'pending' : 'failed',
        nextAttemptAt: retry ? new Date(Date.now() + nextDelay).toISOString() : null,
        leaseOwner: null,
        leaseExpiresAt: null,
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error,
        updatedAt: now,
        completedAt: succeeded || !retry ? now : null,
      })
      .where(and(eq(deliveries.id, delivery.id), eq(deliveries.leaseOwner, workerId)))
      .run();
  });
  if (!succeeded)
    log.info('webhook delivery attempt failed', { deliveryId: delivery.id, attempt, status: outcome.statusCode, willRetry: retry });
}

/** One pass of a worker: claim what is due and attempt each (concurrently, bounded by the claim size). */
export async function runDeliveryPass(options: { workerId: string; limit?: number }): Promise<number> {
  const claimed = claimDueDeliveries({ workerId: options.workerId, limit: options.limit ?? 20 });
  await Promise.all(claimed.map((delivery) => attemptDelivery(delivery, options.workerId)));
  return claimed.length;
}

/**
 * Replays deliveries (one, or all of an organization's in a time range): they become due again now. A delivery
 * whose event still waits for its record (services/enrichment.ts) is left alone: it goes out once that is done.
 */
export function replayDeliveries(options: { organizationId: string; deliveryId?: string; from?: string; to?: string }): number {
  const { db } = getRuntime();
  const now = nowIso();
  return db
    .update(deliveries)
    .set({ status: 'pending', nextAttemptAt: now, attempts: 0, leaseOwner: null, leaseExpiresAt: null, completedAt: null, updatedAt: now })
    .where(
      and(
        eq(deliveries.organizationId, options.organizationId),
        options.deliveryId ? eq(deliveries.id, options.deliveryId) : undefined,
        options.from ? sql`${deliveries.createdAt} >= ${options.from}` : undefined,
        options.to ? sql`${deliveries.createdAt} <= ${options.to}` : undefined,
        notInArray(deliveries.eventId, db.select({ eventId: eventEnrichments.eventId }).from(eventEnrichments)),
      ),
    )
    .run().changes;
}

export interface DeliveryView {
  id: string;
  eventId: string;
  event: string;
  connectorId: string;
  ownerId: string;
  endpointUrl: string;
  status: DeliveryRow['status'];
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  completedAt: string | null;
}

/** Keyset cursor `createdAt~id` (a bare `createdAt` is accepted too). */
function beforeCondition(before: string | undefined) {
  if (!before) return undefined;
  const [createdAt = '', id] = before.split('~');
  if (id === undefined) return lt(deliveries.createdAt, createdAt);
  return or(lt(deliveries.createdAt, createdAt), and(eq(deliveries.createdAt, createdAt), lt(deliveries.id, id)));
}

/** Deliveries of an organization, newest first, for the Deliveries page. */
export function listDeliveries(options: {
  organizationId: string;
  status?: DeliveryRow['status'];
  before?: string;
  limit: number;
}): DeliveryView[] {
  const { db } = getRuntime();
  return db
    .select({
      id: deliveries.id,
      eventId: deliveries.eventId,
      event: events.name,
      connectorId: events.connectorId,
      ownerId: events.ownerId,
      endpointUrl: webhookEndpoints.url,
      status: deliveries.status,
      attempts: deliveries.attempts,
      nextAttemptAt: deliveries.nextAttemptAt,
      lastStatusCode: deliveries.lastStatusCode,
      lastError: deliveries.lastError,
      createdAt: deliveries.createdAt,
      completedAt: deliveries.completedAt,
    })
    .from(deliveries)
    .innerJoin(events, eq(events.id, deliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, deliveries.endpointId))
    .where(
      and(
        eq(deliveries.organizationId, options.organizationId),
        options.status ? eq(deliveries.status, options.status) : undefined,
        beforeCondition(options.before),
      ),
    )
    .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
    .limit(options.limit)
    .all();
}

/** The attempts of one delivery (status, duration, response excerpt), oldest first. */
export function listDeliveryAttempts(options: { organizationId: string; deliveryId: string }) {
  const { db } = getRuntime();
  const owned = db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(eq(deliveries.id, options.deliveryId), eq(deliveries.organizationId, options.organizationId)))
    .get();
  if (!owned) return [];
  return db.select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, owned.id)).orderBy(asc(deliveryAttempts.id)).all();
}

/** Settings → "Send test ping": one signed request now, outside the outbox; answers what the endpoint said. */
export async function sendTestPing(options: { organizationId: string; endpointId: string }) {
  const { db, env } = getRuntime();
  const endpoint = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, options.endpointId), eq(webhookEndpoints.organizationId, options.organizationId)))
    .get();
  if (!endpoint) throw new AppError('WEBHOOK::NOT_FOUND', `id: no webhook endpoint ${options.endpointId} in this organization`);
  const id = newId('msg');
  const body = JSON.stringify({
    object: 'event',
    id,
    event: 'webhook::ping',
    connectorId: null,
    ownerId: null,
    data: {},
    createdAt: nowIso(),
  });
  const started = Date.now();
  const outcome = await send(endpoint.url, signedHeaders(endpoint, id, body), body, env.WEBHOOK_TIMEOUT_MS);
  return { statusCode: outcome.statusCode, error: outcome.error, responseExcerpt: outcome.excerpt, durationMs: Date.now() - started };
}
