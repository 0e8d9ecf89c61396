import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { connectorModule } from '../connectors/registry';
import type { ConnectorId } from '../connectors/types';
import { connectionHooks, connections } from '../db/schema';
import { AppError } from '../errors';
import { errorFields, log } from '../log';
import { getRuntime, nowIso } from '../runtime';
import type { ConnectionRow } from './connections';
import { recordChange, type InboundResult } from './inbound-hooks';
import { connectorContext } from './vendor-calls';

export type HookRow = typeof connectionHooks.$inferSelect;
const secretContext = (id: string) => `connection_hooks:${id}`;

export function hookUrl(row: Pick<HookRow, 'id' | 'organizationId'>, connectorId: string): string {
  return `${getRuntime().env.baseUrl}/v1/hook/${row.organizationId}/prod/${connectorId}/connection/${row.id}`;
}

export function hookSecret(row: HookRow): string {
  return getRuntime().keyring.decrypt('webhook-secret', row.secretCiphertext, secretContext(row.id));
}

export function findHook(connectionId: string): HookRow | undefined {
  return getRuntime().db.select().from(connectionHooks).where(eq(connectionHooks.connectionId, connectionId)).get();
}

/** The connection's hook (URL + secret), created on first need. */
export function ensureHook(connection: ConnectionRow): HookRow {
  const existing = findHook(connection.id);
  if (existing) return existing;
  const { db, keyring } = getRuntime();
  const id = `hk_${randomBytes(32).toString('base64url')}`;
  const now = nowIso();
  const row: HookRow = {
    id,
    organizationId: connection.organizationId,
    connectionId: connection.id,
    secretCiphertext: keyring.encrypt('webhook-secret', randomBytes(32).toString('base64url'), secretContext(id)),
    vendorState: null,
    createdAt: now,
    updatedAt: now,
  };
  db.insert(connectionHooks).values(row).run();
  return row;
}

export function saveHookState(hookId: string, state: Record<string, string> | null): void {
  getRuntime().db.update(connectionHooks).set({ vendorState: state, updatedAt: nowIso() }).where(eq(connectionHooks.id, hookId)).run();
}

/** Forgets a connection's hook (the vendor holds nothing for it). */
export function removeHook(connectionId: string): void {
  getRuntime().db.delete(connectionHooks).where(eq(connectionHooks.connectionId, connectionId)).run();
}

/** Removes everything registered at the vendor and revokes the hook URL; failures are logged, never block. */
export async function tearDownHook(connection: ConnectionRow): Promise<void> {
  const hook = findHook(connection.id);
  if (!hook) return;
  const module = connectorModule(connection.connectorId as ConnectorId);
  if (hook.vendorState && module.events) {
    try {
      await module.events.unsubscribe(connectorContext(connection, module), hook.vendorState);
    } catch (error) {
      log.warn('vendor unsubscription failed while removing a connection hook', { connectionId: connection.id, ...errorFields(error) });
    }
  }
  getRuntime().db.delete(connectionHooks).where(eq(connectionHooks.id, hook.id)).run();
}

/**
 * POST /v1/hook/{org}/prod/{connector}/connection/{hookId}: a native subscription's delivery. The unguessable id
 * finds the connection; the connector verifies the vendor's signature with the hook's secret; nothing is recorded
 * unless both hold.
 */
export function receiveConnectionHook(options: {
  organizationId: string;
  connectorId: string;
  hookId: string;
  rawBody: string;
  headers: Headers;
}): InboundResult {
  const { db } = getRuntime();
  const hook = db
    .select()
    .from(connectionHooks)
    .where(and(eq(connectionHooks.id, options.hookId), eq(connectionHooks.organizationId, options.organizationId)))
    .get();
  const connection = hook ? db.select().from(connections).where(eq(connections.id, hook.connectionId)).get() : undefined;
  if (!hook || !connection || connection.connectorId !== options.connectorId) {
    throw new AppError('WEBHOOK::NOT_FOUND', 'This hook URL is unknown or was revoked');
  }
  const module = connectorModule(connection.connectorId as ConnectorId);
  if (!module.events) throw new AppError('WEBHOOK::NOT_FOUND', 'This connector has no native hooks');
  const parsed = module.events.parseHook({ rawBody: options.rawBody, headers: options.headers, secret: hookSecret(hook), now: Date.now() });
  if ('error' in parsed) throw new AppError('CONNECTOR::WEBHOOK::VALIDATION_FAILED', `The hook could not be verified: ${parsed.error}`);
  const result: InboundResult = { received: parsed.length, recorded: 0, duplicates: 0, unrouted: 0 };
  for (const change of parsed) recordChange(connection, change, result);
  return result;
}
