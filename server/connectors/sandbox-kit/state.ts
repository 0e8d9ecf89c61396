/**
 * The fakes' memory: authorization codes, access and refresh tokens and counters, per connector. It lives on
 * `globalThis` because Next.js may evaluate this module more than once in one process (route bundles, dev
 * reloads); every copy must see the same tokens. Nothing here survives a restart, on purpose.
 */
export interface SandboxStats {
  authorizationCodeGrants: number;
  refreshGrants: number;
  failedGrants: number;
}

interface Grant {
  clientId: string;
  email: string;
  scopes: string[];
  /** The consent-page approval the grant descends from. */
  authorizationId: string;
  approvedAt: number;
}

export interface CodeRecord extends Grant {
  redirectUri: string;
  codeChallenge?: string;
  expiresAt: number;
  used: boolean;
}

export interface AccessTokenRecord extends Grant {
  issuedAt: number;
  expiresAt?: number;
}

export type RefreshTokenRecord = Grant;

export interface VendorState {
  codes: Map<string, CodeRecord>;
  accessTokens: Map<string, AccessTokenRecord>;
  refreshTokens: Map<string, RefreshTokenRecord>;
  stats: SandboxStats;
  /** How many of the next API calls (bearer routes) answer 429: a test switch. */
  rateLimitedCalls: number;
}

const GLOBAL_KEY = '__unifiedIntegrationSandboxState';
type Holder = typeof globalThis & { [GLOBAL_KEY]?: Map<string, VendorState> };

function allStates(): Map<string, VendorState> {
  const holder = globalThis as Holder;
  holder[GLOBAL_KEY] ??= new Map();
  return holder[GLOBAL_KEY];
}

export function vendorState(connectorId: string): VendorState {
  const states = allStates();
  let state = states.get(connectorId);
  if (!state) {
    state = {
      codes: new Map(),
      accessTokens: new Map(),
      refreshTokens: new Map(),
      stats: { authorizationCodeGrants: 0, refreshGrants: 0, failedGrants: 0 },
      rateLimitedCalls: 0,
    };
    states.set(connectorId, state);
  }
  return state;
}

// Expired tokens are kept a day so a vendor can still say "expired" rather than "unknown".
const EXPIRED_TOKEN_RETENTION_MS = 86_400_000;

/** Drops expired codes and long-expired access tokens so a long demo does not grow without bound. */
export function sweepExpired(state: VendorState, now = Date.now()): void {
  for (const [code, record] of state.codes) if (record.expiresAt <= now) state.codes.delete(code);
  for (const [token, record] of state.accessTokens) {
    if (record.expiresAt !== undefined && record.expiresAt + EXPIRED_TOKEN_RETENTION_MS <= now) state.accessTokens.delete(token);
  }
}

/** Every token issued from one approval stops working (code replay, deauthorize, disconnect). */
export function revokeAuthorization(state: VendorState, authorizationId: string): void {
  for (const [token, record] of state.accessTokens) if (record.authorizationId === authorizationId) state.accessTokens.delete(token);
  for (const [token, record] of state.refreshTokens) if (record.authorizationId === authorizationId) state.refreshTokens.delete(token);
}

/** Grant counters of one connector's fake (a copy). */
export function sandboxStats(connectorId: string): SandboxStats {
  return { ...vendorState(connectorId).stats };
}

/** Every access token the connector's fake has issued so far now fails as expired (tokens issued later work). */
export function expireSandboxAccessTokens(connectorId: string): void {
  const past = Date.now() - 1;
  for (const record of vendorState(connectorId).accessTokens.values()) {
    record.expiresAt = Math.min(record.expiresAt ?? past, past);
  }
}

/** Every refresh token the connector's fake has issued so far now fails with `invalid_grant`. */
export function revokeSandboxRefreshTokens(connectorId: string): void {
  vendorState(connectorId).refreshTokens.clear();
}

/** The next `count` API calls (bearer routes) of the connector's fake answer the vendor's 429. */
export function setSandboxRateLimit(connectorId: string, count: number): void {
  vendorState(connectorId).rateLimitedCalls = Math.max(0, Math.floor(count));
}

/** Whether this API call is one of the rate-limited ones (and counts it). */
export function takeSandboxRateLimit(connectorId: string): boolean {
  const state = vendorState(connectorId);
  if (state.rateLimitedCalls <= 0) return false;
  state.rateLimitedCalls -= 1;
  return true;
}

/** Forgets codes, tokens and counters: of one connector, or of every fake when none is named. */
export function resetSandbox(connectorId?: string): void {
  if (connectorId === undefined) allStates().clear();
  else allStates().delete(connectorId);
}
