import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnection, errorOf } from '../support/api';
import { startTestService, type TestService } from '../support/harness';
import { completeInBrowser, get, location, startAuthorization, type AuthorizationView } from '../support/oauth';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service.close();
});

const REDIRECT = 'https://app.example.com/integrations/done';
const OAUTH_CONNECTORS = ['hubspot', 'salesforce', 'pipedrive', 'attio', 'aircall', 'dialpad', 'gong', 'calendly', 'xero'] as const;

// What each connector captures after the exchange (spec/connectors.md, "after token exchange, keep").
const CAPTURED: Record<(typeof OAUTH_CONNECTORS)[number], string[]> = {
  hubspot: ['portalId', 'accountEmail'],
  salesforce: ['instanceUrl', 'organizationId', 'accountEmail'],
  pipedrive: ['apiDomain', 'companyId', 'accountEmail'],
  attio: ['workspaceId'],
  aircall: ['companyId', 'accountEmail'],
  dialpad: ['companyId'],
  gong: ['apiBaseUrl'],
  calendly: ['ownerUri', 'organizationUri', 'accountEmail'],
  xero: ['tenantId'],
};

async function detail(connectorId: string, ownerId: string) {
  const { getConnectionDetail } = await import('@/server/services/connections');
  const { firstOrganization } = await import('../support/organization');
  return getConnectionDetail({ ...firstOrganization(), connectorId, ownerId });
}

describe('OAuth authorization, end to end against each sandbox vendor', () => {
  it.each(OAUTH_CONNECTORS)('%s: create → authorize → approve → callback → authorized', async (connectorId) => {
    const ownerId = `flow-${connectorId}`;
    await createConnection(service, connectorId, ownerId, ['genericContact::list', 'genericUser::list']);
    const response = await startAuthorization(service, connectorId, ownerId, `?redirectUrl=${encodeURIComponent(REDIRECT)}`);
    expect(response.status).toBe(200);
    const authorization = (await response.json()) as AuthorizationView;
    expect(authorization).toMatchObject({ object: 'connectionAuthorization', connectorId, ownerId, status: 'awaitingAuthorization' });
    const vendorUrl = new URL(authorization.authorizationUrl ?? '');
    expect(vendorUrl.pathname.startsWith(`/sandbox/${connectorId}/`)).toBe(true);
    expect(vendorUrl.searchParams.get('redirect_uri')).toBe(`${service.baseUrl}/v1/oauth/callback`);
    expect(vendorUrl.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const { getConnector } = await import('@/server/connectors/catalogue');
    const declaration = getConnector(connectorId);
    if (declaration.auth.kind === 'oauth2' && declaration.auth.pkce)
      expect(vendorUrl.searchParams.get('code_challenge_method')).toBe('S256');

    const email = `owner.${connectorId}@acme-${connectorId}.example.com`;
    const final = await completeInBrowser(vendorUrl.toString(), 'Approve', email);
    expect(`${final.origin}${final.pathname}`).toBe(REDIRECT);
    expect(Object.fromEntries(final.searchParams)).toEqual({ status: 'authorized', connectorId, ownerId });

    const connection = (await (await service.call(`/v1/connections/${connectorId}/${ownerId}`)).json()) as { status: string };
    expect(connection).toMatchObject({ status: 'authorized' });
    const stored = await detail(connectorId, ownerId);
    for (const key of CAPTURED[connectorId]) expect(stored.identity[key], `${connectorId} keeps ${key}`).toBeTruthy();
    if (stored.identity.accountEmail) expect(stored.identity.accountEmail).toBe(email);
    // The dashboard view carries the token expiry, never a token.
    const { openCredentials } = await import('@/server/services/credentials');
    const { getRuntime } = await import('@/server/runtime');
    const { connections } = await import('@/server/db/schema');
    const { eq } = await import('drizzle-orm');
    const row = getRuntime().db.select().from(connections).where(eq(connections.id, stored.id)).get();
    const credentials = row ? openCredentials(row) : null;
    expect(credentials?.kind).toBe('oauth2');
    if (credentials?.kind === 'oauth2') {
      expect(JSON.stringify(stored)).not.toContain(credentials.accessToken);
      expect(row?.credentialsCiphertext).not.toContain(credentials.accessToken);
    }
  });

  it('finds an authorized connection by the sandbox account e-mail', async () => {
    const response = await service.call(`/v1/connections?q=${encodeURIComponent('owner.hubspot@acme-hubspot.example.com')}`);
    const body = (await response.json()) as { data: { ownerId: string }[] };
    expect(body.data.map((connection) => connection.ownerId)).toEqual(['flow-hubspot']);
  });

  it('answers authorized without a URL when the connection already has every scope', async () => {
    const response = await startAuthorization(service, 'hubspot', 'flow-hubspot');
    expect(await response.json()).toEqual({
      object: 'connectionAuthorization',
      connectorId: 'hubspot',
      ownerId: 'flow-hubspot',
      status: 'authorized',
    });
  });

  it('asks again when the operations need more scopes, and keeps the working tokens meanwhile', async () => {
    await service.call('/v1/connections/hubspot/flow-hubspot', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operations: ['genericContact::list', 'crmOpportunity::create'] }),
    });
    const authorization = (await (await startAuthorization(service, 'hubspot', 'flow-hubspot')).json()) as AuthorizationView;
    expect(authorization.status).toBe('awaitingAuthorization');
    expect(new URL(authorization.authorizationUrl ?? '').searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['oauth', 'crm.objects.contacts.read', 'crm.objects.deals.write']),
    );
    expect((await detail('hubspot', 'flow-hubspot')).status).toBe('authorized');
  });

  it('unions requested scopes with the scopes of the operations', async () => {
    await createConnection(service, 'xero', 'scopes-1', ['accountingInvoice::create']);
    const authorization = (await (
      await startAuthorization(service, 'xero', 'scopes-1', '', { scopes: ['openid'] })
    ).json()) as AuthorizationView;
    expect(new URL(authorization.authorizationUrl ?? '').searchParams.get('scope')?.split(' ').sort()).toEqual([
      'accounting.transactions',
      'offline_access',
      'openid',
    ]);
  });
});

