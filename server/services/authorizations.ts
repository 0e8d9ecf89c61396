import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, lt, or } from 'drizzle-orm';
import { getConnector } from '../connectors/catalogue';
import type { Identity } from '../connectors/identity';
import type { ConnectorDeclaration } from '../connectors/types';
import { newId } from '../crypto/random';
import { authorizationAttempts, connections } from '../db/schema';
import { AppError } from '../errors';
import { READ_ACTIONS, splitOperation, type Operation } from '../models/operations';
import { getRuntime, nowIso } from '../runtime';
import { resolveApiBaseUrl, resolveClientCredentials, resolveOAuthEndpoints } from './connector-apps';
import { requireConnection, searchTextForConnection, type ConnectionRow } from './connections';
import { sealCredentials } from './credentials';
import { buildAuthorizeUrl, pkcePair, type OAuthConnector, type OAuthSetup } from './oauth-client';
import { verifyChargebeeKey } from './chargebee-key';

// ARCHITECTURE.md, "OAuth": state is 128 random bits, single use, expiring after 10 minutes.
const STATE_TTL_MS = 10 * 60_000;

export interface ConnectionAuthorizationView {
  object: 'connectionAuthorization';
  connectorId: string;
  ownerId: string;
  status: 'awaitingAuthorization' | 'authorized';
  authorizationUrl?: string;
}

export type AttemptRow = typeof authorizationAttempts.$inferSelect;

export const hashState = (state: string) => createHash('sha256').update(state).digest('base64url');

/** Scopes = the connector's base scopes ∪ the requested scopes ∪ the scopes of the connection's operations. */
export function scopesFor(connector: OAuthConnector, operations: readonly string[], requested: readonly string[]): string[] {
  const scopes = new Set<string>([...connector.auth.baseScopes, ...requested]);
  for (const operation of operations) {
    const { model, action } = splitOperation(operation as Operation);
    const table = connector.auth.scopes[model];
    for (const scope of (READ_ACTIONS.has(action) ? table?.read : table?.write) ?? []) scopes.add(scope);
  }
  return [...scopes];
}

function checkSettings(connector: ConnectorDeclaration, settings: Record<string, string>): void {
  const allowed = new Set([
    ...(connector.auth.kind === 'apiKey' ? connector.auth.requiredSettings : []),
    ...(connector.optionalSettings ?? []),
  ]);
  for (const key of Object.keys(settings)) {
    if (allowed.has(key)) continue;
    if (key === 'apiKey' && connector.auth.kind === 'oauth2') {
      throw new AppError(
        'SERVICE::CONNECTION::AUTH_TYPE_NOT_SUPPORTED',
        `settings.apiKey: ${connector.name} authorizes through OAuth 2, not an API key`,
      );
    }
    throw new AppError(
      'SERVICE::BAD_REQUEST',
      `settings.${key}: is not a setting of ${connector.name}${allowed.size ? ` (known: ${[...allowed].join(', ')})` : ''}`,
    );
  }
  if (settings.env !== undefined && !['production', 'sandbox'].includes(settings.env)) {
    throw new AppError('SERVICE::BAD_REQUEST', 'settings.env: must be production or sandbox');
  }
}

export interface StartAuthorizationOptions {
  organizationId: string;
  connectorId: string;
  ownerId: string;
  scopes: string[];
  settings: Record<string, string>;
  redirectUrl?: string;
  mode: 'direct' | 'connect';
  via: 'apiKey' | 'session';
}

