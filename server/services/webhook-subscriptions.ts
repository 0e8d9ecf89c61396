import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { EVENT_SOURCES, type Trigger } from '../connectors/event-sources';
import type { SubscriptionWanted } from '../connectors/framework';
import { connectorModule } from '../connectors/registry';
import type { ConnectorId } from '../connectors/types';
import { getConnector } from '../connectors/catalogue';
import { newId } from '../crypto/random';
import { connections, pollingStates, webhookSubscriptions } from '../db/schema';
import { AppError } from '../errors';
import type { Model } from '../models/operations';
import { getRuntime, nowIso } from '../runtime';
import { ensureHook, findHook, hookSecret, hookUrl, removeHook, saveHookState, tearDownHook } from './connection-hooks';
import type { ConnectionRow, ListWrapper } from './connections';
import { connectorContext } from './vendor-calls';

export interface WebhookView {
  object: 'webhook';
  model: string;
  trigger: string;
  createdAt: string;
  updatedAt: string;
}

type SubscriptionRow = typeof webhookSubscriptions.$inferSelect;
const toView = (row: SubscriptionRow): WebhookView => ({
  object: 'webhook',
  model: row.model,
  trigger: row.trigger,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

function split(event: string): { model: Model; trigger: Trigger } {
  const [model, trigger] = event.split('::') as [Model, Trigger];
  return { model, trigger };
}

/** Which of the events the connector can serve, and how; the first it cannot is named in the error. */
function resolveSources(connection: ConnectionRow, events: readonly string[]) {
  const connector = getConnector(connection.connectorId);
  const sources = EVENT_SOURCES[connector.id] ?? {};
  return events.map((event, index) => {
    const { model, trigger } = split(event);
    const source = sources[model];
    if (!source?.triggers.includes(trigger)) {
      throw new AppError('CONNECTOR::WEBHOOKS_NOT_SUPPORTED', `body.events[${index}]: ${connector.name} cannot send ${event}`);
    }
    return { model, trigger, kind: source.kind };
  });
}

function currentSubscriptions(connectionId: string): SubscriptionRow[] {
  return getRuntime().db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.connectionId, connectionId)).all();
}

/**
 * Makes the vendor send exactly the connection's native subscriptions to the connection's hook (or removes the hook
 * when none is left). Runs before the database changes, so a vendor refusal leaves everything as it was.
 */
async function syncNative(connection: ConnectionRow, wanted: SubscriptionWanted[], failure: 'subscribe' | 'unsubscribe'): Promise<void> {
  const module = connectorModule(connection.connectorId as ConnectorId);
  if (!module.events) return;
  const code = failure === 'subscribe' ? 'CONNECTOR::WEBHOOK::SUBSCRIPTION_FAILED' : 'CONNECTOR::WEBHOOK::UNSUBSCRIPTION_FAILED';
  const hadHook = Boolean(findHook(connection.id));
  try {
    if (wanted.length === 0) {
      await tearDownHook(connection);
      return;
    }
    const hook = ensureHook(connection);
    const state = await module.events.subscribe(connectorContext(connection, module), {
      hookUrl: hookUrl(hook, connection.connectorId),
      secret: hookSecret(hook),
      wanted,
      state: hook.vendorState ?? null,
    });
    saveHookState(hook.id, state);
  } catch (error) {
    // A hook made for this call and refused by the vendor leaves nothing behind.
    if (!hadHook) removeHook(connection.id);
    const reason = error instanceof AppError ? error.message : 'the vendor could not be reached';
    throw new AppError(
      code,
      `${module.declaration.name} refused the ${failure === 'subscribe' ? 'subscription' : 'unsubscription'}: ${reason}`,
      { cause: error },
    );
  }
}

const nativeOf = (rows: { model: string; trigger: string; kind: string }[]): SubscriptionWanted[] =>
  rows.filter((row) => row.kind === 'native').map((row) => ({ model: row.model as Model, trigger: row.trigger as Trigger }));

