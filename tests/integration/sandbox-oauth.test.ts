import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CATALOGUE } from '@/server/connectors/catalogue';
import {
  expireSandboxAccessTokens,
  handleSandboxRequest,
  resetSandbox,
  revokeSandboxRefreshTokens,
  sandboxStats,
} from '@/server/connectors/sandbox';
import { sandboxClientCredentials } from '@/server/connectors/sandbox-credentials';
import type { OAuthDeclaration } from '@/server/connectors/types';
import { serveFetchHandler, type HttpTestServer } from '../support/http-adapter';
import { consentForm } from '../support/oauth';

const OAUTH_IDS = ['hubspot', 'salesforce', 'pipedrive', 'attio', 'aircall', 'dialpad', 'gong', 'calendly', 'xero'] as const;
type OAuthId = (typeof OAUTH_IDS)[number];
type Json = Record<string, unknown>;

const REDIRECT = 'https://app.example.com/oauth/callback?tenant=t1';
let server: HttpTestServer;

beforeAll(async () => {
  process.env.SANDBOX = '1';
  server = await serveFetchHandler(handleSandboxRequest);
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  process.env.SANDBOX = '1';
  resetSandbox();
});

const base = (id: string) => `${server.baseUrl}/sandbox/${id}`;
const oauthOf = (id: OAuthId) => CATALOGUE[id].auth as OAuthDeclaration;
const manual = (url: string, init: RequestInit = {}) => fetch(url, { ...init, redirect: 'manual' });
const locationOf = (response: Response) => new URL(response.headers.get('location') ?? 'about:blank');

function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

interface Authorization {
  url: string;
  state: string;
  verifier?: string;
}

/** The authorize URL the service would build: the sandbox client, base scopes, PKCE when declared. */
function authorization(id: OAuthId, extra: Record<string, string> = {}): Authorization {
  const auth = oauthOf(id);
  const url = new URL(`${base(id)}${auth.sandbox.authorizePath}`);
  const state = randomBytes(16).toString('base64url');
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', sandboxClientCredentials(id).clientId);
  url.searchParams.set('redirect_uri', REDIRECT);
  url.searchParams.set('state', state);
  if (auth.baseScopes.length > 0) url.searchParams.set('scope', auth.baseScopes.join(auth.scopeSeparator));
  let verifier: string | undefined;
  if (auth.pkce) {
    const pair = pkcePair();
    verifier = pair.verifier;
    url.searchParams.set('code_challenge', pair.challenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value);
  return { url: url.toString(), state, ...(verifier ? { verifier } : {}) };
}

/** Opens the consent page, presses a button as a browser would, and returns the redirect. */
async function decide(start: Authorization, button: 'Approve' | 'Deny', email?: string): Promise<Response> {
  const page = await manual(start.url);
  expect(page.status).toBe(200);
  const form = consentForm(await page.text(), start.url, button, email);
  return manual(form.action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.fields });
}

/** Approve with prompt=none and return the code. */
async function codeFor(id: OAuthId, email?: string, extra: Record<string, string> = {}) {
  const start = authorization(id, { prompt: 'none', ...(email ? { login_hint: email } : {}), ...extra });
  const response = await manual(start.url);
  expect(response.status).toBe(302);
  return { code: locationOf(response).searchParams.get('code') ?? '', verifier: start.verifier };
}

type AuthStyle = 'basic' | 'body';

/** A token request with the given client authentication style (the connector's own by default). */
async function tokenRequest(id: OAuthId, params: Record<string, string>, style: AuthStyle = oauthOf(id).clientAuth, secret?: string) {
  const { clientId, clientSecret } = sandboxClientCredentials(id);
  const body = new URLSearchParams(params);
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (style === 'basic') headers.authorization = `Basic ${Buffer.from(`${clientId}:${secret ?? clientSecret}`).toString('base64')}`;
  else {
    body.set('client_id', clientId);
    body.set('client_secret', secret ?? clientSecret);
  }
  const response = await fetch(`${base(id)}${oauthOf(id).sandbox.tokenPath}`, { method: 'POST', headers, body });
  return { status: response.status, body: (await response.json()) as Json, headers: response.headers };
}

