import 'server-only';
import { connectorModule } from '../connectors/registry';
import { retryAfterMs, VendorNetworkError } from '../connectors/http-client';
import type { ConnectorId } from '../connectors/types';
import { JsonText } from '../http/codecs';
import { AppError, type ErrorCode } from '../errors';
import { resolveApiBaseUrl } from './connector-apps';
import type { ConnectionRow } from './connections';
import { buildUrl, callVendor } from './vendor-calls';

export interface ProxyRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query: Record<string, string | number | boolean | string[]>;
  headers: Record<string, string>;
  data?: unknown;
}

// Never forwarded from the caller: hop-by-hop headers (RFC 9110 §7.6.1) and anything that carries credentials;
// ours are injected instead.
const DROPPED_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'x-api-secret',
  'x-session-token',
  'x-connector-id',
  'x-owner-id',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
]);

function badPath(reason: string): AppError {
  return new AppError('SERVICE::CONNECTION::PROXY::BAD_REQUEST', `body.path: ${reason}`);
}

/** Fully percent-decodes (bounded), so `%252e%252e` is seen as `..`. */
function decodeDeep(value: string): string {
  let current = value;
  for (let round = 0; round < 5; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      throw badPath('is not valid percent-encoding');
    }
    if (next === current) return current;
    current = next;
  }
  throw badPath('is encoded too many times');
}

/**
 * SSRF guard: the path is relative to the connector's API base and can never leave it. Absolute URLs,
 * scheme-relative `//host`, `@` userinfo tricks, backslashes, `..` segments and their encoded forms are refused,
 * and the built URL is checked to still sit under the base.
 */
export function safeVendorUrl(baseUrl: string, request: Pick<ProxyRequest, 'path' | 'query'>): string {
  const { path } = request;
  if (!path.startsWith('/')) throw badPath('must start with / (it is relative to the connector API)');
  const decoded = decodeDeep(path);
  if (decoded.startsWith('//') || (decoded.split('?')[0] ?? '').includes('://')) throw badPath('must not name another host');
  if (/[\\@]/.test(decoded)) throw badPath('must not contain \\ or @');
  if (/\p{Cc}/u.test(decoded)) throw badPath('must not contain control characters');
  if (decoded.split(/[/?#]/).some((segment) => segment === '..' || segment === '.')) throw badPath('must not contain . or .. segments');
  if (path.includes('#')) throw badPath('must not contain a fragment');
  const base = new URL(baseUrl);
  const target = new URL(buildUrl(baseUrl, { path: path.split('?')[0] ?? path, query: request.query }));
  const inlineQuery = path.includes('?') ? new URLSearchParams(path.slice(path.indexOf('?') + 1)) : undefined;
  inlineQuery?.forEach((value, key) => target.searchParams.append(key, value));
  const basePath = base.pathname.replace(/\/+$/, '');
  if (target.origin !== base.origin || !(target.pathname === basePath || target.pathname.startsWith(`${basePath}/`))) {
    throw badPath('leaves the connector API');
  }
  return target.toString();
}

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  401: 'SERVICE::CONNECTION::PROXY::UNAUTHORIZED',
  403: 'SERVICE::CONNECTION::PROXY::FORBIDDEN',
  404: 'SERVICE::CONNECTION::PROXY::NOT_FOUND',
  429: 'SERVICE::CONNECTION::PROXY::RATE_LIMIT_EXCEEDED',
};

export interface ProxyResult {
  status: number;
  body?: unknown;
  headers: Record<string, string>;
}

// POST /v1/proxy: one authenticated call to the connector's own API, answered with the vendor's status and body.
export async function proxyRequest(options: { connection: ConnectionRow; request: ProxyRequest }): Promise<ProxyResult> {
  const { connection, request } = options;
  const module = connectorModule(connection.connectorId as ConnectorId);
  const baseUrl = resolveApiBaseUrl(module.declaration, connection.identity ?? {});
  const url = safeVendorUrl(baseUrl, request);
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !DROPPED_HEADERS.has(name.toLowerCase())));
  const relative = url.slice(baseUrl.length);
  let response: Response;
  try {
    response = await callVendor(connection, module, {
      method: request.method,
      path: relative,
      headers,
      ...(request.data !== undefined && request.method !== 'GET' ? { body: request.data } : {}),
    });
  } catch (error) {
    if (error instanceof VendorNetworkError) {
      throw new AppError('SERVICE::CONNECTION::PROXY::REQUEST_FAILED', `${module.declaration.name} could not be reached`, { cause: error });
    }
    throw error;
  }
  const text = await response.text();
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  // A JSON answer goes back byte for byte (a proxy does not reformat, and this saves a parse and a stringify);
  // any other answer becomes a JSON string.
  const body: unknown = isJson ? new JsonText(text) : text;
  if (response.ok || (response.status >= 300 && response.status < 400)) {
    return { status: response.status, ...(text ? { body } : {}), headers: {} };
  }
  const code =
    STATUS_CODES[response.status] ??
    (response.status >= 500 ? 'SERVICE::CONNECTION::PROXY::SERVER_ERROR' : 'SERVICE::CONNECTION::PROXY::BAD_REQUEST');
  const excerpt = text.length > 1000 ? `${text.slice(0, 1000)}…` : text;
  const extra: Record<string, string> = {};
  if (response.status === 429) extra['Retry-After'] = String(Math.ceil((retryAfterMs(response.headers.get('retry-after')) ?? 1000) / 1000));
  throw new AppError(code, `${module.declaration.name} answered ${response.status}: ${excerpt}`, { headers: extra });
}
