import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { getConnector } from '../connectors/catalogue';
import { vendorFetch } from '../connectors/http-client';
import { IDENTITY_CAPTURE, type Identity } from '../connectors/identity';
import type { ConnectorId } from '../connectors/types';
import { authorizationAttempts, connections } from '../db/schema';
import { AppError, type ErrorCode } from '../errors';
import { log } from '../log';
import { getRuntime, nowIso } from '../runtime';
import { hashState, storeAuthorization, type AttemptRow } from './authorizations';
import { resolveApiBaseUrl, resolveClientCredentials, resolveOAuthEndpoints } from './connector-apps';
import { requireConnection, type ConnectionRow } from './connections';
import { exchangeCode, type OAuthConnector, type OAuthSetup, type TokenSet } from './oauth-client';

export interface CallbackOutcome {
  /** Where the browser goes next. */
  location: string;
  organizationId?: string;
  connectorId?: string;
  ownerId?: string;
  error?: { code: ErrorCode; message: string };
}

function outcomeLocation(
  attempt: Pick<AttemptRow, 'redirectUrl' | 'connectorId' | 'ownerId'> | undefined,
  params: Record<string, string>,
): string {
  const { env } = getRuntime();
  const target = new URL(attempt?.redirectUrl ?? `${env.baseUrl}/connect/result`);
  if (attempt) {
    target.searchParams.set('connectorId', attempt.connectorId);
    target.searchParams.set('ownerId', attempt.ownerId);
  }
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}

/** The failure outcome; `record` is false for a replayed state, whose attempt already has its final status. */
function fail(attempt: AttemptRow | undefined, code: ErrorCode, message: string, record = true): CallbackOutcome {
  const { db } = getRuntime();
  if (attempt && record) {
    db.update(authorizationAttempts)
      .set({ status: 'failed', errorCode: code, errorMessage: message, completedAt: nowIso() })
      .where(eq(authorizationAttempts.id, attempt.id))
      .run();
  }
  return {
    location: outcomeLocation(attempt, { status: 'failed', error: code, message }),
    error: { code, message },
    ...(attempt ? { organizationId: attempt.organizationId, connectorId: attempt.connectorId, ownerId: attempt.ownerId } : {}),
  };
}

/**
 * GET /v1/oauth/callback: claims the state (single use), exchanges the code, captures the vendor identity and
 * stores the tokens; on any failure the connection is left as it was and the outcome names the error code.
 */
