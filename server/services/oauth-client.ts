import 'server-only';
import * as oauth from 'oauth4webapi';
import { vendorFetch } from '../connectors/http-client';
import type { ConnectorDeclaration, OAuthDeclaration } from '../connectors/types';
import type { ClientCredentials, OAuthEndpoints } from './connector-apps';

/**
 * The OAuth 2 client of every connector, on oauth4webapi (a maintained, conformance-tested client) rather than
 * hand-written token calls. Each connector's differences (client auth style, PKCE, scope separator) are data in
 * its declaration.
 */
export type OAuthConnector = ConnectorDeclaration & { auth: OAuthDeclaration };

export interface OAuthSetup {
  connector: OAuthConnector;
  endpoints: OAuthEndpoints;
  client: ClientCredentials;
}

export interface TokenSet {
  accessToken: string;
  refreshToken?: string;
  expiresIn?: number;
  scope?: string;
  /** The whole token response: vendors put identity in it (instance_url, api_domain…). */
  raw: Record<string, unknown>;
}

export class OAuthGrantError extends Error {
  constructor(
    readonly oauthError: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'OAuthGrantError';
  }
}

function parts(setup: OAuthSetup) {
  const as: oauth.AuthorizationServer = {
    issuer: new URL(setup.endpoints.tokenUrl).origin,
    authorization_endpoint: setup.endpoints.authorizeUrl,
    token_endpoint: setup.endpoints.tokenUrl,
  };
  const client: oauth.Client = { client_id: setup.client.clientId };
  const auth =
    setup.connector.auth.clientAuth === 'basic'
      ? oauth.ClientSecretBasic(setup.client.clientSecret)
      : oauth.ClientSecretPost(setup.client.clientSecret);
  // Plain http is allowed only where the operator pointed a connector at it (the sandbox fakes on loopback).
  const options: oauth.TokenEndpointRequestOptions = {
    [oauth.allowInsecureRequests]: setup.endpoints.tokenUrl.startsWith('http:'),
    [oauth.customFetch]: (url: string, init: RequestInit) => vendorFetch(url, init, { retries: 0 }),
  };
  return { as, client, auth, options };
}

export async function pkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = oauth.generateRandomCodeVerifier();
  return { verifier, challenge: await oauth.calculatePKCECodeChallenge(verifier) };
}

export function buildAuthorizeUrl(
  setup: OAuthSetup,
  request: { redirectUri: string; state: string; scopes: string[]; codeChallenge?: string },
): string {
  const url = new URL(setup.endpoints.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', setup.client.clientId);
  url.searchParams.set('redirect_uri', request.redirectUri);
  url.searchParams.set('state', request.state);
  if (request.scopes.length > 0) url.searchParams.set('scope', request.scopes.join(setup.connector.auth.scopeSeparator));
  if (request.codeChallenge) {
    url.searchParams.set('code_challenge', request.codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  for (const [key, value] of Object.entries(setup.connector.auth.authorizeParams ?? {})) url.searchParams.set(key, value);
  return url.toString();
}

function toTokenSet(response: oauth.TokenEndpointResponse): TokenSet {
  return {
    accessToken: response.access_token,
    ...(typeof response.refresh_token === 'string' ? { refreshToken: response.refresh_token } : {}),
    ...(typeof response.expires_in === 'number' ? { expiresIn: response.expires_in } : {}),
    ...(typeof response.scope === 'string' ? { scope: response.scope } : {}),
    raw: response,
  };
}

function toGrantError(error: unknown): OAuthGrantError {
  if (error instanceof oauth.ResponseBodyError) {
    return new OAuthGrantError(error.error, error.error_description ?? error.error, error.status);
  }
  return new OAuthGrantError('request_failed', error instanceof Error ? error.message : String(error));
}

export async function exchangeCode(
  setup: OAuthSetup,
  request: { code: string; state: string; redirectUri: string; codeVerifier?: string },
): Promise<TokenSet> {
  const { as, client, auth, options } = parts(setup);
  try {
    const params = new URLSearchParams({ code: request.code, state: request.state });
    const validated = oauth.validateAuthResponse(as, client, params, request.state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      auth,
      validated,
      request.redirectUri,
      request.codeVerifier ?? oauth.nopkce,
      options,
    );
    return toTokenSet(await oauth.processAuthorizationCodeResponse(as, client, response));
  } catch (error) {
    throw toGrantError(error);
  }
}

export async function refreshTokens(setup: OAuthSetup, refreshToken: string): Promise<TokenSet> {
  const { as, client, auth, options } = parts(setup);
  try {
    const response = await oauth.refreshTokenGrantRequest(as, client, auth, refreshToken, options);
    return toTokenSet(await oauth.processRefreshTokenResponse(as, client, response));
  } catch (error) {
    throw toGrantError(error);
  }
}