// POST /v1/webhooks: subscribe the connection to events; subscribing twice changes nothing.
export async function subscribe(options: { connection: ConnectionRow; events: readonly string[] }): Promise<WebhookView[]> {
  const { db } = getRuntime();
  const { connection } = options;
  const resolved = resolveSources(connection, [...new Set(options.events)]);
  const existing = currentSubscriptions(connection.id);
  const isNew = (item: { model: string; trigger: string }) =>
    !existing.some((row) => row.model === item.model && row.trigger === item.trigger);
  const added = resolved.filter(isNew);
  if (added.some((item) => item.kind === 'native')) await syncNative(connection, nativeOf([...existing, ...added]), 'subscribe');
  return db.transaction(() =>
    resolved.map(({ model, trigger, kind }) => {
      const now = nowIso();
      const id = newId('whk');
      const inserted = db
        .insert(webhookSubscriptions)
        .values({
          id,
          organizationId: connection.organizationId,
          connectionId: connection.id,
          model,
          trigger,
          kind,
          state: 'active',
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .run().changes;
      // Polling starts from now: only changes after the subscription are events.
      if (inserted && kind === 'polling') {
        db.insert(pollingStates)
          .values({
            subscriptionId: id,
            watermark: now,
            nextPollAt: now,
            leaseOwner: null,
            leaseExpiresAt: null,
            lastError: null,
            updatedAt: now,
          })
          .run();
      }
      const row = db
        .select()
        .from(webhookSubscriptions)
        .where(
          and(
            eq(webhookSubscriptions.connectionId, connection.id),
            eq(webhookSubscriptions.model, model),
            eq(webhookSubscriptions.trigger, trigger),
          ),
        )
        .get();
      if (!row) throw new AppError('ADAPTER::WEBHOOK::CREATE_FAILED', `The subscription to ${model}::${trigger} could not be stored`);
      return toView(row);
    }),
  );
}

// GET /v1/webhooks
export function listSubscriptions(options: { connection: ConnectionRow }): ListWrapper<WebhookView> {
  const rows = getRuntime()
    .db.select()
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.connectionId, options.connection.id))
    .orderBy(asc(webhookSubscriptions.model), asc(webhookSubscriptions.trigger))
    .all();
  return { object: 'list', data: rows.map(toView), next: null };
}

// DELETE /v1/webhooks: every named subscription must exist, else WEBHOOK::NOT_FOUND naming it and nothing changes.
export async function unsubscribe(options: { connection: ConnectionRow; events: readonly string[] }): Promise<void> {
  const { db } = getRuntime();
  const existing = currentSubscriptions(options.connection.id);
  const removing = options.events.map((event, index) => {
    const { model, trigger } = split(event);
    const row = existing.find((candidate) => candidate.model === model && candidate.trigger === trigger);
    if (!row) throw new AppError('WEBHOOK::NOT_FOUND', `body.events[${index}]: the connection is not subscribed to ${event}`);
    return row;
  });
  const remaining = existing.filter((row) => !removing.includes(row));
  if (removing.some((row) => row.kind === 'native')) await syncNative(options.connection, nativeOf(remaining), 'unsubscribe');
  db.transaction(() => {
    for (const row of removing) db.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, row.id)).run();
  });
}

/** Whether a connection wants an event (inbound hooks drop what nobody subscribed to). */
export function isSubscribed(connectionId: string, model: string, trigger: Trigger): boolean {
  return Boolean(
    getRuntime()
      .db.select({ id: webhookSubscriptions.id })
      .from(webhookSubscriptions)
      .where(
        and(
          eq(webhookSubscriptions.connectionId, connectionId),
          eq(webhookSubscriptions.model, model),
          eq(webhookSubscriptions.trigger, trigger),
          eq(webhookSubscriptions.state, 'active'),
        ),
      )
      .get(),
  );
}

/** Every subscription of an organization with its connection, for the dashboard's Webhooks page. */
export function listOrganizationSubscriptions(options: { organizationId: string }) {
  return getRuntime()
    .db.select({
      id: webhookSubscriptions.id,
      connectorId: connections.connectorId,
      ownerId: connections.ownerId,
      model: webhookSubscriptions.model,
      trigger: webhookSubscriptions.trigger,
      kind: webhookSubscriptions.kind,
      state: webhookSubscriptions.state,
      createdAt: webhookSubscriptions.createdAt,
      updatedAt: webhookSubscriptions.updatedAt,
    })
    .from(webhookSubscriptions)
    .innerJoin(connections, eq(connections.id, webhookSubscriptions.connectionId))
    .where(eq(webhookSubscriptions.organizationId, options.organizationId))
    .orderBy(asc(connections.connectorId), asc(connections.ownerId), asc(webhookSubscriptions.model), asc(webhookSubscriptions.trigger))
    .all();
}