export async function completeOAuthCallback(query: Record<string, string | string[]>): Promise<CallbackOutcome> {
  const param = (name: string) => (typeof query[name] === 'string' ? query[name] : undefined);
  const state = param('state');
  const { db, keyring } = getRuntime();
  if (!state) return fail(undefined, 'SERVICE::BAD_REQUEST', 'query.state: is required');

  const attempt = db
    .select()
    .from(authorizationAttempts)
    .where(eq(authorizationAttempts.stateHash, hashState(state)))
    .get();
  if (!attempt) return fail(undefined, 'SERVICE::CONNECTION::AUTHORIZATION_NOT_FOUND', 'This authorization link is unknown');
  const claimed = db
    .update(authorizationAttempts)
    .set({ consumedAt: nowIso() })
    .where(and(eq(authorizationAttempts.id, attempt.id), isNull(authorizationAttempts.consumedAt)))
    .run().changes;
  if (claimed === 0) return fail(attempt, 'SERVICE::CONNECTION::AUTHORIZATION_NOT_FOUND', 'This authorization was already used', false);
  if (!attempt.expiresAt || Date.parse(attempt.expiresAt) < Date.now()) {
    return fail(attempt, 'SERVICE::CONNECTION::AUTHORIZATION_NOT_FOUND', 'This authorization expired; start a new one');
  }
  const connector = getConnector(attempt.connectorId) as OAuthConnector;
  const vendorError = param('error');
  if (vendorError) {
    const description = param('error_description');
    return fail(
      attempt,
      'SERVICE::CONNECTION::AUTHORIZATION_RETRIEVE_FAILED',
      `${connector.name} answered ${vendorError}${description ? `: ${description}` : ''}`,
    );
  }
  const code = param('code');
  if (!code) return fail(attempt, 'SERVICE::BAD_REQUEST', 'query.code: is required');

  let connection: ConnectionRow;
  try {
    connection = requireConnection({ organizationId: attempt.organizationId, connectorId: attempt.connectorId, ownerId: attempt.ownerId });
  } catch {
    return fail(attempt, 'SERVICE::CONNECTION::NOT_FOUND', 'The connection was deleted while it was being authorized');
  }

  try {
    const setup: OAuthSetup = {
      connector,
      endpoints: resolveOAuthEndpoints(connector, attempt.settings ?? {}),
      client: resolveClientCredentials({ organizationId: attempt.organizationId, connectorId: connector.id }),
    };
    const verifier = attempt.codeVerifierCiphertext
      ? keyring.decrypt('vendor-credentials', attempt.codeVerifierCiphertext, `authorization_attempts:${attempt.id}`)
      : undefined;
    const tokens = await exchangeCode(setup, {
      code,
      state,
      redirectUri: `${getRuntime().env.baseUrl}/v1/oauth/callback`,
      ...(verifier ? { codeVerifier: verifier } : {}),
    });
    const identity = await captureIdentity(connector, tokens, attempt.settings ?? {});
    const expiresAt = tokens.expiresIn ? new Date(Date.now() + tokens.expiresIn * 1000).toISOString() : null;
    const grantedScopes = tokens.scope ? tokens.scope.split(/[\s,]+/).filter(Boolean) : attempt.scopes;
    db.transaction(() => {
      const fresh = db.select().from(connections).where(eq(connections.id, connection.id)).get() ?? connection;
      storeAuthorization(
        fresh,
        {
          kind: 'oauth2',
          accessToken: tokens.accessToken,
          ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
          ...(expiresAt ? { expiresAt } : {}),
        },
        { identity, scopes: [...new Set([...grantedScopes, ...attempt.scopes])], expiresAt },
      );
      db.update(authorizationAttempts)
        .set({ status: 'authorized', completedAt: nowIso() })
        .where(eq(authorizationAttempts.id, attempt.id))
        .run();
    });
    return {
      location: outcomeLocation(attempt, { status: 'authorized' }),
      organizationId: attempt.organizationId,
      connectorId: attempt.connectorId,
      ownerId: attempt.ownerId,
    };
  } catch (error) {
    log.warn('authorization failed', {
      connectorId: attempt.connectorId,
      attemptId: attempt.id,
      reason: error instanceof Error ? error.message : String(error),
    });
    if (error instanceof AppError && error.code === 'CONNECTOR::BAD_CONFIGURATION') return fail(attempt, error.code, error.message);
    const reason = error instanceof Error ? error.message : 'unknown error';
    return fail(
      attempt,
      'SERVICE::CONNECTION::AUTHORIZATION_RETRIEVE_FAILED',
      `${connector.name} did not complete the authorization: ${reason}`,
    );
  }
}

async function captureIdentity(connector: OAuthConnector, tokens: TokenSet, settings: Record<string, string>): Promise<Identity> {
  const capture = IDENTITY_CAPTURE[connector.id as Exclude<ConnectorId, 'chargebee'>];
  const identity = await capture({
    accessToken: tokens.accessToken,
    tokenResponse: tokens.raw,
    apiBase: (partial) => resolveApiBaseUrl(connector, { ...partial, ...(settings.env ? { env: settings.env } : {}) }),
    async getJson(url, headers = {}) {
      const response = await vendorFetch(url, {
        headers: { authorization: `Bearer ${tokens.accessToken}`, accept: 'application/json', ...headers },
      });
      if (!response.ok) throw new Error(`identity call answered ${response.status}`);
      return (await response.json()) as unknown;
    },
  });
  return settings.env ? { ...identity, env: settings.env } : identity;
}