// POST /v1/connections/{connectorId}/{ownerId}/authorization and POST /v1/s/connection/authorization
export async function startAuthorization(options: StartAuthorizationOptions): Promise<ConnectionAuthorizationView> {
  const connector = getConnector(options.connectorId);
  const connection = requireConnection(options);
  checkSettings(connector, options.settings);
  if (connector.auth.kind === 'apiKey') return authorizeWithApiKey(connector, connection, options);
  const oauthConnector = connector as OAuthConnector;

  const scopes = scopesFor(oauthConnector, connection.operations, options.scopes);
  const granted = new Set(connection.grantedScopes ?? []);
  if (connection.status === 'authorized' && scopes.every((scope) => granted.has(scope))) {
    return { object: 'connectionAuthorization', connectorId: connector.id, ownerId: connection.ownerId, status: 'authorized' };
  }

  const { env, db, keyring } = getRuntime();
  const setup: OAuthSetup = {
    connector: oauthConnector,
    endpoints: resolveOAuthEndpoints(oauthConnector, options.settings),
    client: resolveClientCredentials({ organizationId: options.organizationId, connectorId: connector.id }),
  };
  const state = randomBytes(16).toString('base64url');
  const pkce = oauthConnector.auth.pkce ? await pkcePair() : undefined;
  const authorizeUrl = buildAuthorizeUrl(setup, {
    redirectUri: `${env.baseUrl}/v1/oauth/callback`,
    state,
    scopes,
    ...(pkce ? { codeChallenge: pkce.challenge } : {}),
  });
  const id = newId('auth');
  const now = Date.now();
  db.insert(authorizationAttempts)
    .values({
      id,
      organizationId: options.organizationId,
      connectionId: connection.id,
      connectorId: connector.id,
      ownerId: connection.ownerId,
      status: 'pending',
      mode: options.mode,
      via: options.via,
      scopes,
      redirectUrl: options.redirectUrl ?? null,
      authorizeUrl,
      stateHash: hashState(state),
      codeVerifierCiphertext: pkce ? keyring.encrypt('vendor-credentials', pkce.verifier, `authorization_attempts:${id}`) : null,
      settings: options.settings,
      expiresAt: new Date(now + STATE_TTL_MS).toISOString(),
      consumedAt: null,
      errorCode: null,
      errorMessage: null,
      createdAt: new Date(now).toISOString(),
      completedAt: null,
    })
    .run();
  return {
    object: 'connectionAuthorization',
    connectorId: connector.id,
    ownerId: connection.ownerId,
    status: 'awaitingAuthorization',
    authorizationUrl: options.mode === 'connect' ? `${env.baseUrl}/connect/${id}` : authorizeUrl,
  };
}

/** Chargebee: the key is checked with one vendor read before the connection counts as authorized. */
async function authorizeWithApiKey(
  connector: ConnectorDeclaration,
  connection: ConnectionRow,
  options: StartAuthorizationOptions,
): Promise<ConnectionAuthorizationView> {
  const required = connector.auth.kind === 'apiKey' ? connector.auth.requiredSettings : [];
  const missing = required.filter((key) => !options.settings[key]?.trim());
  if (missing.length > 0) {
    throw new AppError(
      'SERVICE::CONNECTION::MISSING_REQUIRED_AUTHORIZATION_SETTINGS',
      `${missing.map((key) => `settings.${key}`).join(', ')}: required to authorize ${connector.name}`,
    );
  }
  const site = (options.settings.site ?? '').trim().toLowerCase();
  const apiKey = (options.settings.apiKey ?? '').trim();
  const identity: Identity = { site };
  const { db } = getRuntime();
  const attemptId = newId('auth');
  const base = {
    id: attemptId,
    organizationId: options.organizationId,
    connectionId: connection.id,
    connectorId: connector.id,
    ownerId: connection.ownerId,
    mode: 'apiKey' as const,
    via: options.via,
    scopes: [],
    redirectUrl: options.redirectUrl ?? null,
    createdAt: nowIso(),
  };
  try {
    await verifyChargebeeKey({ baseUrl: resolveApiBaseUrl(connector, identity), site, apiKey });
  } catch (error) {
    const appError =
      error instanceof AppError
        ? error
        : new AppError('SERVICE::CONNECTION::AUTHORIZATION_RETRIEVE_FAILED', 'Chargebee could not be reached');
    db.insert(authorizationAttempts)
      .values({ ...base, status: 'failed', errorCode: appError.code, errorMessage: appError.message, completedAt: nowIso() })
      .run();
    throw appError;
  }
  db.transaction(() => {
    storeAuthorization(connection, { kind: 'apiKey', apiKey }, { identity, scopes: [], expiresAt: null });
    db.insert(authorizationAttempts)
      .values({ ...base, status: 'authorized', completedAt: nowIso() })
      .run();
  });
  return { object: 'connectionAuthorization', connectorId: connector.id, ownerId: connection.ownerId, status: 'authorized' };
}