const exchange = (id: OAuthId, code: string, verifier?: string) =>
  tokenRequest(id, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, ...(verifier ? { code_verifier: verifier } : {}) });
const refresh = (id: OAuthId, refreshToken: string) => tokenRequest(id, { grant_type: 'refresh_token', refresh_token: refreshToken });

async function tokensFor(id: OAuthId, email?: string): Promise<Json> {
  const { code, verifier } = await codeFor(id, email);
  const result = await exchange(id, code, verifier);
  expect(result.status).toBe(200);
  return result.body;
}

interface Identity {
  call(token: Json): Promise<Response>;
  /** What the identity answer must contain for the account e-mail. */
  expected(email: string, token: Json): Json;
  /** The vendor's 401 body for an expired token. */
  unauthorized: Json;
}

const bearer = (token: Json) => ({ headers: { authorization: `Bearer ${String(token.access_token)}` } });
const any = (type: 'string' | 'number') => (type === 'string' ? expect.any(String) : expect.any(Number)) as unknown;
const UUID = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/) as unknown;

// Per vendor: the token response's exact fields, refresh behaviour, identity endpoint and 401 body.
const VENDORS: Record<
  OAuthId,
  { tokenFields: string[]; tokenType: string; expiresIn?: number; refresh: 'rotating' | 'static' | 'none'; identity?: Identity }
