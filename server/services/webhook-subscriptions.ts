import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { EVENT_SOURCES, type Trigger } from '../connectors/event-sources';
import { getConnector } from '../connectors/catalogue';
import { newId } from '../crypto/random';
import { connections, webhookSubscriptions } from '../db/schema';
import { AppError } from '../errors';
import type { Model } from '../models/operations';
import { getRuntime, nowIso } from '../runtime';
import type { ConnectionRow, ListWrapper } from './connections';

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

// POST /v1/webhooks: subscribe the connection to events; subscribing twice changes nothing.
export function subscribe(options: { connection: ConnectionRow; events: readonly string[] }): WebhookView[] {
  const { db } = getRuntime();
  const resolved = resolveSources(options.connection, [...new Set(options.events)]);
  return db.transaction(() =>
    resolved.map(({ model, trigger, kind }) => {
      const now = nowIso();
      db.insert(webhookSubscriptions)
        .values({
          id: newId('whk'),
          organizationId: options.connection.organizationId,
          connectionId: options.connection.id,
          model,
          trigger,
          kind,
          state: 'active',
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .run();
      const row = db
        .select()
        .from(webhookSubscriptions)
        .where(
          and(
            eq(webhookSubscriptions.connectionId, options.connection.id),
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
export function unsubscribe(options: { connection: ConnectionRow; events: readonly string[] }): void {
  const { db } = getRuntime();
  db.transaction(() => {
    options.events.forEach((event, index) => {
      const { model, trigger } = split(event);
      const removed = db
        .delete(webhookSubscriptions)
        .where(
          and(
            eq(webhookSubscriptions.connectionId, options.connection.id),
            eq(webhookSubscriptions.model, model),
            eq(webhookSubscriptions.trigger, trigger),
          ),
        )
        .run().changes;
      if (removed === 0) throw new AppError('WEBHOOK::NOT_FOUND', `body.events[${index}]: the connection is not subscribed to ${event}`);
    });
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