/** Writes new credentials and identity and marks the connection authorized (call inside a transaction). */
export function storeAuthorization(
  connection: ConnectionRow,
  credentials: Parameters<typeof sealCredentials>[1],
  details: { identity: Identity; scopes: string[]; expiresAt: string | null },
): void {
  const { db } = getRuntime();
  const now = nowIso();
  db.update(connections)
    .set({
      status: 'authorized',
      credentialsCiphertext: sealCredentials(connection.id, credentials),
      credentialsVersion: connection.credentialsVersion + 1,
      accessTokenExpiresAt: details.expiresAt,
      grantedScopes: details.scopes,
      identity: details.identity,
      searchText: searchTextForConnection(connection, details.identity),
      updatedAt: now,
      authorizedAt: now,
    })
    .where(eq(connections.id, connection.id))
    .run();
}

export interface ConnectPageView {
  id: string;
  connectorName: string;
  connectorId: string;
  category: string;
  logo: string;
  ownerId: string;
  scopes: string[];
  operations: string[];
  authorizeUrl: string | null;
  state: 'ready' | 'expired' | 'used';
}

/** The hosted connect page (`mode=connect`): what is being asked for, and where the Connect button goes. */
export function getConnectPage(options: { id: string }): ConnectPageView | null {
  const { db } = getRuntime();
  const attempt = db.select().from(authorizationAttempts).where(eq(authorizationAttempts.id, options.id)).get();
  if (!attempt || attempt.mode !== 'connect') return null;
  const connector = getConnector(attempt.connectorId);
  const connection = attempt.connectionId ? db.select().from(connections).where(eq(connections.id, attempt.connectionId)).get() : undefined;
  const expired = !attempt.expiresAt || Date.parse(attempt.expiresAt) < Date.now();
  return {
    id: attempt.id,
    connectorName: connector.name,
    connectorId: connector.id,
    category: connector.category,
    logo: connector.logo,
    ownerId: attempt.ownerId,
    scopes: attempt.scopes,
    operations: connection?.operations ?? [],
    authorizeUrl: attempt.consumedAt || expired ? null : attempt.authorizeUrl,
    state: attempt.consumedAt ? 'used' : expired ? 'expired' : 'ready',
  };
}

/** Authorization attempts for the dashboard, newest first; `before` is the `createdAt~id` of the last row seen. */
export function listAuthorizationAttempts(options: {
  organizationId: string;
  connectionId?: string;
  limit: number;
  before?: string;
}): AttemptRow[] {
  const { db } = getRuntime();
  const [beforeCreatedAt, beforeId = ''] = options.before?.split('~') ?? [];
  return db
    .select()
    .from(authorizationAttempts)
    .where(
      and(
        eq(authorizationAttempts.organizationId, options.organizationId),
        options.connectionId ? eq(authorizationAttempts.connectionId, options.connectionId) : undefined,
        beforeCreatedAt
          ? or(
              lt(authorizationAttempts.createdAt, beforeCreatedAt),
              and(eq(authorizationAttempts.createdAt, beforeCreatedAt), lt(authorizationAttempts.id, beforeId)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(authorizationAttempts.createdAt), desc(authorizationAttempts.id))
    .limit(options.limit)
    .all();
}
