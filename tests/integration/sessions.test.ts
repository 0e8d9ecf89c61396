import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnection, errorOf, json } from '../support/api';
import { startTestService, TEST_API_KEY, type TestService } from '../support/harness';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
  await createConnection(service, 'hubspot', 'session-owner', ['genericContact::list', 'genericContact::retrieve', 'crmOpportunity::list']);
});
afterAll(async () => {
  await service.close();
});

interface Session {
  object: string;
  connectorId: string;
  ownerId: string;
  sessionToken: string;
  expiresAt: string;
}

async function newSession(body: unknown = {}, path = '/v1/connections/hubspot/session-owner/sessions'): Promise<Session> {
  const response = await service.call(path, json('POST', body));
  expect(response.status).toBe(201);
  return (await response.json()) as Session;
}

const withToken = (token: string, extra: Record<string, string> = {}) => ({ auth: false, headers: { 'x-session-token': token, ...extra } });

describe('POST /v1/connections/{connectorId}/{ownerId}/sessions', () => {
  it('answers a session with a token and its expiry (default 1800 s)', async () => {
    const before = Date.now();
    const session = await newSession();
    expect(Object.keys(session).sort()).toEqual(['connectorId', 'expiresAt', 'object', 'ownerId', 'sessionToken']);
    expect(session).toMatchObject({ object: 'session', connectorId: 'hubspot', ownerId: 'session-owner' });
    const lifetime = Date.parse(session.expiresAt) - before;
    expect(lifetime).toBeGreaterThan(1790_000);
    expect(lifetime).toBeLessThanOrEqual(1801_000);
  });

  it('takes expiresIn in seconds within 60–86400', async () => {
    const session = await newSession({ expiresIn: 120 });
    expect(Date.parse(session.expiresAt) - Date.now()).toBeLessThanOrEqual(121_000);
    for (const [expiresIn, message] of [
      [59, 'body.expiresIn: must be at least 60 seconds'],
      [86_401, 'body.expiresIn: must be at most 86400 seconds (one day)'],
      [90.5, 'body.expiresIn: must be a whole number of seconds'],
      ['600', 'body.expiresIn: must be a number of seconds'],
    ] as const) {
      expect(await errorOf(await service.call('/v1/connections/hubspot/session-owner/sessions', json('POST', { expiresIn })))).toEqual({
        status: 400,
        error: 'SERVICE::BAD_REQUEST',
        message,
      });
    }
  });

  it("refuses operations outside the connection's", async () => {
    const result = await errorOf(
      await service.call(
        '/v1/connections/hubspot/session-owner/sessions',
        json('POST', { connection: { operations: ['genericContact::list', 'genericContact::delete'] } }),
      ),
    );
    expect(result).toEqual({
      status: 400,
      error: 'SERVICE::BAD_REQUEST',
      message: 'body.connection.operations[1]: "genericContact::delete" is not an operation of this connection',
    });
  });

  it('answers 404 for an unknown connection', async () => {
    expect(await errorOf(await service.call('/v1/connections/hubspot/nobody/sessions', json('POST', {})))).toMatchObject({
      status: 404,
      error: 'SERVICE::CONNECTION::NOT_FOUND',
    });
  });
});

