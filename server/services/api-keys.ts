import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { newId, newSecret, safeEqual } from '../crypto/random';
import type { Db } from '../db/client';
import { prepared } from '../db/prepared';
import { apiKeys } from '../db/schema';
import { AppError } from '../errors';
import { getRuntime, nowIso } from '../runtime';

export interface ApiKeyView {
  id: string;
  publicKey: string;
  label: string;
  status: 'active' | 'revoked';
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

export interface ApiCaller {
  organizationId: string;
  apiKeyId: string;
  /** The caller's secret: the key for `application/jwt` bodies. */
  secret: string;
}

type ApiKeyRow = typeof apiKeys.$inferSelect;

const secretContext = (id: string) => `api_keys:${id}`;

function toView(row: ApiKeyRow): ApiKeyView {
  const { id, publicKey, label, status, createdAt, revokedAt, lastUsedAt } = row;
  return { id, publicKey, label, status, createdAt, revokedAt, lastUsedAt };
}

/** Creates a key pair; the secret is returned here once and only stored encrypted. */
export function createApiKey(options: { organizationId: string; label: string; publicKey?: string; secret?: string }): {
  apiKey: ApiKeyView;
  secret: string;
} {
  const { db, keyring } = getRuntime();
  const id = newId('key');
  const secret = options.secret ?? newSecret('sk');
  const row: ApiKeyRow = {
    id,
    organizationId: options.organizationId,
    publicKey: options.publicKey ?? newSecret('pk'),
    secretCiphertext: keyring.encrypt('api-key-secret', secret, secretContext(id)),
    label: options.label,
    status: 'active',
    createdAt: nowIso(),
    revokedAt: null,
    lastUsedAt: null,
    replacedById: null,
  };
  db.insert(apiKeys).values(row).run();
  return { apiKey: toView(row), secret };
}

export function listApiKeys(options: { organizationId: string }): ApiKeyView[] {
  const { db } = getRuntime();
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.organizationId, options.organizationId))
    .orderBy(desc(apiKeys.createdAt))
    .all()
    .map(toView);
}

function findOwnKey(organizationId: string, id: string): ApiKeyRow {
  const { db } = getRuntime();
  const row = db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.organizationId, organizationId)))
    .get();
  if (!row) throw new AppError('SERVICE::BAD_REQUEST', `id: no API key ${id} in this organization`, { status: 404 });
  return row;
}

/** Revokes a key pair; every later request with it is refused at once. */
export function revokeApiKey(options: { organizationId: string; id: string }): ApiKeyView {
  const { db } = getRuntime();
  const row = findOwnKey(options.organizationId, options.id);
  if (row.status === 'revoked') return toView(row);
  const revokedAt = nowIso();
  db.update(apiKeys).set({ status: 'revoked', revokedAt }).where(eq(apiKeys.id, row.id)).run();
  return toView({ ...row, status: 'revoked', revokedAt });
}

/** Rotation: a new pair with the same label replaces the old one, which is revoked in the same transaction. */
export function rotateApiKey(options: { organizationId: string; id: string }): { apiKey: ApiKeyView; secret: string } {
  const { db } = getRuntime();
  return db.transaction(() => {
    const old = findOwnKey(options.organizationId, options.id);
    if (old.status === 'revoked') throw new AppError('SERVICE::BAD_REQUEST', `id: API key ${old.id} is revoked and cannot be rotated`);
    const created = createApiKey({ organizationId: options.organizationId, label: old.label });
    db.update(apiKeys).set({ status: 'revoked', revokedAt: nowIso(), replacedById: created.apiKey.id }).where(eq(apiKeys.id, old.id)).run();
    return created;
  });
}

// The lookup of every authenticated /v1 call.
function buildApiKeyLookup(db: Db) {
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.publicKey, sql.placeholder('publicKey')))
    .prepare();
}
// A ciphertext of a random secret, decrypted when the key is unknown so that both paths do the same work.
let decoy: string | undefined;
const LAST_USED_GRANULARITY_MS = 60_000;

export type ApiKeyCheck = { caller: ApiCaller } | { error: AppError; organizationId?: string };

/**
 * Checks `x-api-key` / `x-api-secret`. A failure is a 401 with SERVICE::BAD_REQUEST naming the header
 * (ARCHITECTURE.md); the organization is still reported when the key exists, so the request log can show it.
 */
export function authenticateApiKey(options: { publicKey: string | null; secret: string | null }): ApiKeyCheck {
  const fail = (message: string, organizationId?: string): ApiKeyCheck => ({
    error: new AppError('SERVICE::BAD_REQUEST', message, { status: 401 }),
    ...(organizationId ? { organizationId } : {}),
  });
  if (!options.publicKey) return fail('header x-api-key: is required');
  const { db, keyring } = getRuntime();
  const row = prepared(db, 'apiKeyByPublicKey', buildApiKeyLookup).get({ publicKey: options.publicKey });
  if (!row) {
    decoy ??= keyring.encrypt('api-key-secret', newSecret('sk'), 'decoy');
    keyring.decrypt('api-key-secret', decoy, 'decoy');
    return fail('header x-api-key: unknown API key');
  }
  if (row.status === 'revoked') return fail('header x-api-key: this API key has been revoked', row.organizationId);
  if (!options.secret) return fail('header x-api-secret: is required', row.organizationId);
  const secret = keyring.decrypt('api-key-secret', row.secretCiphertext, secretContext(row.id));
  if (!safeEqual(secret, options.secret)) return fail('header x-api-secret: does not match x-api-key', row.organizationId);

  const now = Date.now();
  if (!row.lastUsedAt || now - Date.parse(row.lastUsedAt) > LAST_USED_GRANULARITY_MS) {
    db.update(apiKeys)
      .set({ lastUsedAt: new Date(now).toISOString() })
      .where(eq(apiKeys.id, row.id))
      .run();
  }
  return { caller: { organizationId: row.organizationId, apiKeyId: row.id, secret } };
}
