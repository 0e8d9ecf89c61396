import { log } from '../log';

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
      response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS) });
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