> = {
  hubspot: {
    tokenFields: ['access_token', 'expires_in', 'refresh_token', 'token_type'],
    tokenType: 'bearer',
    expiresIn: 1800,
    refresh: 'static',
    identity: {
      call: (token) => fetch(`${base('hubspot')}/oauth/v1/access-tokens/${String(token.access_token)}`),
      expected: (email, token) => ({
        token: token.access_token,
        user: email,
        hub_domain: email.split('@')[1],
        scopes: ['oauth'],
        scope_to_scope_group_pks: [],
        hub_id: any('number'),
        app_id: any('number'),
        user_id: any('number'),
        expires_in: expect.any(Number) as unknown,
        token_type: 'access',
      }),
      unauthorized: { status: 'error', message: any('string'), correlationId: any('string'), category: 'EXPIRED_AUTHENTICATION' },
    },
  },
  salesforce: {
    tokenFields: ['access_token', 'id', 'instance_url', 'issued_at', 'refresh_token', 'scope', 'signature', 'token_type'],
    tokenType: 'Bearer',
    refresh: 'static',
    identity: {
      call: (token) => fetch(String(token.id), bearer(token)),
      expected: (email) => ({
        asserted_user: true,
        user_id: expect.stringMatching(/^005[A-Za-z0-9]{15}$/) as unknown,
        organization_id: expect.stringMatching(/^00D[A-Za-z0-9]{15}$/) as unknown,
        username: email,
        email,
        active: true,
        user_type: 'STANDARD',
        language: 'en_US',
        locale: 'en_US',
        utcOffset: 0,
      }),
      unauthorized: [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }] as unknown as Json,
    },
  },
  pipedrive: {
    tokenFields: ['access_token', 'api_domain', 'expires_in', 'refresh_token', 'scope', 'token_type'],
    tokenType: 'Bearer',
    expiresIn: 3599,
    refresh: 'rotating',
    identity: {
      call: (token) => fetch(`${String(token.api_domain)}/api/v1/users/me`, bearer(token)),
      expected: (email) => ({
        success: true,
        data: expect.objectContaining({
          id: any('number'),
          email,
          company_id: any('number'),
          company_name: any('string'),
          active_flag: true,
          is_admin: 1,
        }) as unknown,
      }),
      unauthorized: { success: false, error: 'unauthorized access', errorCode: 401, error_info: any('string') },
    },
  },
  attio: {
    tokenFields: ['access_token', 'token_type'],
    tokenType: 'Bearer',
    refresh: 'none',
    identity: {
      call: (token) => fetch(`${base('attio')}/v2/self`, bearer(token)),
      // Every field the `identify` operation of Attio's OpenAPI description requires for an active token.
      expected: () => ({
        active: true,
        scope: any('string'),
        client_id: 'sandbox-attio-client',
        token_type: 'Bearer',
        exp: null,
        iat: any('number'),
        sub: UUID,
        aud: any('string'),
        iss: 'attio.com',
        authorized_by_workspace_member_id: UUID,
        workspace_id: UUID,
        workspace_name: any('string'),
        workspace_slug: any('string'),
        workspace_logo_url: null,
      }),
      unauthorized: { status_code: 401, type: 'auth_error', code: 'invalid_token', message: any('string') },
    },
  },
  aircall: {
    tokenFields: ['access_token', 'created_at', 'scope', 'token_type'],
    tokenType: 'Bearer',
    refresh: 'none',
    identity: {
      call: (token) => fetch(`${base('aircall')}/v1/integrations/me`, bearer(token)),
      expected: (email) => ({
        integration: expect.objectContaining({
          id: any('number'),
          company_id: any('number'),
          status: 'enabled',
          active: true,
          number_ids: [],
          numbers_count: 0,
          user: { id: any('number'), name: any('string'), email },
        }) as unknown,
      }),
      unauthorized: { error: 'Unauthorized', troubleshoot: any('string') },
    },
  },
  dialpad: {
    tokenFields: ['access_token', 'expires_in', 'refresh_token', 'token_type'],
    tokenType: 'bearer',
    expiresIn: 604_800,
    refresh: 'static',
    identity: {
      call: (token) => fetch(`${base('dialpad')}/api/v2/company`, bearer(token)),
      // schemas.company.CompanyProto of Dialpad's OpenAPI description.
      expected: (email) => ({
        id: any('number'),
        name: any('string'),
        domain: email.split('@')[1],
        admin_email: email,
        account_type: 'standard',
        country: any('string'),
        office_count: any('number'),
        state: 'active',
      }),
      unauthorized: { error: { code: 401, message: any('string'), errors: [expect.objectContaining({ reason: any('string') })] } },
    },
  },
  gong: {
    tokenFields: ['access_token', 'api_base_url_for_customer', 'expires_in', 'refresh_token', 'scope', 'token_type'],
    tokenType: 'bearer',
    expiresIn: 86_400,
    refresh: 'static',
  },
  calendly: {
    tokenFields: ['access_token', 'created_at', 'expires_in', 'organization', 'owner', 'refresh_token', 'scope', 'token_type'],
    tokenType: 'Bearer',
    expiresIn: 7200,
    refresh: 'rotating',
    identity: {
      call: (token) => fetch(`${base('calendly')}/users/me`, bearer(token)),
      expected: (email, token) => ({
        resource: expect.objectContaining({
          uri: token.owner,
          email,
          name: any('string'),
          slug: any('string'),
          scheduling_url: any('string'),
          timezone: any('string'),
          avatar_url: null,
          current_organization: token.organization,
        }) as unknown,
      }),
      unauthorized: { title: 'Unauthenticated', message: any('string') },
    },
  },
  xero: {
    tokenFields: ['access_token', 'expires_in', 'refresh_token', 'scope', 'token_type'],
    tokenType: 'Bearer',
    expiresIn: 1800,
    refresh: 'rotating',
    identity: {
      call: (token) => fetch(`${base('xero')}/connections`, bearer(token)),
      // The Connection schema of Xero's identity OpenAPI description.
      expected: () =>
        [
          {
            id: UUID,
            authEventId: UUID,
            tenantId: UUID,
            tenantType: 'ORGANISATION',
            tenantName: any('string'),
            createdDateUtc: any('string'),
            updatedDateUtc: any('string'),
          },
        ] as unknown as Json,
      unauthorized: {
        Type: null,
        Title: 'Unauthorized',
        Status: 401,
        Detail: 'AuthenticationUnsuccessful',
        Instance: any('string'),
        Extensions: {},
      },
    },
  },
};

