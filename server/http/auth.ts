import 'server-only';
import { getConnector } from '../connectors/catalogue';
import { AppError } from '../errors';
import { authenticateApiKey, type ApiCaller } from '../services/api-keys';
import { ensureReady } from '../services/bootstrap';
import { requireConnection, type ConnectionRow } from '../services/connections';
import { verifySession, type SessionCaller } from '../services/sessions';
import { decodeBody, readBodyBytes, requestMediaType } from './codecs';
import type { ApiResult, RouteContext, RouteHandler } from './pipeline';

/**
 * One short wrapper per auth mode (STYLE.md): each resolves the caller's credentials, decodes the body with the
 * caller's key, and hands the handler a typed context. Route files compose them; the pipeline runs them.
 */
export interface SessionContext extends RouteContext {
  session: SessionCaller;
  body: unknown;
}

export interface ApiKeyContext extends RouteContext {
  caller: ApiCaller;
  body: unknown;
}

async function readBody(ctx: RouteContext): Promise<unknown> {
  const { env } = await ensureReady();
  const bytes = await readBodyBytes(ctx.request, env.MAX_BODY_BYTES);
  if (bytes.length === 0) return undefined;
  return decodeBody(bytes, requestMediaType(ctx.request.headers.get('content-type')), ctx.signingKey);
}

function apiKeyCaller(ctx: RouteContext): ApiCaller {
  const check = authenticateApiKey({ publicKey: ctx.request.headers.get('x-api-key'), secret: ctx.request.headers.get('x-api-secret') });
  if ('error' in check) {
    if (check.organizationId) ctx.logFields.organizationId = check.organizationId;
    throw check.error;
  }
  ctx.logFields.organizationId = check.caller.organizationId;
  ctx.signingKey = check.caller.secret;
  return check.caller;
}

/** Server routes: the API key pair, then the body decoded with the caller's secret. */
export function withApiKey(handler: (ctx: ApiKeyContext) => Promise<ApiResult>): RouteHandler {
  return async (ctx) => {
    const caller = apiKeyCaller(ctx);
    const body = await readBody(ctx);
    return handler({ ...ctx, caller, body });
  };
}

/** Session routes (`/v1/s/…`): the session token, then the body decoded with the token as its key. */
export function withSession(handler: (ctx: SessionContext) => Promise<ApiResult>): RouteHandler {
  return async (ctx) => {
    const session = await verifySession({
      token: ctx.request.headers.get('x-session-token'),
      publicKey: ctx.request.headers.get('x-api-key'),
    });
    ctx.logFields.organizationId = session.organizationId;
    ctx.logFields.connectorId = session.connection.connectorId;
    ctx.logFields.ownerId = session.connection.ownerId;
    ctx.signingKey = session.token;
    const body = await readBody(ctx);
    return handler({ ...ctx, session, body });
  };
}

export interface ConnectionContext extends RouteContext {
  connection: ConnectionRow;
  /** The session's operations when the caller used a session token; undefined with the key pair. */
  sessionOperations?: readonly string[];
  body: unknown;
}

/**
 * Resource, proxy and webhook routes: either `x-session-token`, or the key pair with `x-connector-id` and
 * `x-owner-id`. Either way the connection belongs to the caller's organization.
 */
export function withConnection(handler: (ctx: ConnectionContext) => Promise<ApiResult>): RouteHandler {
  return async (ctx) => {
    const headers = ctx.request.headers;
    let connection: ConnectionRow;
    let sessionOperations: readonly string[] | undefined;
    if (headers.get('x-session-token')) {
      const session = await verifySession({ token: headers.get('x-session-token'), publicKey: headers.get('x-api-key') });
      ctx.signingKey = session.token;
      ctx.logFields.organizationId = session.organizationId;
      connection = session.connection;
      sessionOperations = session.operations;
    } else {
      const caller = apiKeyCaller(ctx);
      const connectorId = headers.get('x-connector-id');
      const ownerId = headers.get('x-owner-id');
      if (!connectorId)
        throw new AppError('SERVICE::BAD_REQUEST', 'header x-connector-id: is required with the API key pair (or send x-session-token)');
      if (!ownerId)
        throw new AppError('SERVICE::BAD_REQUEST', 'header x-owner-id: is required with the API key pair (or send x-session-token)');
      getConnector(connectorId, 'header x-connector-id');
      connection = requireConnection({ organizationId: caller.organizationId, connectorId, ownerId });
    }
    ctx.logFields.connectorId = connection.connectorId;
    ctx.logFields.ownerId = connection.ownerId;
    const body = await readBody(ctx);
    return handler({ ...ctx, connection, ...(sessionOperations ? { sessionOperations } : {}), body });
  };
}

/** Routes the vendor or a browser calls (OAuth callback): no caller credentials. */
export function withoutCredentials(handler: (ctx: RouteContext) => Promise<ApiResult>): RouteHandler {
  return handler;
}

/** When no route matched, still tie the request to its organization (if the key pair is valid) for the logs. */
export function attributeCaller(ctx: RouteContext): void {
  const check = authenticateApiKey({ publicKey: ctx.request.headers.get('x-api-key'), secret: ctx.request.headers.get('x-api-secret') });
  if ('caller' in check) {
    ctx.logFields.organizationId = check.caller.organizationId;
    ctx.signingKey = check.caller.secret;
  }
}
