import 'server-only';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { InboundChange } from '../connectors/framework';
import { connectorModule } from '../connectors/registry';
import type { ConnectorId } from '../connectors/types';
import type { Model } from '../models/operations';
import { parseHubspotEvents, verifyHubspotV3 } from '../connectors/hubspot/webhooks';
import { connections, inboundEvents, organizations } from '../db/schema';
import { AppError } from '../errors';
import { getRuntime, nowIso } from '../runtime';
import type { ConnectionRow } from './connections';
import { resolveClientCredentials } from './connector-apps';
import { recordEvent, withRecord } from './events';
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
  for (const group of coalesce(changes)) routeGlobalChange(organization.id, 'hubspot', group, result);
  return result;
}

/** Changes of one batch that become one event: the same record, the same trigger; their vendor event ids all count. */
export interface ChangeGroup {
  change: InboundChange;
  vendorEventIds: string[];
}

/**
 * HubSpot sends one `propertyChange` per property: an update touching five properties arrives as five events in
 * one batch. They become one `updated` event (the union of `changedFields`, the latest `occurredAt`), in the
 * order of each record's first change; creations and deletions stay apart.
 */
export function coalesce(changes: InboundChange[]): ChangeGroup[] {
  const groups = new Map<string, ChangeGroup>();
  for (const change of changes) {
    const key = JSON.stringify([change.accountId ?? '', change.model, change.remoteId, change.trigger]);
    const group = groups.get(key);
    if (!group) {
      groups.set(key, { change, vendorEventIds: [change.vendorEventId] });
      continue;
    }
    group.vendorEventIds.push(change.vendorEventId);
    const union = (key: 'changedFields' | 'changedRemoteFields') => {
      const names = [...new Set([...(group.change[key] ?? []), ...(change[key] ?? [])])];
      return names.length > 0 ? { [key]: names } : {};
    };
    group.change = {
      ...group.change,
      ...(change.record ? { record: change.record } : {}),
      occurredAt: change.occurredAt > group.change.occurredAt ? change.occurredAt : group.change.occurredAt,
      ...union('changedFields'),
      ...union('changedRemoteFields'),
    };
  }
  return [...groups.values()];
}

function routeGlobalChange(organizationId: string, connectorId: string, group: ChangeGroup, result: InboundResult): void {
  const { change } = group;
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
    result.unrouted += group.vendorEventIds.length;
    return;
  }
  recordChange(connection, change, result, group.vendorEventIds);
}

/**
 * One vendor change (or a coalesced group of them) for one connection: dropped when nobody subscribed or every
 * vendor event id was seen before, else written to the outbox together with its dedupe rows.
 */
export function recordChange(
  connection: ConnectionRow,
  change: InboundChange,
  result: InboundResult,
  vendorEventIds: string[] = [change.vendorEventId],
): void {
  const { db } = getRuntime();
  if (!isSubscribed(connection.id, change.model, change.trigger)) {
    result.unrouted += vendorEventIds.length;
    return;
  }
  db.transaction(() => {
    const receivedAt = nowIso();
    let fresh = 0;
    for (const vendorEventId of vendorEventIds) {
      fresh += db
        .insert(inboundEvents)
        .values({ connectorId: connection.connectorId, vendorEventId, organizationId: connection.organizationId, receivedAt })
        .onConflictDoNothing()
        .run().changes;
    }
    result.duplicates += vendorEventIds.length - fresh;
    if (fresh === 0) return;
    // A deletion carries only the reference: the record is gone at the vendor and is never re-fetched. A created
    // or updated change without the record is completed by the worker before delivery (services/enrichment.ts).
    const needsRecord = change.trigger !== 'deleted' && !change.record && canRetrieve(connection, change.model);
    recordEvent({
      organizationId: connection.organizationId,
      name: `${change.model}::${change.trigger}`,
      connectorId: connection.connectorId,
      ownerId: connection.ownerId,
      data: eventData(change),
      ...(needsRecord ? { enrichFrom: { connectionId: connection.id } } : {}),
    });
    result.recorded += 1;
  });
}

function canRetrieve(connection: ConnectionRow, model: Model): boolean {
  return typeof connectorModule(connection.connectorId as ConnectorId).models[model]?.retrieve === 'function';
}

function eventData(change: InboundChange): Record<string, unknown> {
  const reference = {
    object: 'resourceRef',
    model: change.model,
    id: change.remoteId,
    remote: { id: change.remoteId },
    occurredAt: change.occurredAt,
  };
  const changed = {
    ...(change.changedFields ? { changedFields: change.changedFields } : {}),
    ...(change.changedRemoteFields ? { changedRemoteFields: change.changedRemoteFields } : {}),
  };
  if (change.trigger === 'deleted' || !change.record) return { ...reference, ...changed };
  return { ...withRecord(reference, change.record), ...changed };
}

// Vendors retry a delivery for hours to a few days (HubSpot: up to 10 times over 24 h; Dialpad and the others
// less): a vendor event id older than this can no longer come back, so its dedupe row can go.
const DEDUPE_RETENTION_MS = 30 * 86_400_000;

/** Drops dedupe rows of vendor events older than the retention window; answers how many went. */
export function pruneInboundEvents(options: { now?: Date } = {}): number {
  const cutoff = new Date((options.now ?? new Date()).getTime() - DEDUPE_RETENTION_MS).toISOString();
  return getRuntime().db.delete(inboundEvents).where(lt(inboundEvents.receivedAt, cutoff)).run().changes;
}
