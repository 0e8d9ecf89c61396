import { aircallSandbox } from './aircall/sandbox';
import { attioSandbox } from './attio/sandbox';
import { calendlySandbox } from './calendly/sandbox';
import { chargebeeSandbox } from './chargebee/sandbox';
import { dialpadSandbox } from './dialpad/sandbox';
import { gongSandbox } from './gong/sandbox';
import { hubspotSandbox } from './hubspot/sandbox';
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

/** Read per request, so tests and operators can switch it without reloading the module. */
function isSandboxMode(): boolean {
  const flag = process.env.SANDBOX?.trim().toLowerCase();
  return flag === '1' || flag === 'true';
}

// Test controls over HTTP, for a fake running in another process: /sandbox/<id>/__sandbox/<action>.
const CONTROLS: Record<string, { method: 'GET' | 'POST'; run(connectorId: ConnectorId, url: URL): unknown }> = {
  stats: { method: 'GET', run: (connectorId) => sandboxStats(connectorId) },
  reset: { method: 'POST', run: (connectorId) => resetSandbox(connectorId) },
  'expire-access-tokens': { method: 'POST', run: (connectorId) => expireSandboxAccessTokens(connectorId) },
  'revoke-refresh-tokens': { method: 'POST', run: (connectorId) => revokeSandboxRefreshTokens(connectorId) },
  // ?count=N: the next N API calls answer the vendor's 429.
  'rate-limit': {
    method: 'POST',
    run: (connectorId, url) => setSandboxRateLimit(connectorId, Number(url.searchParams.get('count') ?? 1) || 0),
  },
};

function serveControl(connectorId: ConnectorId, action: string, method: string, url: URL): Response {
  const control = Object.hasOwn(CONTROLS, action) ? CONTROLS[action] : undefined;
  if (!control) return sandboxNotFound(`No sandbox control "${action}"; use ${Object.keys(CONTROLS).join(', ')}`);
  if (method !== control.method) {
    return json({ error: 'method_not_allowed', message: `use ${control.method} for ${action}` }, 405, { allow: control.method });
  }
  const result = control.run(connectorId, url);
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
  if (control?.[1]) return serveControl(connectorId, control[1], request.method.toUpperCase(), url);
  return serveFake(FAKES[connectorId], request, rest, `${url.origin}/sandbox/${connectorId}`);
}
