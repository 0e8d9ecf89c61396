import 'server-only';
import { eq } from 'drizzle-orm';
import type {
  ConnectorCallContext,
  ConnectorModule,
  VendorErrorClassification,
  VendorErrorKind,
  VendorRequest,
  VendorResponse,
} from '../connectors/framework';
import { retryAfterMs, vendorFetch, VendorNetworkError } from '../connectors/http-client';
import { connections } from '../db/schema';
import { AppError, type ErrorCode } from '../errors';
import { getRuntime, nowIso } from '../runtime';
import { resolveApiBaseUrl } from './connector-apps';
import type { ConnectionRow } from './connections';
import type { StoredCredentials } from './credentials';
import { getValidCredentials } from './tokens';

/** Status → kind, for vendors without their own classification. */
export function classifyByStatus(status: number, message: string): VendorErrorClassification {
  const kind: VendorErrorKind =
    status === 401
      ? 'unauthorized'
      : status === 403
        ? 'forbidden'
        : status === 404 || status === 410
          ? 'notFound'
          : status === 409
            ? 'conflict'
            : status === 429
              ? 'rateLimited'
              : status >= 500
                ? 'server'
                : 'badRequest';
  return { kind, message };
}

/** A vendor's message from its error body, whatever its shape (`message`, `error`, `errors[0]`, `Detail`…). */
export function vendorMessage(body: unknown, status: number): string {
  if (typeof body === 'string' && body.trim()) return body.trim().slice(0, 500);
  if (Array.isArray(body)) return vendorMessage(body[0], status);
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const key of ['message', 'error_description', 'Detail', 'detail', 'title', 'Title', 'error']) {
      const value = record[key];
      if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 500);
      if (value && typeof value === 'object') return vendorMessage(value, status);
    }
    if (Array.isArray(record.errors) && record.errors.length > 0) return vendorMessage(record.errors[0], status);
  }
  return `the vendor answered HTTP ${status}`;
}

const RESOURCE_CODES: Record<Exclude<VendorErrorKind, 'unauthorized' | 'rateLimited'>, ErrorCode> = {
  badRequest: 'CONNECTOR::OPERATION::BAD_REQUEST',
  forbidden: 'CONNECTOR::OPERATION::BAD_REQUEST',
  notFound: 'CONNECTOR::OPERATION::RESOURCE_NOT_FOUND',
  conflict: 'CONNECTOR::OPERATION::RESOURCE_ALREADY_EXISTS',
  server: 'CONNECTOR::OPERATION::SERVER_ERROR',
};

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export function buildUrl(baseUrl: string, request: Pick<VendorRequest, 'path' | 'query'>): string {
  const url = new URL(`${baseUrl}${request.path}`);
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value as readonly string[]) url.searchParams.append(key, item);
    else url.searchParams.set(key, String(value));
  }
  return url.toString();
}

function credentialFields(credentials: StoredCredentials): { accessToken?: string; apiKey?: string } {
  return credentials.kind === 'oauth2' ? { accessToken: credentials.accessToken } : { apiKey: credentials.apiKey };
}

/** The vendor rejected credentials we just refreshed (or an API key): the connection needs a new authorization. */
function markExpired(connection: ConnectionRow): void {
  getRuntime().db.update(connections).set({ status: 'expired', updatedAt: nowIso() }).where(eq(connections.id, connection.id)).run();
}

export interface RawVendorCall {
  response: Response;
  /** The access token the call was made with, so a 401 can ask for a refresh of exactly it. */
  credentials: StoredCredentials;
}

/**
 * One authenticated call with the connection's credentials; a 401 refreshes the token once and retries.
 * Answers the raw response (the proxy passes it through; resource calls classify it).
 */
export async function callVendor(
  connection: ConnectionRow,
  module: ConnectorModule,
  request: VendorRequest & { rawBody?: BodyInit },
): Promise<Response> {
  const identity = connection.identity ?? {};
  const url = buildUrl(resolveApiBaseUrl(module.declaration, identity), request);
  const send = async (credentials: StoredCredentials) => {
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...request.headers,
      ...module.authHeaders(credentialFields(credentials), identity),
    };
    let body: BodyInit | undefined = request.rawBody;
    if (body === undefined && request.body !== undefined) {
      body = JSON.stringify(request.body);
      headers['content-type'] ??= 'application/json';
    }
    return vendorFetch(url, { method: request.method ?? 'GET', headers, ...(body !== undefined ? { body } : {}) });
  };
  let credentials = await getValidCredentials({ connectionId: connection.id, row: connection });
  let response = await send(credentials);
  if (response.status === 401 && credentials.kind === 'oauth2') {
    await response.body?.cancel();
    credentials = await getValidCredentials({ connectionId: connection.id, rejectedAccessToken: credentials.accessToken });
    response = await send(credentials);
  }
  if (response.status === 401) markExpired(connection);
  return response;
}

/** The call context a connector's operations run in, for one connection. */
export function connectorContext(connection: ConnectionRow, module: ConnectorModule): ConnectorCallContext {
  return {
    connectorId: connection.connectorId,
    connectionId: connection.id,
    identity: connection.identity ?? {},
    async request<T>(request: VendorRequest): Promise<VendorResponse<T>> {
      let response: Response;
      try {
        response = await callVendor(connection, module, request);
      } catch (error) {
        if (error instanceof VendorNetworkError) {
          throw new AppError('CONNECTOR::OPERATION::SERVER_ERROR', `${module.declaration.name} could not be reached`, { cause: error });
        }
        throw error;
      }
      const body = await readBody(response);
      if (response.ok) return { status: response.status, headers: response.headers, body: body as T };
      const classified =
        module.classifyError?.(response.status, body) ?? classifyByStatus(response.status, vendorMessage(body, response.status));
      const message = `${module.declaration.name}: ${classified.message}`;
      if (classified.kind === 'rateLimited') {
        const wait = retryAfterMs(response.headers.get('retry-after'));
        throw new AppError('SERVICE::CONNECTION::PROXY::RATE_LIMIT_EXCEEDED', `${message} (rate limited)`, {
          headers: { 'Retry-After': String(Math.ceil((wait ?? 1000) / 1000)) },
        });
      }
      if (classified.kind === 'unauthorized') {
        throw new AppError(
          'SERVICE::CONNECTION::REFRESHING_TOKEN_FAILED',
          `${message}; the credentials were rejected: authorize the connection again`,
        );
      }
      throw new AppError(RESOURCE_CODES[classified.kind], message);
    },
  };
}
