import http from 'node:http';
import https from 'node:https';
import { log } from '../log';

const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * One vendor exchange over node:http(s) with keep-alive agents, answered as a fetch `Response` (body read in
 * full). The hot path of every proxied and resource call: global fetch costs several times the CPU (undici's
 * web-stream plumbing, plus Next.js's patched fetch inside route handlers). Like `redirect: 'manual'`, redirects
 * are not followed. `timeoutMs` bounds the whole exchange. No `accept-encoding` is sent, so bodies come
 * uncompressed.
 */
function send(url: string, init: RequestInit & { body?: string }, timeoutMs: number): Promise<Response> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => (headers[key] = value));
    if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
    const request = (secure ? https : http).request(target, {
      method: init.method ?? 'GET',
      headers,
      agent: secure ? httpsAgent : httpAgent,
    });
    const timer = setTimeout(() => request.destroy(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    request.on('error', fail);
    request.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', fail);
      res.on('end', () => {
        clearTimeout(timer);
        const out = new Headers();
        for (const [key, value] of Object.entries(res.headers)) {
          if (Array.isArray(value)) value.forEach((item) => out.append(key, item));
          else if (value !== undefined) out.set(key, value);
        }
        const status = res.statusCode ?? 502;
        const empty = status === 204 || status === 205 || status === 304;
        resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: out }));
      });
    });
    request.end(init.body);
  });
}

/**
 * The one outbound HTTP client for vendor calls (ARCHITECTURE.md, "Connectors"): a timeout on every call and a
 * bounded retry of idempotent calls on 429 and 5xx that honours `Retry-After`. It never logs a header or body.
 */
export interface VendorFetchOptions {
  timeoutMs?: number;
  /** Retries for idempotent methods on 429/5xx and network errors (0 disables). */
  retries?: number;
  /** Longest `Retry-After` we are willing to wait inside one request. */
  maxRetryWaitMs?: number;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
const DEFAULT_TIMEOUT_MS = 15_000;

export class VendorNetworkError extends Error {
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super(`vendor request failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'VendorNetworkError';
  }
}

/** Seconds or an HTTP date (RFC 9110 §10.2.3) → milliseconds to wait, or undefined. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function vendorFetch(url: string, init: RequestInit = {}, options: VendorFetchOptions = {}): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  const retries = IDEMPOTENT.has(method) ? (options.retries ?? 2) : 0;
  const maxWait = options.maxRetryWaitMs ?? 5_000;
  for (let attempt = 0; ; attempt += 1) {
    let response: Response;
    try {
      const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      // Fast path for the shapes vendor calls use (no body or a string); anything else keeps fetch's body rules.
      const { body } = init;
      response =
        body === undefined || body === null || typeof body === 'string'
          ? await send(url, { ...init, body: body ?? undefined }, timeoutMs)
          : await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      if (attempt < retries) {
        await sleep(200 * 2 ** attempt);
        continue;
      }
      throw new VendorNetworkError(url, error);
    }
    const retryable = response.status === 429 || response.status >= 500;
    if (!retryable || attempt >= retries) return response;
    const wait = retryAfterMs(response.headers.get('retry-after')) ?? 250 * 2 ** attempt;
    if (wait > maxWait) return response;
    log.debug('vendor call retried', { host: new URL(url).host, status: response.status, attempt: attempt + 1, waitMs: wait });
    await response.body?.cancel();
    await sleep(wait);
  }
}