describe('OAuth failures leave the connection as it was', () => {
  it('deny at the vendor → redirect with the error code, connection still unauthorized', async () => {
    await createConnection(service, 'calendly', 'deny-1');
    const authorization = (await (
      await startAuthorization(service, 'calendly', 'deny-1', `?redirectUrl=${encodeURIComponent(REDIRECT)}`)
    ).json()) as AuthorizationView;
    const final = await completeInBrowser(authorization.authorizationUrl ?? '', 'Deny');
    expect(final.searchParams.get('status')).toBe('failed');
    expect(final.searchParams.get('error')).toBe('SERVICE::CONNECTION::AUTHORIZATION_RETRIEVE_FAILED');
    expect(final.searchParams.get('message')).toMatch(/access_denied/);
    expect((await detail('calendly', 'deny-1')).status).toBe('unauthorized');
  });

  it('a replayed state is refused and changes nothing', async () => {
    await createConnection(service, 'pipedrive', 'replay-1');
    const authorization = (await (
      await startAuthorization(service, 'pipedrive', 'replay-1', `?redirectUrl=${encodeURIComponent(REDIRECT)}`)
    ).json()) as AuthorizationView;
    const approved = new URL(authorization.authorizationUrl ?? '');
    approved.searchParams.set('prompt', 'none');
    const callback = location(await get(approved.toString()));
    expect(location(await get(callback.toString())).searchParams.get('status')).toBe('authorized');
    const replay = location(await get(callback.toString()));
    expect(replay.searchParams.get('error')).toBe('SERVICE::CONNECTION::AUTHORIZATION_NOT_FOUND');
    expect((await detail('pipedrive', 'replay-1')).status).toBe('authorized');
  });

  it('an expired state is refused', async () => {
    await createConnection(service, 'attio', 'expired-state');
    const authorization = (await (
      await startAuthorization(service, 'attio', 'expired-state', `?redirectUrl=${encodeURIComponent(REDIRECT)}`)
    ).json()) as AuthorizationView;
    const { getRuntime } = await import('@/server/runtime');
    const { authorizationAttempts } = await import('@/server/db/schema');
    const { eq } = await import('drizzle-orm');
    getRuntime()
      .db.update(authorizationAttempts)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(authorizationAttempts.ownerId, 'expired-state'))
      .run();
    const approved = new URL(authorization.authorizationUrl ?? '');
    approved.searchParams.set('prompt', 'none');
    const final = location(await get(location(await get(approved.toString())).toString()));
    expect(final.searchParams.get('error')).toBe('SERVICE::CONNECTION::AUTHORIZATION_NOT_FOUND');
    expect(final.searchParams.get('message')).toMatch(/expired/);
    expect((await detail('attio', 'expired-state')).status).toBe('unauthorized');
  });

  it('an unknown state without a redirect goes to the result page with the code', async () => {
    const final = location(await get(`${service.baseUrl}/v1/oauth/callback?state=forged&code=x`));
    expect(final.pathname).toBe('/connect/result');
    expect(final.searchParams.get('error')).toBe('SERVICE::CONNECTION::AUTHORIZATION_NOT_FOUND');
  });

  it('records every attempt with its outcome for the Authorizations page', async () => {
    const { listAuthorizationAttempts } = await import('@/server/services/authorizations');
    const { firstOrganization } = await import('../support/organization');
    const attempts = listAuthorizationAttempts({ ...firstOrganization(), limit: 100 });
    expect(attempts.find((attempt) => attempt.ownerId === 'deny-1')).toMatchObject({
      status: 'failed',
      errorCode: 'SERVICE::CONNECTION::AUTHORIZATION_RETRIEVE_FAILED',
    });
    expect(attempts.find((attempt) => attempt.ownerId === 'flow-xero')).toMatchObject({ status: 'authorized', errorCode: null });
  });
});

