import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getConnector } from '../connectors/catalogue';
import { connections } from '../db/schema';
import { AppError } from '../errors';
import { log } from '../log';
import { getRuntime, nowIso } from '../runtime';
import { resolveClientCredentials, resolveOAuthEndpoints } from './connector-apps';
import type { ConnectionRow } from './connections';
import { openCredentials, sealCredentials, type StoredCredentials } from './credentials';
import { OAuthGrantError, refreshTokens, type OAuthConnector } from './oauth-client';

// ARCHITECTURE.md, "OAuth": refresh 60 s before expiry.
const REFRESH_MARGIN_MS = 60_000;

// In-process single flight: concurrent callers of one connection share one refresh. The version check on the
// row is what keeps several processes safe; this only saves the vendor from a burst of identical refreshes.
const inFlight = new Map<string, Promise<StoredCredentials>>();

function loadRow(connectionId: string): ConnectionRow {
  const row = getRuntime().db.select().from(connections).where(eq(connections.id, connectionId)).get();
  if (!row) throw new AppError('SERVICE::CONNECTION::NOT_FOUND', 'The connection no longer exists');
  return row;
}

function usable(row: ConnectionRow): StoredCredentials {
  if (row.status === 'expired') {
    throw new AppError('SERVICE::CONNECTION::REFRESHING_TOKEN_FAILED', `The ${row.connectorId} connection expired: authorize it again`);
  }
  const credentials = openCredentials(row);
  if (row.status !== 'authorized' || !credentials) {
    throw new AppError(
      'SERVICE::CONNECTION::ACCESS_TOKEN_MISSIN',
      `The ${row.connectorId} connection for "${row.ownerId}" is not authorized yet`,
    );
  }
  return credentials;
}

const isStale = (credentials: StoredCredentials, now = Date.now()) =>
  credentials.kind === 'oauth2' && credentials.expiresAt !== undefined && Date.parse(credentials.expiresAt) - REFRESH_MARGIN_MS <= now;

/**
 * Valid credentials for a vendor call. Refreshes when the access token is within 60 s of expiry, or when the
 * caller says the vendor just rejected `rejectedAccessToken` (a 401): then only if nobody has replaced it yet.
 */
export async function getValidCredentials(options: {
  connectionId: string;
  rejectedAccessToken?: string;
  /** The row the caller just read in this request: saves reading it again. */
  row?: ConnectionRow;
}): Promise<StoredCredentials> {
  const row = options.row && options.row.id === options.connectionId ? options.row : loadRow(options.connectionId);
  const credentials = usable(row);
  if (credentials.kind !== 'oauth2') return credentials;
  const rejected = options.rejectedAccessToken !== undefined && credentials.accessToken === options.rejectedAccessToken;
  if (!rejected && !isStale(credentials)) return credentials;

  let flight = inFlight.get(row.id);
  if (!flight) {
    flight = refreshConnection(row.id, options.rejectedAccessToken).finally(() => inFlight.delete(row.id));
    inFlight.set(row.id, flight);
  }
  return flight;
}

async function refreshConnection(connectionId: string, rejectedAccessToken?: string): Promise<StoredCredentials> {
  const row = loadRow(connectionId);
  const credentials = usable(row);
  if (credentials.kind !== 'oauth2') return credentials;
  // The caller may have held an older copy of the row: when the stored tokens are already fresh, use them.
  if (!isStale(credentials) && credentials.accessToken !== rejectedAccessToken) return credentials;
  if (!credentials.refreshToken) {
    throw new AppError(
      'SERVICE::CONNECTION::REFRESH_TOKEN_MISSIN',
      `The ${row.connectorId} access token expired and the vendor gave no refresh token: authorize again`,
    );
  }
  const connector = getConnector(row.connectorId) as OAuthConnector;
  const settings: Record<string, string> = row.identity?.env ? { env: row.identity.env } : {};
  let tokens;
  try {
    tokens = await refreshTokens(
      {
        connector,
        endpoints: resolveOAuthEndpoints(connector, settings),
        client: resolveClientCredentials({ organizationId: row.organizationId, connectorId: connector.id }),
      },
      credentials.refreshToken,
    );
  } catch (error) {
    return handleRefreshFailure(row, error);
  }

  const next: StoredCredentials = {
    kind: 'oauth2',
    accessToken: tokens.accessToken,
    // A vendor that rotates answers with a new refresh token; one that does not keeps the old one valid.
    refreshToken: tokens.refreshToken ?? credentials.refreshToken,
    ...(tokens.expiresIn ? { expiresAt: new Date(Date.now() + tokens.expiresIn * 1000).toISOString() } : {}),
    ...(tokens.scope ? { scope: tokens.scope } : credentials.scope ? { scope: credentials.scope } : {}),
  };
  const { db } = getRuntime();
  const written = db
    .update(connections)
    .set({
      credentialsCiphertext: sealCredentials(row.id, next),
      credentialsVersion: row.credentialsVersion + 1,
      accessTokenExpiresAt: next.expiresAt ?? null,
      updatedAt: nowIso(),
    })
    .where(and(eq(connections.id, row.id), eq(connections.credentialsVersion, row.credentialsVersion)))
    .run().changes;
  if (written === 0) {
    // Another process refreshed first: its tokens are the stored ones.
    return usable(loadRow(row.id));
  }
  return next;
}

function handleRefreshFailure(row: ConnectionRow, error: unknown): StoredCredentials {
  const { db } = getRuntime();
  const current = loadRow(row.id);
  if (current.credentialsVersion !== row.credentialsVersion) {
    // Someone else refreshed (and maybe rotated) while ours was in flight: theirs is valid, nothing expired.
    return usable(current);
  }
  if (error instanceof OAuthGrantError && error.oauthError === 'invalid_grant') {
    db.update(connections)
      .set({ status: 'expired', updatedAt: nowIso() })
      .where(and(eq(connections.id, row.id), eq(connections.credentialsVersion, row.credentialsVersion)))
      .run();
    log.warn('refresh token refused: connection expired', { connectorId: row.connectorId, connectionId: row.id });
    throw new AppError(
      'SERVICE::CONNECTION::REFRESHING_TOKEN_FAILED',
      `${row.connectorId} refused the refresh token: authorize the connection again`,
    );
  }
  throw new AppError(
    'SERVICE::CONNECTION::REFRESHING_TOKEN_FAILED',
    `${row.connectorId} could not refresh the access token; try again later`,
    {
      cause: error,
    },
  );
}