describe('GET /v1/s/connection', () => {
  it('answers the connection of the session', async () => {
    const session = await newSession();
    const response = await service.call('/v1/s/connection', withToken(session.sessionToken));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      object: 'connection',
      connectorId: 'hubspot',
      ownerId: 'session-owner',
      status: 'unauthorized',
    });
  });

  it('accepts the public key of the same organization alongside', async () => {
    const session = await newSession();
    expect((await service.call('/v1/s/connection', withToken(session.sessionToken, { 'x-api-key': TEST_API_KEY }))).status).toBe(200);
  });

  it('answers 401 SERVICE::SESSION::TOKEN_VALIDATION_FAILED without a token', async () => {
    expect(await errorOf(await service.call('/v1/s/connection', { auth: false }))).toEqual({
      status: 401,
      error: 'SERVICE::SESSION::TOKEN_VALIDATION_FAILED',
      message: 'header x-session-token: is required',
    });
  });

  it('refuses a tampered token', async () => {
    const session = await newSession();
    const [header, payload, signature] = session.sessionToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, ownerId: 'someone-else' })).toString('base64url');
    expect(await errorOf(await service.call('/v1/s/connection', withToken(`${header}.${forgedPayload}.${signature}`)))).toMatchObject({
      status: 401,
      error: 'SERVICE::SESSION::TOKEN_VALIDATION_FAILED',
    });
  });

  it('refuses a token signed with another key', async () => {
    const forged = await new SignJWT({ org: 'org_x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(32)));
    expect((await errorOf(await service.call('/v1/s/connection', withToken(forged)))).error).toBe(
      'SERVICE::SESSION::TOKEN_VALIDATION_FAILED',
    );
  });

  it('answers 401 SERVICE::SESSION::EXPIRED for an expired session', async () => {
    // A correctly signed token whose expiry has passed, made with the service's own key derivation.
    const { getRuntime } = await import('@/server/runtime');
    const key = getRuntime().keyring.deriveKey('session-token');
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ org: 'org_x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('unified-integration-service')
      .setAudience('session')
      .setJti('ses_expired')
      .setIssuedAt(now - 120)
      .setExpirationTime(now - 60)
      .sign(key);
    expect(await errorOf(await service.call('/v1/s/connection', withToken(expired)))).toEqual({
      status: 401,
      error: 'SERVICE::SESSION::EXPIRED',
      message: 'header x-session-token: the session has expired',
    });
  });

  it('refuses the public key of another organization', async () => {
    const session = await newSession();
    const { getRuntime } = await import('@/server/runtime');
    const { organizations } = await import('@/server/db/schema');
    const { createApiKey } = await import('@/server/services/api-keys');
    getRuntime().db.insert(organizations).values({ id: 'org_foreign', name: 'Foreign', createdAt: new Date().toISOString() }).run();
    const foreign = createApiKey({ organizationId: 'org_foreign', label: 'foreign' });
    expect(
      await errorOf(await service.call('/v1/s/connection', withToken(session.sessionToken, { 'x-api-key': foreign.apiKey.publicKey }))),
    ).toEqual({
      status: 401,
      error: 'SERVICE::SESSION::TOKEN_VALIDATION_FAILED',
      message: 'header x-api-key: does not belong to the organization of this session',
    });
  });

  it('stops working once the connection is deleted', async () => {
    await createConnection(service, 'hubspot', 'short-lived');
    const session = await newSession({}, '/v1/connections/hubspot/short-lived/sessions');
    expect((await service.call('/v1/s/connection', withToken(session.sessionToken))).status).toBe(200);
    expect((await service.call('/v1/connections/hubspot/short-lived', { method: 'DELETE' })).status).toBe(204);
    expect(await errorOf(await service.call('/v1/s/connection', withToken(session.sessionToken)))).toEqual({
      status: 401,
      error: 'SERVICE::SESSION::TOKEN_VALIDATION_FAILED',
      message: 'header x-session-token: the session was revoked',
    });
    // A new connection under the same owner is not reachable with the old session either.
    await createConnection(service, 'hubspot', 'short-lived');
    expect((await service.call('/v1/s/connection', withToken(session.sessionToken))).status).toBe(401);
  });

  it('answers JWT bodies signed with the session token when asked', async () => {
    const session = await newSession();
    const response = await service.call('/v1/s/connection', withToken(session.sessionToken, { accept: 'application/jwt' }));
    const { compactVerify } = await import('jose');
    const { payload } = await compactVerify(await response.text(), new TextEncoder().encode(session.sessionToken));
    expect(JSON.parse(new TextDecoder().decode(payload))).toMatchObject({ object: 'connection', ownerId: 'session-owner' });
  });
});

describe('session operation gating', () => {
  it('lets a session act only within its operations', async () => {
    const { verifySession, requireSessionOperation } = await import('@/server/services/sessions');
    const session = await newSession({ connection: { operations: ['genericContact::list'] } });
    const caller = await verifySession({ token: session.sessionToken });
    expect(() => requireSessionOperation(caller, 'genericContact::list')).not.toThrow();
    expect(() => requireSessionOperation(caller, 'crmOpportunity::list')).toThrow('This session does not allow crmOpportunity::list');
  });
});

describe('POST /v1/s/connection/authorization', () => {
  it('starts authorization of the session connection (direct and connect)', async () => {
    const session = await newSession();
    const direct = await service.call(`/v1/s/connection/authorization?redirectUrl=${encodeURIComponent('https://app.example.com/done')}`, {
      ...json('POST', { scopes: ['crm.objects.deals.read'] }, { 'x-session-token': session.sessionToken }),
      auth: false,
    });
    expect(direct.status).toBe(200);
    const body = (await direct.json()) as { object: string; status: string; authorizationUrl: string };
    expect(body).toMatchObject({
      object: 'connectionAuthorization',
      connectorId: 'hubspot',
      ownerId: 'session-owner',
      status: 'awaitingAuthorization',
    });
    expect(new URL(body.authorizationUrl).searchParams.get('scope')).toContain('crm.objects.deals.read');

    const connect = await service.call('/v1/s/connection/authorization?mode=connect', {
      ...json('POST', {}, { 'x-session-token': session.sessionToken }),
      auth: false,
    });
    expect(((await connect.json()) as { authorizationUrl: string }).authorizationUrl).toMatch(/\/connect\/auth_/);
  });

  it('records the attempt as made through a session', async () => {
    const { listAuthorizationAttempts } = await import('@/server/services/authorizations');
    const { firstOrganization } = await import('../support/organization');
    expect(listAuthorizationAttempts({ ...firstOrganization(), limit: 10 })[0]).toMatchObject({ via: 'session', ownerId: 'session-owner' });
  });

  it('validates the query and body, naming the field', async () => {
    const session = await newSession();
    const call = (query: string, body: unknown) =>
      service.call(`/v1/s/connection/authorization${query}`, {
        ...json('POST', body, { 'x-session-token': session.sessionToken }),
        auth: false,
      });
    expect((await errorOf(await call('?redirectUrl=not-a-url', {}))).message).toBe('query.redirectUrl: must be an absolute http(s) URL');
    expect((await errorOf(await call('', { settings: { env: 3 } }))).message).toBe('body.settings.env: must be a string');
  });

  it('answers 401 without a session token, even with the key pair', async () => {
    expect(await errorOf(await service.call('/v1/s/connection/authorization', json('POST', {})))).toMatchObject({
      status: 401,
      error: 'SERVICE::SESSION::TOKEN_VALIDATION_FAILED',
    });
  });
});