describe('POST …/authorization errors', () => {
  it('answers 404 for an unknown connection and an unknown connector', async () => {
    expect(await errorOf(await startAuthorization(service, 'hubspot', 'nobody'))).toMatchObject({
      status: 404,
      error: 'SERVICE::CONNECTION::NOT_FOUND',
    });
    expect(await errorOf(await startAuthorization(service, 'bebo', 'nobody'))).toMatchObject({
      status: 404,
      error: 'CONNECTOR::NOT_FOUND',
    });
  });

  it('validates redirectUrl, mode and settings', async () => {
    await createConnection(service, 'salesforce', 'validate-1');
    expect((await errorOf(await startAuthorization(service, 'salesforce', 'validate-1', '?redirectUrl=javascript:alert(1)'))).message).toBe(
      'query.redirectUrl: must be an absolute http(s) URL',
    );
    expect((await errorOf(await startAuthorization(service, 'salesforce', 'validate-1', '?mode=popup'))).message).toBe(
      'query.mode: must be connect or direct',
    );
    expect(
      (await errorOf(await startAuthorization(service, 'salesforce', 'validate-1', '', { settings: { env: 'staging' } }))).message,
    ).toBe('settings.env: must be production or sandbox');
    expect(
      (await errorOf(await startAuthorization(service, 'salesforce', 'validate-1', '', { settings: { color: 'red' } }))).message,
    ).toMatch(/^settings\.color: is not a setting of Salesforce/);
    expect(await errorOf(await startAuthorization(service, 'salesforce', 'validate-1', '', { settings: { apiKey: 'k' } }))).toMatchObject({
      status: 400,
      error: 'SERVICE::CONNECTION::AUTH_TYPE_NOT_SUPPORTED',
    });
    expect((await errorOf(await startAuthorization(service, 'salesforce', 'validate-1', '', { scopes: 'api' }))).message).toBe(
      'body.scopes: must be an array of strings',
    );
  });

  it('mode=connect answers the hosted connect page', async () => {
    await createConnection(service, 'gong', 'connect-page');
    const authorization = (await (await startAuthorization(service, 'gong', 'connect-page', '?mode=connect')).json()) as AuthorizationView;
    expect(authorization.authorizationUrl).toMatch(new RegExp(`^${service.baseUrl}/connect/auth_[A-Za-z0-9_-]{22}$`));
    const { getConnectPage } = await import('@/server/services/authorizations');
    const page = getConnectPage({ id: authorization.authorizationUrl?.split('/').pop() ?? '' });
    expect(page).toMatchObject({ connectorName: 'Gong', state: 'ready', ownerId: 'connect-page' });
    expect(page?.authorizeUrl).toMatch(/\/sandbox\/gong\/oauth2\/authorize\?/);
  });
});

describe('Chargebee (API key)', () => {
  it('checks the key with one read, then the connection is authorized and the key never echoed', async () => {
    await createConnection(service, 'chargebee', 'cb-1');
    const response = await startAuthorization(service, 'chargebee', 'cb-1', '', {
      settings: { site: 'acme-test', apiKey: 'test_abcdefgh12345' },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      object: 'connectionAuthorization',
      connectorId: 'chargebee',
      ownerId: 'cb-1',
      status: 'authorized',
    });
    expect(text).not.toContain('test_abcdefgh12345');
    expect(await detail('chargebee', 'cb-1')).toMatchObject({ status: 'authorized', identity: { site: 'acme-test' } });
  });

  it('answers MISSING_REQUIRED_AUTHORIZATION_SETTINGS naming what is missing', async () => {
    await createConnection(service, 'chargebee', 'cb-2');
    expect(await errorOf(await startAuthorization(service, 'chargebee', 'cb-2', '', { settings: { site: 'acme-test' } }))).toEqual({
      status: 400,
      error: 'SERVICE::CONNECTION::MISSING_REQUIRED_AUTHORIZATION_SETTINGS',
      message: 'settings.apiKey: required to authorize Chargebee',
    });
  });

  it('refuses a key the vendor refuses, leaving the connection unauthorized', async () => {
    const result = await errorOf(
      await startAuthorization(service, 'chargebee', 'cb-2', '', { settings: { site: 'acme-test', apiKey: 'wrong-key' } }),
    );
    expect(result.status).toBe(400);
    expect(result.error).toBe('SERVICE::BAD_REQUEST');
    expect(result.message).toMatch(/^settings\.apiKey: Chargebee refused this API key/);
    expect(result.message).not.toContain('wrong-key');
    expect((await detail('chargebee', 'cb-2')).status).toBe('unauthorized');
  });
});
