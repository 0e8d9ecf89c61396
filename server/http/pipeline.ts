import 'server-only';
import { newId } from '../crypto/random';
import { toPublicError } from '../errors';
import { errorFields, log, redact, REDACTED } from '../log';
import { ensureReady } from '../services/bootstrap';
import { recordRequest } from '../services/request-log';
import { attributeCaller } from './auth';
import { encodeBody, responseMediaType, type MediaType } from './codecs';
import type { Method } from './router';
import { queryToObject } from './validate';

export interface RouteContext {
  request: Request;
  url: URL;
  requestId: string;
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  /** Fields of the request-log row a handler may fill (connection routes set connector and owner). */
  logFields: { organizationId?: string; connectorId?: string; ownerId?: string };
  /** The credential that signs `application/jwt` bodies, once the caller is known. */
  signingKey?: string;
}

export interface ApiResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** An outcome to keep in the error log when the status itself is not an error (an OAuth redirect that failed). */
  logError?: { code: string; message: string };
}

export type RouteHandler = (ctx: RouteContext) => Promise<ApiResult>;

export interface RouteDefinition {
  method: Method;
  /** `/v1/connections/{connectorId}/{ownerId}`: also the `route` column of the request log. */
  pattern: string;
  handler: RouteHandler;
}

const SENSITIVE_HEADERS = new Set(['x-api-secret', 'x-session-token', 'authorization', 'cookie', 'proxy-authorization']);
const KEPT_HEADERS = new Set([
  'content-type',
  'accept',
  'user-agent',
  'x-api-key',
  'x-connector-id',
  'x-owner-id',
  'content-length',
  ...SENSITIVE_HEADERS,
]);

function logDetails(ctx: RouteContext): string {
  const headers: Record<string, string> = {};
  ctx.request.headers.forEach((value, key) => {
    if (KEPT_HEADERS.has(key)) headers[key] = SENSITIVE_HEADERS.has(key) ? REDACTED : value;
  });
  return JSON.stringify({ query: redact(ctx.query), headers });
}

/** An answer before it becomes a fetch `Response` (the node fast path writes it straight to the socket). */
export interface V1Reply {
  status: number;
  headers: Headers;
  body: string | null;
}

async function toReply(result: ApiResult, responseType: MediaType, ctx: RouteContext): Promise<V1Reply> {
  const headers = new Headers(result.headers);
  headers.set('x-request-id', ctx.requestId);
  headers.set('cache-control', 'no-store');
  // Credentials travel in headers, never cookies, so any origin may call /v1 (a front end with its session token).
  headers.set('access-control-allow-origin', '*');
  headers.set('access-control-expose-headers', 'x-request-id, retry-after');
  if (result.status === 204 || result.body === undefined) return { status: result.status, headers, body: null };
  const encoded = await encodeBody(result.body, responseType, ctx.signingKey);
  headers.set('content-type', encoded.contentType);
  return { status: result.status, headers, body: encoded.body };
}

export interface V1Router {
  match(method: string, pathname: string): { definition: RouteDefinition; params: Record<string, string> };
}

/**
 * The /v1 pipeline every request goes through: request id, route match (404/405), the route's auth wrapper
 * and handler, the error mapper (one table, no internals in a 5xx), the response codec and the request log.
 */
export async function handleV1(request: Request, router: V1Router): Promise<Response> {
  const reply = await handleV1Reply(request, router);
  return new Response(reply.body, { status: reply.status, headers: reply.headers });
}

/** The pipeline itself, answering the reply's parts (see handleV1). */
export async function handleV1Reply(request: Request, router: V1Router): Promise<V1Reply> {
  const started = performance.now();
  const url = new URL(request.url);
  const ctx: RouteContext = { request, url, requestId: newId('req'), params: {}, query: queryToObject(url.searchParams), logFields: {} };
  ctx.logFields.connectorId = request.headers.get('x-connector-id') ?? undefined;
  ctx.logFields.ownerId = request.headers.get('x-owner-id') ?? undefined;
  let route = '(unmatched)';
  let responseType: MediaType = 'application/json';
  let result: ApiResult;

  try {
    await ensureReady();
    let match;
    try {
      match = router.match(request.method, url.pathname);
    } catch (error) {
      attributeCaller(ctx);
      throw error;
    }
    route = match.definition.pattern;
    ctx.params = match.params;
    responseType = responseMediaType(request.headers.get('accept'));
    result = await match.definition.handler(ctx);
  } catch (error) {
    const mapped = toPublicError(error);
    if (mapped.status >= 500) {
      // The caller sees a generic message; the cause and stack stay in the service log.
      const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
      log.error('server-side error in /v1', { requestId: ctx.requestId, route, errorCode: mapped.body.error, ...errorFields(cause) });
    }
    result = { status: mapped.status, body: mapped.body, headers: mapped.headers };
  }

  let response: V1Reply;
  try {
    response = await toReply(result, responseType, ctx);
  } catch (error) {
    log.error('response encoding failed', { requestId: ctx.requestId, ...errorFields(error) });
    result = { status: 500, body: toPublicError(error).body };
    response = await toReply(result, 'application/json', ctx);
  }

  const errorBody = result.status >= 400 ? (result.body as { error?: string; message?: string } | undefined) : undefined;
  const loggedError = errorBody ? { code: errorBody.error, message: errorBody.message } : result.logError;
  recordRequest({
    organizationId: ctx.logFields.organizationId ?? null,
    requestId: ctx.requestId,
    method: request.method,
    route,
    path: url.pathname,
    status: result.status,
    errorCode: loggedError?.code ?? null,
    errorMessage: loggedError?.message ?? null,
    connectorId: ctx.logFields.connectorId ?? null,
    ownerId: ctx.logFields.ownerId ?? null,
    durationMs: Math.round(performance.now() - started),
    details: loggedError ? logDetails(ctx) : null,
    createdAt: new Date().toISOString(),
  });
  return response;
}