describe('each OAuth fake: consent page → approve → token → identity → refresh', () => {
  it.each(OAUTH_IDS)('%s', async (id) => {
    const vendor = VENDORS[id];
    const email = `owner.${id}@acme-${id}.example.com`;
    const start = authorization(id);

    const page = await manual(start.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain(CATALOGUE[id].name);
    expect(html).toMatch(/<button[^>]*>Approve<\/button>/);
    expect(html).toMatch(/<button[^>]*>Deny<\/button>/);
    expect(html).toContain(`value="sandbox.user@${id}.example.com"`);
    for (const scope of oauthOf(id).baseScopes) expect(html).toContain(`<code>${scope}</code>`);

    const approved = await decide(start, 'Approve', email);
    expect(approved.status).toBe(302);
    const callback = locationOf(approved);
    expect(`${callback.origin}${callback.pathname}`).toBe('https://app.example.com/oauth/callback');
    expect(callback.searchParams.get('tenant')).toBe('t1');
    expect(callback.searchParams.get('state')).toBe(start.state);
    const code = callback.searchParams.get('code') ?? '';
    expect(code).not.toBe('');

    const exchanged = await exchange(id, code, start.verifier);
    expect(exchanged.status).toBe(200);
    expect(exchanged.headers.get('cache-control')).toBe('no-store');
    const token = exchanged.body;
    expect(Object.keys(token).sort()).toEqual(vendor.tokenFields);
    expect(token.token_type).toBe(vendor.tokenType);
    expect(token.expires_in).toBe(vendor.expiresIn);
    expect(sandboxStats(id)).toEqual({ authorizationCodeGrants: 1, refreshGrants: 0, failedGrants: 0 });

    if (vendor.identity) {
      const identity = await vendor.identity.call(token);
      expect(identity.status).toBe(200);
      expect(await identity.json()).toMatchObject(vendor.identity.expected(email, token));
    }

    if (vendor.refresh === 'none') {
      expect(token.refresh_token).toBeUndefined();
      return;
    }
    const refreshToken = String(token.refresh_token);
    const renewed = await refresh(id, refreshToken);
    expect(renewed.status).toBe(200);
    expect(renewed.body.access_token).toEqual(expect.any(String));
    expect(renewed.body.access_token).not.toBe(token.access_token);
    expect(renewed.body.token_type).toBe(vendor.tokenType);
    expect(sandboxStats(id).refreshGrants).toBe(1);
    if (vendor.identity) expect((await vendor.identity.call(renewed.body)).status).toBe(200);
    const again = await refresh(id, refreshToken);
    if (vendor.refresh === 'rotating') {
      expect(renewed.body.refresh_token).toEqual(expect.any(String));
      expect(renewed.body.refresh_token).not.toBe(refreshToken);
      expect(again).toMatchObject({ status: 400, body: { error: 'invalid_grant', error_description: expect.any(String) as unknown } });
      expect((await refresh(id, String(renewed.body.refresh_token))).status).toBe(200);
    } else {
      expect(again.status).toBe(200);
    }
  });
});

describe('consent page', () => {
  it('Deny sends the browser back with error=access_denied and the state', async () => {
    const start = authorization('calendly');
    const denied = await decide(start, 'Deny');
    expect(denied.status).toBe(302);
    const target = locationOf(denied);
    expect(target.searchParams.get('error')).toBe('access_denied');
    expect(target.searchParams.get('error_description')).toEqual(expect.any(String));
    expect(target.searchParams.get('state')).toBe(start.state);
    expect(target.searchParams.has('code')).toBe(false);
  });

  it('prompt=none approves at once, as the login_hint account', async () => {
    const start = authorization('salesforce', { prompt: 'none', login_hint: 'jane.doe@globex.example' });
    const response = await manual(start.url);
    expect(response.status).toBe(302);
    const target = locationOf(response);
    expect(target.searchParams.get('state')).toBe(start.state);
    const token = await exchange('salesforce', target.searchParams.get('code') ?? '', start.verifier);
    const identity = (await (await fetch(String(token.body.id), bearer(token.body))).json()) as Json;
    expect(identity).toMatchObject({ email: 'jane.doe@globex.example', display_name: 'Jane Doe' });
  });

  it('derives the same vendor ids from the same e-mail, and names from its domain', async () => {
    const info = async (email: string) => {
      const token = await tokensFor('hubspot', email);
      return (await (await fetch(`${base('hubspot')}/oauth/v1/access-tokens/${String(token.access_token)}`)).json()) as Json;
    };
    const first = await info('a@acme.example');
    expect(await info('A@Acme.example')).toMatchObject({ hub_id: first.hub_id, user_id: first.user_id, user: 'a@acme.example' });
    expect((await info('b@initech.example')).hub_id).not.toBe(first.hub_id);
    const self = (await (await fetch(`${base('attio')}/v2/self`, bearer(await tokensFor('attio', 'x@acme-corp.example')))).json()) as Json;
    expect(self).toMatchObject({ workspace_name: 'Acme Corp', workspace_slug: 'acme-corp' });
  });

  it('answers an unknown client or a bad redirect_uri with an HTML 400 page, never a redirect', async () => {
    const bad: Record<string, string>[] = [
      { client_id: 'someone-else' },
      { redirect_uri: 'javascript:alert(1)' },
      { redirect_uri: '/relative' },
    ];
    for (const extra of bad) {
      const response = await manual(authorization('hubspot', extra).url);
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    }
  });

  it('redirects with invalid_request when state or the PKCE challenge is missing, unsupported_response_type for a token request', async () => {
    const withoutState = new URL(authorization('hubspot').url);
    withoutState.searchParams.delete('state');
    expect(locationOf(await manual(withoutState.toString())).searchParams.get('error')).toBe('invalid_request');
    const withoutPkce = new URL(authorization('xero').url);
    withoutPkce.searchParams.delete('code_challenge');
    expect(locationOf(await manual(withoutPkce.toString())).searchParams.get('error')).toBe('invalid_request');
    const plain = authorization('xero', { code_challenge_method: 'plain' });
    expect(locationOf(await manual(plain.url)).searchParams.get('error')).toBe('invalid_request');
    const implicit = authorization('hubspot', { response_type: 'token' });
    expect(locationOf(await manual(implicit.url)).searchParams.get('error')).toBe('unsupported_response_type');
  });

  it('escapes what it echoes and re-asks for a valid e-mail', async () => {
    const start = authorization('pipedrive', { login_hint: '"><script>x</script>' });
    const html = await (await manual(start.url)).text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
    const response = await decide(start, 'Approve', 'not-an-email');
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('role="alert"');
  });
});

describe('token endpoint', () => {
  it('refuses a reused code with invalid_grant and revokes what the code produced', async () => {
    const { code } = await codeFor('hubspot');
    const first = await exchange('hubspot', code);
    expect(first.status).toBe(200);
    expect(await exchange('hubspot', code)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await refresh('hubspot', String(first.body.refresh_token))).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(sandboxStats('hubspot')).toEqual({ authorizationCodeGrants: 1, refreshGrants: 0, failedGrants: 2 });
  });

  it.each(['salesforce', 'xero'] as const)('%s: a wrong or missing PKCE verifier is invalid_grant', async (id) => {
    const wrong = await codeFor(id);
    const result = await exchange(id, wrong.code, pkcePair().verifier);
    expect(result).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant', error_description: expect.stringMatching(/code_verifier/) as unknown },
    });
    const missing = await codeFor(id);
    expect(await exchange(id, missing.code)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('refuses a redirect_uri that differs from the authorization request', async () => {
    const { code } = await codeFor('gong');
    const result = await tokenRequest('gong', { grant_type: 'authorization_code', code, redirect_uri: 'https://app.example.com/other' });
    expect(result).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it.each(OAUTH_IDS)('%s: the other client authentication style or a wrong secret is 401 invalid_client', async (id) => {
    const { code, verifier } = await codeFor(id);
    const params = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, ...(verifier ? { code_verifier: verifier } : {}) };
    const otherStyle: AuthStyle = oauthOf(id).clientAuth === 'basic' ? 'body' : 'basic';
    const wrongStyle = await tokenRequest(id, params, otherStyle);
    expect(wrongStyle).toMatchObject({ status: 401, body: { error: 'invalid_client', error_description: expect.any(String) as unknown } });
    expect(await tokenRequest(id, params, oauthOf(id).clientAuth, 'wrong-secret')).toMatchObject({
      status: 401,
      body: { error: 'invalid_client' },
    });
    // Client authentication comes first, so the code was not spent.
    expect((await tokenRequest(id, params)).status).toBe(200);
  });

  it('a Basic-auth vendor refuses client_secret in the body even with a Basic header', async () => {
    const { code, verifier } = await codeFor('xero');
    const { clientId, clientSecret } = sandboxClientCredentials('xero');
    const response = await fetch(`${base('xero')}/connect/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        code_verifier: verifier ?? '',
        client_secret: clientSecret,
      }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('answers unsupported_grant_type for an unknown grant, and for a refresh at a vendor without refresh tokens', async () => {
    expect(await tokenRequest('hubspot', { grant_type: 'password' })).toMatchObject({
      status: 400,
      body: { error: 'unsupported_grant_type' },
    });
    expect(await refresh('attio', 'anything')).toMatchObject({ status: 400, body: { error: 'unsupported_grant_type' } });
    expect(await refresh('aircall', 'anything')).toMatchObject({ status: 400, body: { error: 'unsupported_grant_type' } });
  });

  it('answers invalid_request for a JSON body', async () => {
    const response = await fetch(`${base('gong')}/oauth2/generate-customer-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'refresh_token' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
    const repeated = await fetch(`${base('hubspot')}/oauth/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token&refresh_token=a&refresh_token=b&client_id=sandbox-hubspot-client&client_secret=sandbox-hubspot-secret',
    });
    expect(repeated.status).toBe(400);
    expect(await repeated.json()).toMatchObject({ error: 'invalid_request', error_description: 'refresh_token is repeated' });
  });

  it('HubSpot adds its own status to token errors', async () => {
    expect((await refresh('hubspot', 'unknown')).body).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.any(String) as unknown,
      status: 'BAD_REFRESH_TOKEN',
      correlationId: expect.any(String) as unknown,
    });
  });

  it('revokeSandboxRefreshTokens makes every refresh token fail with invalid_grant', async () => {
    const token = await tokensFor('calendly');
    revokeSandboxRefreshTokens('calendly');
    expect(await refresh('calendly', String(token.refresh_token))).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(sandboxStats('calendly').failedGrants).toBe(1);
  });
});

describe('identity endpoints refuse bad tokens in the vendor shape', () => {
  const WITH_IDENTITY = OAUTH_IDS.filter((id) => VENDORS[id].identity);

  it.each(WITH_IDENTITY)('%s: an expired access token is 401', async (id) => {
    const identity = VENDORS[id].identity;
    if (!identity) return;
    const token = await tokensFor(id);
    expireSandboxAccessTokens(id);
    const response = await identity.call(token);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(identity.unauthorized);
    // Tokens issued afterwards work again.
    expect((await identity.call(await tokensFor(id))).status).toBe(200);
  });

  it('answers 401 without a bearer token, and HubSpot 404 OBJECT_NOT_FOUND for an unknown token', async () => {
    const missing = await fetch(`${base('pipedrive')}/api/v1/users/me`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ success: false, error: 'unauthorized access' });
    const unknown = await fetch(`${base('hubspot')}/oauth/v1/access-tokens/nope`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      status: 'error',
      message: any('string'),
      correlationId: any('string'),
      category: 'OBJECT_NOT_FOUND',
    });
  });

  it('Dialpad deauthorize revokes the token and its refresh token', async () => {
    const token = await tokensFor('dialpad');
    const response = await fetch(`${base('dialpad')}/oauth2/deauthorize`, { method: 'POST', ...bearer(token) });
    expect(response.status).toBe(204);
    expect((await fetch(`${base('dialpad')}/api/v2/company`, bearer(token))).status).toBe(401);
    expect(await refresh('dialpad', String(token.refresh_token))).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('Xero answers /Connections as spelled by its OpenAPI description and filters by authEventId', async () => {
    const token = await tokensFor('xero');
    const [connection] = (await (await fetch(`${base('xero')}/Connections`, bearer(token))).json()) as Json[];
    expect(connection?.tenantType).toBe('ORGANISATION');
    const other = await fetch(`${base('xero')}/connections?authEventId=${crypto.randomUUID()}`, bearer(token));
    expect(await other.json()).toEqual([]);
  });
});

describe('Chargebee (API key)', () => {
  const customers = (site: string, key: string, query = '') =>
    fetch(`${base('chargebee')}/${site}/api/v2/customers${query}`, {
      headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` },
    });

  it('lists customers for a valid test key, paginated with next_offset', async () => {
    const response = await customers('acme-test', 'test_abcdefgh12345', '?limit=2');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { list: { customer: Json }[]; next_offset?: string };
    expect(body.list).toHaveLength(2);
    expect(body.list[0]?.customer).toMatchObject({ id: any('string'), email: any('string'), object: 'customer', deleted: false });
    expect(body.next_offset).toEqual(expect.any(String));
    const next = (await (
      await customers('acme-test', 'test_abcdefgh12345', `?limit=100&offset=${encodeURIComponent(body.next_offset ?? '')}`)
    ).json()) as {
      list: unknown[];
      next_offset?: string;
    };
    expect(next.list).toHaveLength(3);
    expect(next.next_offset).toBeUndefined();
  });

  it('refuses a wrong key with Chargebee’s 401 body', async () => {
    for (const key of ['wrong-key', 'live_abcdefgh12345', 'test_short']) {
      const response = await customers('acme-test', key);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        message: 'Sorry, authentication failed. Invalid api key',
        type: 'invalid_request',
        api_error_code: 'api_authentication_failed',
        http_status_code: 401,
      });
    }
  });

  it('refuses a limit outside 1–100 naming the parameter', async () => {
    const response = await customers('acme-test', 'test_abcdefgh12345', '?limit=500');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ api_error_code: 'param_wrong_value', param: 'limit', http_status_code: 400 });
  });
});

