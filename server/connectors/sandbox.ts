import { aircallSandbox } from './aircall/sandbox';
import { attioSandbox } from './attio/sandbox';
import { calendlySandbox } from './calendly/sandbox';
import { chargebeeSandbox } from './chargebee/sandbox';
import { dialpadSandbox } from './dialpad/sandbox';
import { gongSandbox } from './gong/sandbox';
import { hubspotSandbox } from './hubspot/sandbox';
import {
  configureHubSpotWebhookTarget,
  hubSpotWebhookStats,
  hubSpotWebhooksSettled,
  type HubSpotWebhookStats,
} from './hubspot/sandbox-webhooks';
import { pipedriveSandbox } from './pipedrive/sandbox';
import { salesforceSandbox } from './salesforce/sandbox';
import { json } from './sandbox-kit/http';
import { sandboxNotFound, serveFake } from './sandbox-kit/serve';
import {
  expireSandboxAccessTokens,
  resetSandbox,
  revokeSandboxRefreshTokens,
  sandboxStats,
  setSandboxRateLimit,
} from './sandbox-kit/state';
import type { SandboxFake } from './sandbox-kit/types';
import { isConnectorId, type ConnectorId } from './types';
import { xeroSandbox } from './xero/sandbox';

export {
  expireSandboxAccessTokens,
  resetSandbox,
  revokeSandboxRefreshTokens,
  sandboxStats,
  setSandboxRateLimit,
  type SandboxStats,
} from './sandbox-kit/state';

/**
 * The fake vendors of sandbox mode (ARCHITECTURE.md, "Sandbox mode"), served under `/sandbox/<connectorId>/…`
 * with each vendor's real paths, shapes, errors and OAuth. docs/sandbox.md describes what each one serves.
 */
const FAKES: Readonly<Record<ConnectorId, SandboxFake>> = {
  hubspot: hubspotSandbox,
  salesforce: salesforceSandbox,
  pipedrive: pipedriveSandbox,
  attio: attioSandbox,
  aircall: aircallSandbox,
  dialpad: dialpadSandbox,
  gong: gongSandbox,
  calendly: calendlySandbox,
  xero: xeroSandbox,
  chargebee: chargebeeSandbox,
};

/** The fakes that send their vendor's app-level webhooks to a configurable target URL. */
interface WebhookEmitter {
  configure(url: string | null): void;
  stats(): HubSpotWebhookStats;
  settled(): Promise<void>;
}

const WEBHOOK_EMITTERS: Partial<Record<ConnectorId, WebhookEmitter>> = {
  hubspot: {
    configure: configureHubSpotWebhookTarget,
    stats: hubSpotWebhookStats,
    settled: hubSpotWebhooksSettled,
  },
};

export type SandboxWebhookStats = HubSpotWebhookStats;

function webhookEmitter(connectorId: string): WebhookEmitter {
  const emitter = isConnectorId(connectorId) ? WEBHOOK_EMITTERS[connectorId] : undefined;
  if (!emitter) throw new Error(`The sandbox ${connectorId} does not send app-level webhooks`);
  return emitter;
}

/**
 * Points the fake's app-level webhooks at `url` (our global hook, usually), or stops them with `null`: the
 * app configuration a developer sets in the vendor's portal. Throws for a fake without app-level webhooks.
 */
export function configureSandboxWebhookTarget(connectorId: string, url: string | null): void {
  webhookEmitter(connectorId).configure(url);
}

/** Counters of the fake's webhook requests: events queued, requests delivered, retried and given up. */
export function sandboxWebhookStats(connectorId: string): SandboxWebhookStats {
  return webhookEmitter(connectorId).stats();
}

/** Resolves once the fake has sent (or given up) every webhook queued so far. */
export function sandboxWebhooksSettled(connectorId: string): Promise<void> {
  return webhookEmitter(connectorId).settled();
}

