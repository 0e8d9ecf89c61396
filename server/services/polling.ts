import 'server-only';
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { UnifiedRecord } from '../connectors/framework';
import { connectorModule } from '../connectors/registry';
import type { ConnectorId } from '../connectors/types';
import { leaseIsFree, leaseUntil } from '../db/leases';
import { connections, pollingSeen, pollingStates, webhookSubscriptions } from '../db/schema';
import { AppError } from '../errors';
import { errorFields, log } from '../log';
import type { Model } from '../models/operations';
import { getRuntime, nowIso } from '../runtime';
import { recordEvent, withRecord } from './events';
import { connectorContext } from './vendor-calls';

/**
 * Polling subscriptions (ARCHITECTURE.md, "Events"): for a model the vendor cannot push, each subscription of kind
 * `polling` lists the model by update time since its watermark, tells created from updated by first sight
 * (`polling_seen`) and writes the events, the seen rows and the new watermark in one transaction. Workers claim
 * subscriptions through a lease on `polling_states`, as deliveries are claimed, so two workers never poll the same
 * subscription at once and a crashed worker's claim expires.
 *
 * Deletions are not polled: a list only shows records that still exist (HubSpot engagements expose no deleted
 * records to a list), so polling sources declare `created` and `updated` only.
 */
// Long enough for a poll that walks many pages; a lease that expires mid-poll makes its result be dropped.
const LEASE_MS = 5 * 60_000;
const PAGE_LIMIT = 100;
// A vendor's search index can lag behind its writes (HubSpot: "a few seconds"), so each poll looks back this far
// before the watermark; records seen already are recognised by `polling_seen` and not emitted twice.
const LOOKBACK_MS = 60_000;

type PollingStateRow = typeof pollingStates.$inferSelect;
type SubscriptionRow = typeof webhookSubscriptions.$inferSelect;

export interface PollOutcome {
  subscriptionId: string;
  emitted: number;
  error?: string;
}

/** Claims up to `limit` due polling subscriptions for this worker (one atomic UPDATE … RETURNING). */
export function claimDuePolls(options: { workerId: string; limit: number; now?: Date }): PollingStateRow[] {
  const { db } = getRuntime();
  const now = (options.now ?? new Date()).toISOString();
  const isFree = leaseIsFree(pollingStates.leaseExpiresAt, now);
  const due = db
    .select({ id: pollingStates.subscriptionId })
    .from(pollingStates)
    .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, pollingStates.subscriptionId))
    .where(
      and(eq(webhookSubscriptions.kind, 'polling'), eq(webhookSubscriptions.state, 'active'), lte(pollingStates.nextPollAt, now), isFree),
    )
    .orderBy(pollingStates.nextPollAt)
    .limit(options.limit);
  return db
    .update(pollingStates)
    .set({ leaseOwner: options.workerId, leaseExpiresAt: leaseUntil(now, LEASE_MS) })
    .where(and(inArray(pollingStates.subscriptionId, due), isFree))
    .returning()
    .all();
}

/** Every record changed at or after the watermark, all pages. */
async function listChanged(subscription: SubscriptionRow, connection: typeof connections.$inferSelect, watermark: string | null) {
  const module = connectorModule(connection.connectorId as ConnectorId);
  const operations = module.models[subscription.model as Model];
  if (!operations?.list || !operations.filters?.includes('updatedSince')) {
    throw new AppError('CONNECTOR::WEBHOOKS_NOT_SUPPORTED', `${module.declaration.name} cannot list ${subscription.model} by update time`);
  }
  if (connection.status !== 'authorized') {
    throw new AppError('SERVICE::CONNECTION::NOT_FOUND', `The connection is ${connection.status}: authorize it to resume polling`);
  }
  const ctx = connectorContext(connection, module);
  const records: UnifiedRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await operations.list(ctx, {
      limit: PAGE_LIMIT,
      filter: watermark ? { updatedSince: new Date(Date.parse(watermark) - LOOKBACK_MS).toISOString() } : {},
      ...(cursor ? { cursor } : {}),
    });
    records.push(...page.records);
    cursor = page.nextCursor;
  } while (cursor);
  return records;
}

/** The unified resource as an event carries it (the same shape as an inbound hook's event data). */
function eventData(model: string, record: UnifiedRecord): Record<string, unknown> {
  const occurredAt = record.updatedAt ?? record.createdAt ?? nowIso();
  return withRecord({ object: 'resourceRef', model, occurredAt }, record);
}

const later = (a: string | null, b: string | undefined): string | null => (b && (!a || Date.parse(b) > Date.parse(a)) ? b : a);

/**
 * What a listed record is for this subscription: `created` on first sight, unless the vendor says it existed
 * before polling began (then it is an update of an old record); `updated` when its update time moved; else nothing.
 */
