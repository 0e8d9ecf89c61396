import 'server-only';
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { ConnectorModule } from '../connectors/framework';
import { connectorModule } from '../connectors/registry';
import type { ConnectorId } from '../connectors/types';
import { leaseIsFree, leaseUntil } from '../db/leases';
import { connections, deliveries, eventEnrichments, events } from '../db/schema';
import { AppError } from '../errors';
import { errorFields, log } from '../log';
import type { Model } from '../models/operations';
import type { Warning } from '../models/schemas';
import { getRuntime, nowIso } from '../runtime';
import { notifyOutboxWrite, withRecord } from './events';
import { connectorContext } from './vendor-calls';

/**
 * Completes events whose vendor sent only a reference (HubSpot's created/updated hooks carry the object id and,
 * for a property change, the property name): the worker fetches the record through the connection, as
 * GET /v1/resources/<model>/<id> would, writes the unified fields into the event, and only then makes the
 * event's deliveries due. The inbound hook stays fast (nothing is fetched while the vendor waits).
 *
 * Never loses an event: a record fetch that keeps failing is retried on ENRICH_RETRY_MS, then the event is
 * delivered with the reference alone and a warning; a record deleted meanwhile is delivered the same way.
 */
const LEASE_MS = 60_000;
const ENRICH_RETRY_MS = [5_000, 30_000, 2 * 60_000, 10 * 60_000];

type EnrichmentRow = typeof eventEnrichments.$inferSelect;

export function claimDueEnrichments(options: { workerId: string; limit: number; now?: Date }): EnrichmentRow[] {
  const { db } = getRuntime();
  const now = (options.now ?? new Date()).toISOString();
  const isFree = leaseIsFree(eventEnrichments.leaseExpiresAt, now);
  const due = db
    .select({ id: eventEnrichments.eventId })
    .from(eventEnrichments)
    .where(and(lte(eventEnrichments.nextAttemptAt, now), isFree))
    .orderBy(asc(eventEnrichments.nextAttemptAt))
    .limit(options.limit);
  return db
    .update(eventEnrichments)
    .set({ leaseOwner: options.workerId, leaseExpiresAt: leaseUntil(now, LEASE_MS) })
    .where(and(inArray(eventEnrichments.eventId, due), isFree))
    .returning()
    .all();
}

/** Writes the event's final data and makes its held deliveries due, if this worker still holds the claim. */
function complete(row: EnrichmentRow, workerId: string, data: Record<string, unknown>): boolean {
  const { db } = getRuntime();
  const now = nowIso();
  const done = db.transaction(() => {
    const released = db
      .delete(eventEnrichments)
      .where(and(eq(eventEnrichments.eventId, row.eventId), eq(eventEnrichments.leaseOwner, workerId)))
      .run().changes;
    if (released === 0) return false;
    db.update(events).set({ data }).where(eq(events.id, row.eventId)).run();
    db.update(deliveries)
      .set({ nextAttemptAt: now, updatedAt: now })
      .where(and(eq(deliveries.eventId, row.eventId), eq(deliveries.status, 'pending'), isNull(deliveries.nextAttemptAt)))
      .run();
    return true;
  });
  if (done) notifyOutboxWrite();
  return done;
}

// An event is completed once: its data has no warnings before this.
function withWarning(data: Record<string, unknown>, warning: Warning): Record<string, unknown> {
  return { ...data, warnings: [warning] };
}

async function fetchRecord(module: ConnectorModule, connection: typeof connections.$inferSelect, model: Model, id: string) {
  const operations = module.models[model];
  if (!operations?.retrieve) throw new AppError('CONNECTOR::OPERATION::NOT_FOUND', `${module.declaration.name} cannot retrieve ${model}`);
  if (connection.status !== 'authorized') {
    throw new AppError('SERVICE::CONNECTION::ACCESS_TOKEN_MISSIN', `The connection is ${connection.status}`);
  }
  // The event carries only what the connection may read through /v1 itself.
  if (!connection.operations.includes(`${model}::retrieve`) && !connection.operations.includes(`${model}::list`)) {
    throw new AppError('SERVICE::BAD_REQUEST', `The connection's operations include neither ${model}::retrieve nor ${model}::list`);
  }
  return operations.retrieve(connectorContext(connection, module), id, {});
}

// Outcomes that another try cannot change: deliver the reference alone at once.
const FINAL_CODES = new Set([
  'CONNECTOR::OPERATION::RESOURCE_NOT_FOUND',
  'CONNECTOR::OPERATION::NOT_FOUND',
  'CONNECTOR::OPERATION::BAD_REQUEST',
  'SERVICE::CONNECTION::ACCESS_TOKEN_MISSIN',
  'SERVICE::BAD_REQUEST',
]);

/** One claimed event: fetch its record and complete it, or schedule another try, or give up keeping the reference. */
export async function enrichEvent(row: EnrichmentRow, workerId: string): Promise<void> {
  const { db } = getRuntime();
  const event = db.select().from(events).where(eq(events.id, row.eventId)).get();
  if (!event) return; // deleted with its organization: the row went with it
  const connection = db.select().from(connections).where(eq(connections.id, row.connectionId)).get();
  if (!connection) {
    complete(
      row,
      workerId,
      withWarning(event.data, { code: 'RECORD_NOT_FETCHED', message: 'The connection was deleted before the record could be fetched' }),
    );
    return;
  }
  const model = event.data.model as Model;
  const remoteId = String(event.data.id);
  try {
    const module = connectorModule(connection.connectorId as ConnectorId);
    const record = await fetchRecord(module, connection, model, remoteId);
    complete(row, workerId, withRecord(event.data, record));
  } catch (error) {
    const code = error instanceof AppError ? error.code : 'CONNECTOR::UNKNOWN_ERROR';
    const message = error instanceof AppError ? error.message : 'the vendor could not be reached';
    const attempts = row.attempts + 1;
    const delay = ENRICH_RETRY_MS[attempts - 1];
    if (FINAL_CODES.has(code) || delay === undefined) {
      const why = code === 'CONNECTOR::OPERATION::RESOURCE_NOT_FOUND' ? 'The record no longer exists at the vendor' : message;
      complete(row, workerId, withWarning(event.data, { code: 'RECORD_NOT_FETCHED', message: `${why} (${code})` }));
      return;
    }
    log.info('record fetch for an event failed; trying again', { eventId: row.eventId, attempts, ...errorFields(error) });
    db.update(eventEnrichments)
      .set({
        attempts,
        lastError: `${code}: ${message}`,
        nextAttemptAt: new Date(Date.now() + delay).toISOString(),
        leaseOwner: null,
        leaseExpiresAt: null,
      })
      .where(and(eq(eventEnrichments.eventId, row.eventId), eq(eventEnrichments.leaseOwner, workerId)))
      .run();
  }
}

/** One pass of a worker: claim due record fetches and run them concurrently (bounded by the claim size). */
export async function runEnrichmentPass(options: { workerId: string; limit?: number; now?: Date }): Promise<number> {
  const claimed = claimDueEnrichments({
    workerId: options.workerId,
    limit: options.limit ?? 32,
    ...(options.now ? { now: options.now } : {}),
  });
  await Promise.all(claimed.map((row) => enrichEvent(row, options.workerId)));
  return claimed.length;
}
