import { sandboxClientCredentials } from '../sandbox-credentials';
import { sandboxAccount } from './accounts';
import type { OAuthFake } from './authorize';
import { basicCredentials, noStoreJson, randomToken, readForm, s256, safeEqual } from './http';
import { revokeAuthorization, vendorState, type VendorState } from './state';

const VERIFIER_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;

class TokenError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

const invalidGrant = (description: string) => new TokenError(400, 'invalid_grant', description);
const invalidClient = (why: string) => new TokenError(401, 'invalid_client', `Client authentication failed: ${why}`);

/** RFC 6749 §2.3: the client authenticates exactly the way the vendor expects, or not at all. */
function authenticateClient(fake: OAuthFake, request: Request, form: URLSearchParams): string {
  const expected = sandboxClientCredentials(fake.connector.id);
  const basic = basicCredentials(request.headers.get('authorization'));
  let given: { id: string; secret: string };
  if (fake.connector.auth.clientAuth === 'basic') {
    if (!basic || basic === 'malformed') throw invalidClient('send the client credentials with HTTP Basic authentication');
    if (form.has('client_secret')) throw invalidClient('client_secret must not be sent in the body, use HTTP Basic');
    const bodyId = form.get('client_id');
    if (bodyId !== null && bodyId !== basic.user) throw invalidClient('client_id in the body does not match the HTTP Basic user');
    given = { id: basic.user, secret: basic.password };
  } else {
    if (basic) throw invalidClient('send client_id and client_secret in the body, not with HTTP Basic');
    given = { id: form.get('client_id') ?? '', secret: form.get('client_secret') ?? '' };
  }
  // Both comparisons run, so the answer takes the same time whichever half is wrong.
  const idMatches = safeEqual(given.id, expected.clientId);
  const secretMatches = safeEqual(given.secret, expected.clientSecret);
  if (!idMatches || !secretMatches) throw invalidClient('unknown client or wrong secret');
  return given.id;
}

interface GrantSource {
  clientId: string;
  email: string;
  scopes: string[];
  authorizationId: string;
  approvedAt: number;
}

function issueTokens(
  fake: OAuthFake,
  state: VendorState,
  base: string,
  grantType: 'authorization_code' | 'refresh_token',
  source: GrantSource,
  refreshToken?: string,
) {
  const now = Date.now();
  const ttl = fake.oauth.accessTokenTtl;
  const accessToken = randomToken();
  const { clientId, email, scopes, authorizationId, approvedAt } = source;
  const expiry = ttl === undefined ? {} : { expiresAt: now + ttl * 1000 };
  state.accessTokens.set(accessToken, { clientId, email, scopes, authorizationId, approvedAt, issuedAt: now, ...expiry });
  const body = fake.oauth.tokenResponse({
    grantType,
    accessToken,
    ...(refreshToken ? { refreshToken } : {}),
    ...(ttl === undefined ? {} : { expiresIn: ttl }),
    scopes,
    account: sandboxAccount(fake.connector.id, email),
    clientId,
    base,
    issuedAt: new Date(now),
    authorization: { id: authorizationId, approvedAt: new Date(approvedAt) },
  });
  return noStoreJson(body);
}

function issuesRefreshTokens(fake: OAuthFake, scopes: readonly string[]): boolean {
  const rule = fake.oauth.issuesRefreshTokens;
  return typeof rule === 'function' ? rule(scopes) : rule;
}

