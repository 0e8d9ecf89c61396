import 'server-only';
import { and, eq } from 'drizzle-orm';
import { newId } from '../crypto/random';
import { deliveries, events, webhookEndpoints } from '../db/schema';
import { getRuntime, nowIso } from '../runtime';

export interface EventInput {
  organizationId: string;
  /** `<model>::<trigger>` */
  name: string;
  connectorId: string;
  ownerId: string;
  data: Record<string, unknown>;
}

/**
 * Writes an event to the durable outbox with one pending delivery per matching endpoint. Call it inside the
 * transaction that produced the event (an inbound hook's dedupe row, a poll's watermark), so both land or neither.
 */
export function recordEvent(input: EventInput): { eventId: string; deliveryIds: string[] } {
  const { db } = getRuntime();
  return db.transaction(() => {
    const eventId = newId('evt');
    const now = nowIso();
    db.insert(events)
      .values({ id: eventId, ...input, createdAt: now })
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
          nextAttemptAt: now,
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
    return { eventId, deliveryIds };
  });
}