function classify(
  record: UnifiedRecord,
  seen: { updatedAt: string | null } | undefined,
  pollingSince: string,
): 'created' | 'updated' | undefined {
  if (!seen) return record.createdAt && Date.parse(record.createdAt) < Date.parse(pollingSince) ? 'updated' : 'created';
  return (record.updatedAt ?? null) !== seen.updatedAt ? 'updated' : undefined;
}

/** Writes the changes of one poll, the seen rows and the watermark together; nothing when the lease was lost. */
function commitPoll(
  state: PollingStateRow,
  subscription: SubscriptionRow,
  connection: typeof connections.$inferSelect,
  records: UnifiedRecord[],
  workerId: string,
) {
  const { db, env } = getRuntime();
  const now = nowIso();
  const watermark = records.reduce((mark, record) => later(mark, record.updatedAt), state.watermark);
  let emitted = 0;
  db.transaction(() => {
    // The lease check and the watermark move in the same statement: a worker whose lease expired writes nothing.
    const held = db
      .update(pollingStates)
      .set({
        watermark,
        nextPollAt: new Date(Date.now() + env.POLL_INTERVAL_MS).toISOString(),
        leaseOwner: null,
        leaseExpiresAt: null,
        lastError: null,
        updatedAt: now,
      })
      .where(and(eq(pollingStates.subscriptionId, state.subscriptionId), eq(pollingStates.leaseOwner, workerId)))
      .run().changes;
    if (held === 0) return;
    for (const record of records) {
      // The look-back reaches before the subscription: what last changed then is no event of it.
      if (record.updatedAt && Date.parse(record.updatedAt) < Date.parse(subscription.createdAt)) continue;
      const seen = db
        .select({ updatedAt: pollingSeen.updatedAt })
        .from(pollingSeen)
        .where(and(eq(pollingSeen.subscriptionId, subscription.id), eq(pollingSeen.remoteId, record.id)))
        .get();
      const trigger = classify(record, seen, subscription.createdAt);
      if (!trigger) continue;
      db.insert(pollingSeen)
        .values({ subscriptionId: subscription.id, remoteId: record.id, updatedAt: record.updatedAt ?? null })
        .onConflictDoUpdate({ target: [pollingSeen.subscriptionId, pollingSeen.remoteId], set: { updatedAt: record.updatedAt ?? null } })
        .run();
      // Each subscription is one trigger: the other trigger's changes are only remembered as seen.
      if (trigger !== subscription.trigger) continue;
      recordEvent({
        organizationId: subscription.organizationId,
        name: `${subscription.model}::${trigger}`,
        connectorId: connection.connectorId,
        ownerId: connection.ownerId,
        data: eventData(subscription.model, record),
      });
      emitted += 1;
    }
  });
  return emitted;
}

/** A failed poll keeps its watermark, stores why, and is tried again at the next interval. */
function recordFailure(state: PollingStateRow, workerId: string, error: unknown): string {
  const { db, env } = getRuntime();
  const message = error instanceof AppError ? error.message : 'the vendor could not be reached';
  db.update(pollingStates)
    .set({
      lastError: message,
      nextPollAt: new Date(Date.now() + env.POLL_INTERVAL_MS).toISOString(),
      leaseOwner: null,
      leaseExpiresAt: null,
      updatedAt: nowIso(),
    })
    .where(and(eq(pollingStates.subscriptionId, state.subscriptionId), eq(pollingStates.leaseOwner, workerId)))
    .run();
  return message;
}

/** One claimed subscription: list what changed since the watermark and record it. */
export async function pollSubscription(state: PollingStateRow, workerId: string): Promise<PollOutcome> {
  const { db } = getRuntime();
  const found = db
    .select({ subscription: webhookSubscriptions, connection: connections })
    .from(webhookSubscriptions)
    .innerJoin(connections, eq(connections.id, webhookSubscriptions.connectionId))
    .where(eq(webhookSubscriptions.id, state.subscriptionId))
    .get();
  // Deleted since the claim: its polling state went with it (cascade).
  if (!found) return { subscriptionId: state.subscriptionId, emitted: 0 };
  try {
    const records = await listChanged(found.subscription, found.connection, state.watermark);
    return { subscriptionId: state.subscriptionId, emitted: commitPoll(state, found.subscription, found.connection, records, workerId) };
  } catch (error) {
    const message = recordFailure(state, workerId, error);
    log.info('polling failed', { subscriptionId: state.subscriptionId, ...errorFields(error) });
    return { subscriptionId: state.subscriptionId, emitted: 0, error: message };
  }
}

/** One pass of a worker: claim the due polling subscriptions and poll each (concurrently, bounded by the claim size). */
export async function runPollingPass(options: { workerId: string; limit?: number; now?: Date }): Promise<PollOutcome[]> {
  const claimed = claimDuePolls({ workerId: options.workerId, limit: options.limit ?? 5, ...(options.now ? { now: options.now } : {}) });
  return Promise.all(claimed.map((state) => pollSubscription(state, options.workerId)));
}