function authorizationCodeGrant(fake: OAuthFake, state: VendorState, form: URLSearchParams, clientId: string, base: string): Response {
  const code = form.get('code');
  if (!code) throw new TokenError(400, 'invalid_request', 'code is required');
  const record = state.codes.get(code);
  if (!record) throw invalidGrant('Invalid authorization code');
  if (record.used) {
    // A replayed code may be stolen: revoke what it produced (RFC 6749 §4.1.2).
    revokeAuthorization(state, record.authorizationId);
    throw invalidGrant('The authorization code was already used');
  }
  record.used = true;
  if (record.expiresAt <= Date.now()) throw invalidGrant('The authorization code has expired');
  if (record.clientId !== clientId) throw invalidGrant('The authorization code was issued to another client');
  if (form.get('redirect_uri') !== record.redirectUri) throw invalidGrant('redirect_uri does not match the authorization request');
  const verifier = form.get('code_verifier');
  if (record.codeChallenge) {
    if (!verifier || !VERIFIER_PATTERN.test(verifier)) throw invalidGrant('code_verifier is missing or malformed');
    if (!safeEqual(s256(verifier), record.codeChallenge)) throw invalidGrant('code_verifier does not match the code_challenge');
  } else if (verifier) {
    throw invalidGrant('code_verifier sent, but the authorization request had no code_challenge');
  }
  let refreshToken: string | undefined;
  if (issuesRefreshTokens(fake, record.scopes)) {
    refreshToken = randomToken();
    state.refreshTokens.set(refreshToken, {
      clientId,
      email: record.email,
      scopes: record.scopes,
      authorizationId: record.authorizationId,
      approvedAt: record.approvedAt,
    });
  }
  state.stats.authorizationCodeGrants += 1;
  return issueTokens(fake, state, base, 'authorization_code', record, refreshToken);
}

function refreshTokenGrant(fake: OAuthFake, state: VendorState, form: URLSearchParams, clientId: string, base: string): Response {
  if (fake.oauth.issuesRefreshTokens === false) {
    throw new TokenError(400, 'unsupported_grant_type', `${fake.connector.name} does not issue refresh tokens`);
  }
  const token = form.get('refresh_token');
  if (!token) throw new TokenError(400, 'invalid_request', 'refresh_token is required');
  const record = state.refreshTokens.get(token);
  if (!record) throw invalidGrant('Invalid refresh token: unknown, revoked or already used');
  if (record.clientId !== clientId) throw invalidGrant('The refresh token was issued to another client');
  // RFC 6749 §6: a refresh may narrow the scope, never widen it.
  const asked = (form.get('scope') ?? '').split(fake.connector.auth.scopeSeparator).filter(Boolean);
  if (asked.some((scope) => !record.scopes.includes(scope))) throw new TokenError(400, 'invalid_scope', 'scope exceeds the original grant');
  let next = token;
  if (fake.connector.auth.rotatesRefreshToken) {
    state.refreshTokens.delete(token);
    next = randomToken();
    state.refreshTokens.set(next, record);
  }
  state.stats.refreshGrants += 1;
  return issueTokens(fake, state, base, 'refresh_token', { ...record, scopes: asked.length ? asked : record.scopes }, next);
}

// POST on the token path: authorization_code and refresh_token grants (RFC 6749 §4.1.3, §6).
export async function tokenEndpoint(fake: OAuthFake, request: Request, base: string): Promise<Response> {
  const state = vendorState(fake.connector.id);
  let grantType: string | null = null;
  try {
    const form = await readForm(request);
    if (!form) throw new TokenError(400, 'invalid_request', 'The body must be application/x-www-form-urlencoded');
    // RFC 6749 §3.2: a request parameter must not appear more than once.
    const repeated = [...new Set(form.keys())].find((key) => form.getAll(key).length > 1);
    if (repeated) throw new TokenError(400, 'invalid_request', `${repeated} is repeated`);
    grantType = form.get('grant_type');
    const clientId = authenticateClient(fake, request, form);
    if (grantType === 'authorization_code') return authorizationCodeGrant(fake, state, form, clientId, base);
    if (grantType === 'refresh_token') return refreshTokenGrant(fake, state, form, clientId, base);
    if (!grantType) throw new TokenError(400, 'invalid_request', 'grant_type is required');
    throw new TokenError(400, 'unsupported_grant_type', `grant_type ${grantType} is not supported`);
  } catch (error) {
    if (!(error instanceof TokenError)) throw error;
    state.stats.failedGrants += 1;
    const extras = fake.oauth.tokenErrorExtras?.({ error: error.error, description: error.description, grantType }) ?? {};
    return noStoreJson({ ...extras, error: error.error, error_description: error.description }, error.status);
  }
}