describe('dispatch, sandbox mode and controls', () => {
  it('answers 404 JSON for everything when sandbox mode is off', async () => {
    process.env.SANDBOX = '0';
    const start = authorization('hubspot');
    for (const url of [start.url, `${base('chargebee')}/acme/api/v2/customers`, `${base('hubspot')}/__sandbox/stats`]) {
      const response = await manual(url);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: 'not_found' });
    }
    process.env.SANDBOX = 'true';
    expect((await manual(start.url)).status).toBe(200);
  });

  it('answers 404 JSON for an unknown connector or path, 405 for a wrong method', async () => {
    expect((await fetch(`${server.baseUrl}/sandbox/bebo/oauth/authorize`)).status).toBe(404);
    const unknown = await fetch(`${base('hubspot')}/crm/v3/nothing`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'not_found' });
    const wrongMethod = await fetch(`${base('hubspot')}/oauth/v1/token`);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
  });

  it('serves stats and reset over HTTP for a fake in another process', async () => {
    await tokensFor('gong');
    const stats = await fetch(`${base('gong')}/__sandbox/stats`);
    expect(await stats.json()).toEqual({ authorizationCodeGrants: 1, refreshGrants: 0, failedGrants: 0 });
    expect((await fetch(`${base('gong')}/__sandbox/reset`, { method: 'POST' })).status).toBe(204);
    expect(sandboxStats('gong')).toEqual({ authorizationCodeGrants: 0, refreshGrants: 0, failedGrants: 0 });
    expect((await fetch(`${base('gong')}/__sandbox/reset`)).status).toBe(405);
  });
});
