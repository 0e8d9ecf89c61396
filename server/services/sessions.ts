import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { apiKeys, connections, sessions } from '../db/schema';
import { newId } from '../crypto/random';
import { AppError } from '../errors';
import type { Operation } from '../models/operations';
import { getRuntime, nowIso } from '../runtime';
import { requireConnection, type ConnectionRow } from './connections';

const ISSUER = 'unified-integration-service';
const AUDIENCE = 'session';

export interface SessionView {
  object: 'session';
  connectorId: string;
  ownerId: string;
  sessionToken: string;
  expiresAt: string;
}

export interface SessionCaller {
  organizationId: string;
  sessionId: string;
  connection: ConnectionRow;
  operations: Operation[];
  /** The token itself: the key for `application/jwt` bodies on session routes. */
  token: string;
}

const signingKey = () => getRuntime().keyring.deriveKey('session-token');

// POST /v1/connections/{connectorId}/{ownerId}/sessions
export async function createSession(options: {
  organizationId: string;
  connectorId: string;
  ownerId: string;
  operations?: Operation[];
  expiresIn: number;
}): Promise<SessionView> {
  const connection = requireConnection(options);
  const allowed = new Set(connection.operations);
  const operations = options.operations ? [...new Set(options.operations)] : (connection.operations as Operation[]);
  const outside = operations.findIndex((operation) => !allowed.has(operation));
  if (outside >= 0) {
    throw new AppError(
      'SERVICE::BAD_REQUEST',
      `body.connection.operations[${outside}]: "${operations[outside]}" is not an operation of this connection`,
    );
  }
  const id = newId('ses');
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = new Date((now + options.expiresIn) * 1000).toISOString();
  const token = await new SignJWT({
    org: options.organizationId,
    connectorId: connection.connectorId,
    ownerId: connection.ownerId,
    operations,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(connection.id)
    .setJti(id)
    .setIssuedAt(now)
    .setExpirationTime(now + options.expiresIn)
    .sign(signingKey());
  getRuntime()
    .db.insert(sessions)
    .values({
      id,
      organizationId: options.organizationId,
      connectionId: connection.id,
      connectorId: connection.connectorId,
      ownerId: connection.ownerId,
      operations,
      expiresAt,
      createdAt: nowIso(),
      revokedAt: null,
    })
    .run();
  return { object: 'session', connectorId: connection.connectorId, ownerId: connection.ownerId, sessionToken: token, expiresAt };
}

const invalid = (message: string) => new AppError('SERVICE::SESSION::TOKEN_VALIDATION_FAILED', message);

/**
 * Checks `x-session-token`: signature, expiry, revocation, that its connection still exists, and (when the
 * caller also sends `x-api-key`) that the key belongs to the session's organization.
 */
export async function verifySession(options: { token: string | null; publicKey?: string | null }): Promise<SessionCaller> {
  if (!options.token) throw invalid('header x-session-token: is required');
  let payload;
  try {
    ({ payload } = await jwtVerify(options.token, signingKey(), { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired)
      throw new AppError('SERVICE::SESSION::EXPIRED', 'header x-session-token: the session has expired');
    throw invalid('header x-session-token: is not a valid session token');
  }
  const { db } = getRuntime();
  const session = typeof payload.jti === 'string' ? db.select().from(sessions).where(eq(sessions.id, payload.jti)).get() : undefined;
  if (!session || session.organizationId !== payload.org || session.connectionId !== payload.sub) {
    throw invalid('header x-session-token: unknown session');
  }
  if (session.revokedAt) throw invalid('header x-session-token: the session was revoked');
  if (options.publicKey) {
    const key = db.select({ organizationId: apiKeys.organizationId }).from(apiKeys).where(eq(apiKeys.publicKey, options.publicKey)).get();
    if (!key || key.organizationId !== session.organizationId) {
      throw invalid('header x-api-key: does not belong to the organization of this session');
    }
  }
  const connection = db
    .select()
    .from(connections)
    .where(and(eq(connections.id, session.connectionId), eq(connections.organizationId, session.organizationId)))
    .get();
  if (!connection) throw invalid('header x-session-token: its connection no longer exists');
  return {
    organizationId: session.organizationId,
    sessionId: session.id,
    connection,
    operations: session.operations as Operation[],
    token: options.token,
  };
}

/** A session may only act within its operations; the error says which one is missing. */
export function requireSessionOperation(caller: SessionCaller, operation: Operation): void {
  if (!caller.operations.includes(operation)) {
    throw new AppError('SERVICE::BAD_REQUEST', `This session does not allow ${operation}; create a session that includes it`);
  }
}

export function listSessions(options: { organizationId: string; connectionId: string }) {
  return getRuntime()
    .db.select()
    .from(sessions)
    .where(and(eq(sessions.organizationId, options.organizationId), eq(sessions.connectionId, options.connectionId)))
    .orderBy(desc(sessions.createdAt))
    .limit(50)
    .all();
}
