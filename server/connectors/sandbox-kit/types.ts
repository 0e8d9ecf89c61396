import type { ConnectorDeclaration } from '../types';
import type { SandboxAccount } from './accounts';

/**
 * One vendor's fake, as data plus the few functions data cannot express. The shared engine (this folder) owns
 * OAuth (consent page, codes, token grants, PKCE, client authentication, refresh rotation) and bearer-token
 * checks; a fake declares only what differs: its token response, its identity routes and its error shapes.
 */
export interface SandboxFake {
  readonly connector: ConnectorDeclaration;
  /** OAuth behaviour; absent for API-key vendors. Paths and client auth style come from `connector.auth`. */
  readonly oauth?: FakeOAuth;
  readonly routes: readonly FakeRoute[];
  /** The vendor's answer to a missing, unknown or expired credential on its API. */
  unauthorized(problem: CredentialProblem): Response;
  /** The vendor's 429 answer, sent while a test has the rate-limit switch on (`setSandboxRateLimit`). */
  rateLimited?(): Response;
}

export type CredentialProblem = 'missing' | 'invalid' | 'expired';

export interface FakeOAuth {
  /** Real access-token lifetime in seconds; absent when the vendor's tokens do not expire. */
  readonly accessTokenTtl?: number;
  /** Whether the vendor hands out refresh tokens, possibly only for some scopes (e.g. `offline_access`). */
  readonly issuesRefreshTokens: boolean | ((scopes: readonly string[]) => boolean);
  /** Scopes granted when the authorize request names none. */
  readonly defaultScopes?: readonly string[];
  /** The vendor's token response body for a successful grant. */
  tokenResponse(issued: IssuedTokens): Record<string, unknown>;
  /** Vendor fields added to the RFC 6749 error body (`{ error, error_description }`) of the token endpoint. */
  tokenErrorExtras?(error: TokenErrorInfo): Record<string, unknown>;
}

export interface TokenErrorInfo {
  error: string;
  description: string;
  grantType: string | null;
}

export interface IssuedTokens {
  grantType: 'authorization_code' | 'refresh_token';
  accessToken: string;
  /** The refresh token to hand out: a new one, or the same one when the vendor does not rotate. */
  refreshToken?: string;
  /** The real lifetime (FakeOAuth.accessTokenTtl); the fake decides whether its response says it. */
  expiresIn?: number;
  scopes: readonly string[];
  account: SandboxAccount;
  clientId: string;
  /** The fake's public base URL, `<origin>/sandbox/<id>`. */
  base: string;
  issuedAt: Date;
  authorization: AuthorizationInfo;
}

/** One approval on the consent page; every token issued from it (and its refreshes) belongs to it. */
export interface AuthorizationInfo {
  id: string;
  approvedAt: Date;
}

/** A valid access token presented to the fake. */
export interface BearerGrant {
  token: string;
  account: SandboxAccount;
  scopes: readonly string[];
  clientId: string;
  issuedAt: Date;
  expiresAt?: Date;
  authorization: AuthorizationInfo;
}

export type AccessTokenLookup = { status: 'valid'; grant: BearerGrant } | { status: 'expired'; grant: BearerGrant } | { status: 'unknown' };

export interface RouteContext {
  request: Request;
  url: URL;
  /** The fake's public base URL, `<origin>/sandbox/<id>`. */
  base: string;
  params: Readonly<Record<string, string>>;
  /** Looks an access token of this vendor up, for vendors that take it outside the Authorization header. */
  findAccessToken: (token: string) => AccessTokenLookup;
  /** Revokes every token of one authorization (deauthorize / disconnect endpoints). */
  revokeAuthorization: (authorizationId: string) => void;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Answer = Response | Promise<Response>;

export type FakeRoute =
  | { method: HttpMethod; path: string; auth: 'bearer'; handle(ctx: RouteContext & { grant: BearerGrant }): Answer }
  | { method: HttpMethod; path: string; auth: 'none'; handle(ctx: RouteContext): Answer };

/** A route that needs `Authorization: Bearer <access token>`; the engine answers `unauthorized` otherwise. */
export function bearerRoute(method: HttpMethod, path: string, handle: (ctx: RouteContext & { grant: BearerGrant }) => Answer): FakeRoute {
  return { method, path, auth: 'bearer', handle };
}

/** A route that checks credentials itself (or needs none). */
export function openRoute(method: HttpMethod, path: string, handle: (ctx: RouteContext) => Answer): FakeRoute {
  return { method, path, auth: 'none', handle };
}
