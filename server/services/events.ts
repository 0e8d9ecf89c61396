import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { UnifiedRecord } from '../connectors/framework';
import { newId } from '../crypto/random';
import { deliveries, eventEnrichments, events, webhookEndpoints } from '../db/schema';
import { getRuntime, nowIso } from '../runtime';

export interface EventInput {
  organizationId: string;
  /** `<model>::<trigger>` */
  name: string;
  connectorId: string;
  ownerId: string;
  data: Record<string, unknown>;
  /**
   * The vendor sent a reference only: hold the deliveries (no `next_attempt_at`) until the worker has fetched the
   * record from this connection and completed `data` (services/enrichment.ts).
   */
  enrichFrom?: { connectionId: string };
}

/**
 * An event's data with the unified record in it: the record's ids, `fields`, and `createdAt`/`updatedAt` when the
 * vendor has them. One shape for every source (an inbound hook that sent the record, a poll, a record fetch).
 */
export function withRecord(data: Record<string, unknown>, record: UnifiedRecord): Record<string, unknown> {
  return {
    ...data,
    id: record.id,
    remote: { id: record.remoteId },
    fields: record.fields,
    ...(record.createdAt ? { createdAt: record.createdAt } : {}),
    ...(record.updatedAt ? { updatedAt: record.updatedAt } : {}),
  };
}

// Wakes an in-process worker as soon as something is due, instead of at its next idle poll. The database stays
// the source of truth: a worker in another process still finds the delivery on its next pass.
const outboxListeners = new Set<() => void>();

export function onOutboxWrite(listener: () => void): () => void {
  outboxListeners.add(listener);
  return () => outboxListeners.delete(listener);
}

/** Wakes the in-process worker after a commit that made work due (an event, a completed record fetch). */
export function notifyOutboxWrite(): void {
  queueMicrotask(() => outboxListeners.forEach((listener) => listener()));
}

/**
 * Writes an event to the durable outbox with one pending delivery per matching endpoint. Call it inside the
 * transaction that produced the event (an inbound hook's dedupe row, a poll's watermark), so both land or neither.
 */
export function recordEvent(input: EventInput): { eventId: string; deliveryIds: string[] } {
  const { db } = getRuntime();
  const { enrichFrom, ...event } = input;
  const result = db.transaction(() => {
    const eventId = newId('evt');
    const now = nowIso();
    db.insert(events)
      .values({ id: eventId, ...event, createdAt: now })
      .run();
    const endpoints = db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.organizationId, input.organizationId), eq(webhookEndpoints.enabled, true)))
      .all()
      .filter((endpoint) => !endpoint.events || endpoint.events.includes(input.name));
    const deliveryIds = endpoints.map((endpoint) => {
      const id = newId('dlv');
      db.insert(deliveries)
        .values({
          id,
          organizationId: input.organizationId,
          eventId,
          endpointId: endpoint.id,
          status: 'pending',
          attempts: 0,
          nextAttemptAt: enrichFrom ? null : now,
          leaseOwner: null,
          leaseExpiresAt: null,
          lastStatusCode: null,
          lastError: null,
          createdAt: now,
          updatedAt: now,
          completedAt: null,
        })
        .run();
      return id;
    });
    // Nobody would receive it: no record fetch either.
    if (enrichFrom && deliveryIds.length > 0) {
      db.insert(eventEnrichments)
        .values({ eventId, connectionId: enrichFrom.connectionId, attempts: 0, nextAttemptAt: now, createdAt: now })
        .run();
    }
    return { eventId, deliveryIds };
  });
  // After the transaction: a listener may run a pass at once, which must see the committed rows.
  if (result.deliveryIds.length > 0) notifyOutboxWrite();
  return result;
}