/** Read per request, so tests and operators can switch it without reloading the module. */
function isSandboxMode(): boolean {
  const flag = process.env.SANDBOX?.trim().toLowerCase();
  return flag === '1' || flag === 'true';
}

// Test controls over HTTP, for a fake running in another process: /sandbox/<id>/__sandbox/<action>.
const CONTROLS: Record<string, { method: 'GET' | 'POST'; run(connectorId: ConnectorId, url: URL, request: Request): unknown }> = {
  stats: { method: 'GET', run: (connectorId) => sandboxStats(connectorId) },
  reset: { method: 'POST', run: (connectorId) => resetSandbox(connectorId) },
  'expire-access-tokens': { method: 'POST', run: (connectorId) => expireSandboxAccessTokens(connectorId) },
  'revoke-refresh-tokens': { method: 'POST', run: (connectorId) => revokeSandboxRefreshTokens(connectorId) },
  // ?count=N: the next N API calls answer the vendor's 429.
  'rate-limit': {
    method: 'POST',
    run: (connectorId, url) => setSandboxRateLimit(connectorId, Number(url.searchParams.get('count') ?? 1) || 0),
  },
  // Body { url }: where the fake's app-level webhooks go (null stops them).
  'webhook-target': { method: 'POST', run: (connectorId, _url, request) => setWebhookTarget(connectorId, request) },
  'webhook-stats': {
    method: 'GET',
    run: (connectorId) => WEBHOOK_EMITTERS[connectorId]?.stats() ?? noWebhooks(connectorId),
  },
};

const noWebhooks = (connectorId: string) => sandboxNotFound(`The sandbox ${connectorId} does not send app-level webhooks`);

async function setWebhookTarget(connectorId: ConnectorId, request: Request): Promise<Response | undefined> {
  const emitter = WEBHOOK_EMITTERS[connectorId];
  if (!emitter) return noWebhooks(connectorId);
  let url: unknown;
  try {
    url = ((await request.json()) as { url?: unknown } | null)?.url;
  } catch {
    url = undefined;
  }
  if (url !== null && (typeof url !== 'string' || !/^https?:\/\/[^\s]+$/i.test(url) || !URL.canParse(url))) {
    return json({ error: 'invalid_request', message: 'body must be { "url": "<absolute http(s) URL>" } or { "url": null }' }, 400);
  }
  emitter.configure(url);
  return undefined;
}

async function serveControl(connectorId: ConnectorId, action: string, request: Request, url: URL): Promise<Response> {
  const method = request.method.toUpperCase();
  const control = Object.hasOwn(CONTROLS, action) ? CONTROLS[action] : undefined;
  if (!control) return sandboxNotFound(`No sandbox control "${action}"; use ${Object.keys(CONTROLS).join(', ')}`);
  if (method !== control.method) {
    return json({ error: 'method_not_allowed', message: `use ${control.method} for ${action}` }, 405, { allow: control.method });
  }
  const result = await control.run(connectorId, url, request);
  if (result instanceof Response) return result;
  return result === undefined ? new Response(null, { status: 204 }) : json(result);
}

/** Answers a request under `/sandbox/…`; everything is 404 unless sandbox mode is on. */
export async function handleSandboxRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (!isSandboxMode()) return sandboxNotFound('Sandbox mode is off (set SANDBOX=1 to serve the fake vendors)');
  const match = /^\/sandbox\/([^/]+)(\/.*)?$/.exec(url.pathname);
  const connectorId = match?.[1] ?? '';
  if (!isConnectorId(connectorId)) return sandboxNotFound(`No sandbox vendor at ${url.pathname}`);
  const rest = match?.[2] ?? '/';
  const control = /^\/__sandbox\/([^/]+)\/?$/.exec(rest);
  if (control?.[1]) return serveControl(connectorId, control[1], request, url);
  return serveFake(FAKES[connectorId], request, rest, `${url.origin}/sandbox/${connectorId}`);
}
