import 'server-only';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { InboundChange } from '../connectors/framework';
import { parseHubspotEvents, verifyHubspotV3 } from '../connectors/hubspot/webhooks';
import { connections, inboundEvents, organizations } from '../db/schema';
import { AppError } from '../errors';
import { getRuntime, nowIso } from '../runtime';
import type { ConnectionRow } from './connections';
import { resolveClientCredentials } from './connector-apps';
import { recordEvent } from './events';
import { isSubscribed } from './webhook-subscriptions';

export interface InboundResult {
  received: number;
  recorded: number;
  duplicates: number;
  unrouted: number;
}

function validationFailed(reason: string): AppError {
  return new AppError('CONNECTOR::WEBHOOK::VALIDATION_FAILED', `The hook could not be verified: ${reason}`);
}

/**
 * POST /v1/hook/{org}/prod/{connector}/global/main: verify the vendor's signature on the raw body (nothing is
 * recorded otherwise), route each change to its connection by the vendor account id, drop redelivered vendor
 * event ids and unsubscribed changes, and write the rest to the outbox with the dedupe row in one transaction.
 */
export function receiveGlobalHook(options: {
  organizationId: string;
  connectorId: string;
  method: string;
  uri: string;
  rawBody: string;
  headers: Headers;
}): InboundResult {
  const { db } = getRuntime();
  const organization = db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, options.organizationId)).get();
  if (!organization || options.connectorId !== 'hubspot') {
    throw new AppError('WEBHOOK::NOT_FOUND', `No global hook for ${options.connectorId} in organization ${options.organizationId}`);
  }
  const { clientSecret } = resolveClientCredentials({ organizationId: organization.id, connectorId: 'hubspot' });
  const problem = verifyHubspotV3({
    clientSecret,
    method: options.method,
    uri: options.uri,
    body: options.rawBody,
    signature: options.headers.get('x-hubspot-signature-v3'),
    timestamp: options.headers.get('x-hubspot-request-timestamp'),
  });
  if (problem) throw validationFailed(problem);
  let payload: unknown;
  try {
    payload = JSON.parse(options.rawBody);
  } catch {
    throw new AppError('SERVICE::BAD_REQUEST', 'body: is not valid JSON');
  }
  const changes = parseHubspotEvents(payload);
  if (!changes) throw new AppError('SERVICE::BAD_REQUEST', 'body: must be an array of HubSpot events');
  const result: InboundResult = { received: changes.length, recorded: 0, duplicates: 0, unrouted: 0 };
  for (const change of changes) routeGlobalChange(organization.id, 'hubspot', change, result);
  return result;
}

function routeGlobalChange(organizationId: string, connectorId: string, change: InboundChange, result: InboundResult): void {
  const { db } = getRuntime();
  const connection = db
    .select()
    .from(connections)
    .where(
      and(
        eq(connections.organizationId, organizationId),
        eq(connections.connectorId, connectorId),
        sql`json_extract(${connections.identity}, '$.portalId') = ${change.accountId ?? ''}`,
      ),
    )
    .get();
  if (!connection) {
    result.unrouted += 1;
    return;
  }
  recordChange(connection, change, result);
}

/**
 * One vendor change for one connection: dropped when nobody subscribed or the vendor event id was seen before,
 * else written to the outbox together with its dedupe row.
 */
export function recordChange(connection: ConnectionRow, change: InboundChange, result: InboundResult): void {
  const { db } = getRuntime();
  if (!isSubscribed(connection.id, change.model, change.trigger)) {
    result.unrouted += 1;
    return;
  }
  db.transaction(() => {
    const fresh = db
      .insert(inboundEvents)
      .values({
        connectorId: connection.connectorId,
        vendorEventId: change.vendorEventId,
        organizationId: connection.organizationId,
        receivedAt: nowIso(),
      })
      .onConflictDoNothing()
      .run().changes;
    if (fresh === 0) {
      result.duplicates += 1;
      return;
    }
    // A deletion carries only the reference: the record is gone at the vendor and is never re-fetched.
    recordEvent({
      organizationId: connection.organizationId,
      name: `${change.model}::${change.trigger}`,
      connectorId: connection.connectorId,
      ownerId: connection.ownerId,
      data: eventData(change),
    });
    result.recorded += 1;
  });
}

function eventData(change: InboundChange): Record<string, unknown> {
  const reference = {
    object: 'resourceRef',
    model: change.model,
    id: change.remoteId,
    remote: { id: change.remoteId },
    occurredAt: change.occurredAt,
  };
  if (change.trigger === 'deleted' || !change.record)
    return { ...reference, ...(change.changedFields ? { changedFields: change.changedFields } : {}) };
  return {
    ...reference,
    id: change.record.id,
    fields: change.record.fields,
    ...(change.record.createdAt ? { createdAt: change.record.createdAt } : {}),
    ...(change.record.updatedAt ? { updatedAt: change.record.updatedAt } : {}),
    ...(change.changedFields ? { changedFields: change.changedFields } : {}),
  };
}

// Vendors retry a delivery for hours to a few days (HubSpot: up to 10 times over 24 h; Dialpad and the others
// less): a vendor event id older than this can no longer come back, so its dedupe row can go.
const DEDUPE_RETENTION_MS = 30 * 86_400_000;

/** Drops dedupe rows of vendor events older than the retention window; answers how many went. */
export function pruneInboundEvents(options: { now?: Date } = {}): number {
  const cutoff = new Date((options.now ?? new Date()).getTime() - DEDUPE_RETENTION_MS).toISOString();
  return getRuntime().db.delete(inboundEvents).where(lt(inboundEvents.receivedAt, cutoff)).run().changes;
}
