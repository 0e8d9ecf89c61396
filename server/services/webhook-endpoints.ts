import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { newId } from '../crypto/random';
import { webhookEndpoints } from '../db/schema';
import { AppError } from '../errors';
import { getRuntime, nowIso } from '../runtime';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

export interface EndpointView {
  id: string;
  url: string;
  events: string[] | null;
  enabled: boolean;
  rotating: boolean;
  createdAt: string;
  updatedAt: string;
}

// Standard Webhooks secrets: `whsec_` + base64 of 24–64 random bytes (https://www.standardwebhooks.com/).
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
const secretContext = (id: string, which: 'current' | 'previous') => `webhook_endpoints:${id}:${which}`;
const DEFAULT_ROTATION_OVERLAP_MS = 24 * 3600_000;

function toView(row: EndpointRow): EndpointView {
  return {
    id: row.id,
    url: row.url,
    events: row.events ?? null,
    enabled: row.enabled,
    rotating: Boolean(row.previousSecretExpiresAt && Date.parse(row.previousSecretExpiresAt) > Date.now()),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function checkUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AppError('SERVICE::BAD_REQUEST', 'url: must be an absolute http(s) URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new AppError('SERVICE::BAD_REQUEST', 'url: must be an absolute http(s) URL');
}

export function createWebhookEndpoint(options: { organizationId: string; url: string; events?: string[] | null; secret?: string }): {
  endpoint: EndpointView;
  secret: string;
} {
  checkUrl(options.url);
  const { db, keyring } = getRuntime();
  const id = newId('whe');
  const secret = options.secret ?? newWebhookSecret();
  const now = nowIso();
  const row: EndpointRow = {
    id,
    organizationId: options.organizationId,
    url: options.url,
    secretCiphertext: keyring.encrypt('webhook-secret', secret, secretContext(id, 'current')),
    previousSecretCiphertext: null,
    previousSecretExpiresAt: null,
    events: options.events && options.events.length > 0 ? options.events : null,
    enabled: true,
    createdAt: now,
    updatedAt: now,
  };
  db.insert(webhookEndpoints).values(row).run();
  return { endpoint: toView(row), secret };
}

export function listWebhookEndpoints(options: { organizationId: string }): EndpointView[] {
  return getRuntime()
    .db.select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, options.organizationId))
    .orderBy(desc(webhookEndpoints.createdAt))
    .all()
    .map(toView);
}

function ownEndpoint(organizationId: string, id: string): EndpointRow {
  const row = getRuntime()
    .db.select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, organizationId)))
    .get();
  if (!row) throw new AppError('WEBHOOK::NOT_FOUND', `id: no webhook endpoint ${id} in this organization`);
  return row;
}

export function updateWebhookEndpoint(options: {
  organizationId: string;
  id: string;
  url?: string;
  events?: string[] | null;
  enabled?: boolean;
}): EndpointView {
  const row = ownEndpoint(options.organizationId, options.id);
  if (options.url !== undefined) checkUrl(options.url);
  const changes = {
    ...(options.url !== undefined ? { url: options.url } : {}),
    ...(options.events !== undefined ? { events: options.events && options.events.length > 0 ? options.events : null } : {}),
    ...(options.enabled !== undefined ? { enabled: options.enabled } : {}),
    updatedAt: nowIso(),
  };
  getRuntime().db.update(webhookEndpoints).set(changes).where(eq(webhookEndpoints.id, row.id)).run();
  return toView({ ...row, ...changes });
}

export function deleteWebhookEndpoint(options: { organizationId: string; id: string }): void {
  const row = ownEndpoint(options.organizationId, options.id);
  getRuntime().db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row.id)).run();
}

/** A new secret; the old one keeps signing next to it for the overlap window, so receivers can switch safely. */
export function rotateWebhookSecret(options: { organizationId: string; id: string; overlapMs?: number }): {
  endpoint: EndpointView;
  secret: string;
} {
  const { db, keyring } = getRuntime();
  const row = ownEndpoint(options.organizationId, options.id);
  const previous = keyring.decrypt('webhook-secret', row.secretCiphertext, secretContext(row.id, 'current'));
  const secret = newWebhookSecret();
  const changes = {
    secretCiphertext: keyring.encrypt('webhook-secret', secret, secretContext(row.id, 'current')),
    previousSecretCiphertext: keyring.encrypt('webhook-secret', previous, secretContext(row.id, 'previous')),
    previousSecretExpiresAt: new Date(Date.now() + (options.overlapMs ?? DEFAULT_ROTATION_OVERLAP_MS)).toISOString(),
    updatedAt: nowIso(),
  };
  db.update(webhookEndpoints).set(changes).where(eq(webhookEndpoints.id, row.id)).run();
  return { endpoint: toView({ ...row, ...changes }), secret };
}

/** The secrets that sign a delivery now: the current one, plus the previous one during a rotation. */
export function signingSecrets(row: EndpointRow, now = Date.now()): string[] {
  const { keyring } = getRuntime();
  const secrets = [keyring.decrypt('webhook-secret', row.secretCiphertext, secretContext(row.id, 'current'))];
  if (row.previousSecretCiphertext && row.previousSecretExpiresAt && Date.parse(row.previousSecretExpiresAt) > now) {
    secrets.push(keyring.decrypt('webhook-secret', row.previousSecretCiphertext, secretContext(row.id, 'previous')));
  }
  return secrets;
}
