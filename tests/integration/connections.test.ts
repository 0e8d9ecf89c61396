import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnection, errorOf, json } from '../support/api';
import { startTestService, type TestService } from '../support/harness';

let service: TestService;
let other: { key: string; secret: string };

beforeAll(async () => {
  service = await startTestService();
  // A second organization with its own key pair: it must never see the first one's connections.
  const { getRuntime } = await import('@/server/runtime');
  const { organizations } = await import('@/server/db/schema');
  const { createApiKey } = await import('@/server/services/api-keys');
  getRuntime().db.insert(organizations).values({ id: 'org_other', name: 'Other', createdAt: new Date().toISOString() }).run();
  const pair = createApiKey({ organizationId: 'org_other', label: 'other' });
  other = { key: pair.apiKey.publicKey, secret: pair.secret };
});
afterAll(async () => {
  await service.close();
});

const asOther = () => ({ 'x-api-key': other.key, 'x-api-secret': other.secret });
const CONNECTION_KEYS = ['connectorId', 'createdAt', 'object', 'operations', 'ownerId', 'status', 'updatedAt'];

describe('POST /v1/connections', () => {
  it('creates an unauthorized connection and answers 201 with the connection', async () => {
    const response = await service.call(
      '/v1/connections',
      json('POST', {
        connectorId: 'hubspot',
        ownerId: 'create-1',
        operations: ['genericContact::list', 'genericContact::list', 'crmOpportunity::create'],
      }),
    );
    expect(response.status).toBe(201);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(CONNECTION_KEYS);
    expect(body).toMatchObject({
      object: 'connection',
      connectorId: 'hubspot',
      ownerId: 'create-1',
      status: 'unauthorized',
      operations: ['genericContact::list', 'crmOpportunity::create'],
    });
    expect(body.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('answers 409 SERVICE::CONNECTION::CREATION_FAILED when it exists', async () => {
    await createConnection(service, 'hubspot', 'dup-1');
    const result = await errorOf(
      await service.call('/v1/connections', json('POST', { connectorId: 'hubspot', ownerId: 'dup-1', operations: [] })),
    );
    expect(result).toMatchObject({ status: 409, error: 'SERVICE::CONNECTION::CREATION_FAILED' });
  });

  it('answers 404 CONNECTOR::NOT_FOUND for an unknown connector', async () => {
    const result = await errorOf(
      await service.call('/v1/connections', json('POST', { connectorId: 'myspace', ownerId: 'x', operations: [] })),
    );
    expect(result.status).toBe(404);
    expect(result.error).toBe('CONNECTOR::NOT_FOUND');
    expect(result.message).toMatch(/^body\.connectorId: "myspace" is not a connector/);
  });

  it('names a bad operation with its index', async () => {
    const result = await errorOf(
      await service.call(
        '/v1/connections',
        json('POST', { connectorId: 'hubspot', ownerId: 'x', operations: ['genericContact::list', 'genericContact::explode'] }),
      ),
    );
    expect(result).toEqual({
      status: 400,
      error: 'SERVICE::BAD_REQUEST',
      message: 'body.operations[1]: "genericContact::explode" is not an operation (<model>::<action>)',
    });
  });

  it('accepts every one of the 119 operations', async () => {
    const { OPERATIONS } = await import('@/server/models/operations');
    expect(OPERATIONS).toHaveLength(119);
    const response = await service.call(
      '/v1/connections',
      json('POST', { connectorId: 'salesforce', ownerId: 'all-ops', operations: OPERATIONS }),
    );
    expect(response.status).toBe(201);
    expect(((await response.json()) as { operations: string[] }).operations).toHaveLength(119);
  });

  it('refuses a missing body, unknown fields and malformed JSON', async () => {
    expect((await errorOf(await service.call('/v1/connections', { method: 'POST' }))).message).toMatch(/^body\.connectorId: is required/);
    expect(
      (
        await errorOf(
          await service.call('/v1/connections', json('POST', { connectorId: 'hubspot', ownerId: 'a', operations: [], extra: 1 })),
        )
      ).message,
    ).toBe('body.extra: is not a known field');
    const malformed = await service.call('/v1/connections', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"connectorId":',
    });
    expect(await errorOf(malformed)).toEqual({
      status: 400,
      error: 'SERVICE::BAD_REQUEST',
      message: 'body: the document is not valid JSON',
    });
  });

  it('refuses an unsupported content type', async () => {
    const response = await service.call('/v1/connections', {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<connection/>',
    });
    expect((await errorOf(response)).message).toMatch(/^header content-type: "application\/xml" is not supported/);
  });

  it('takes the same document as text/plain and as a JWS signed with the secret', async () => {
    const { CompactSign } = await import('jose');
    const { TEST_API_SECRET } = await import('../support/harness');
    const text = await service.call('/v1/connections', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ connectorId: 'attio', ownerId: 'plain-1', operations: [] }),
    });
    expect(text.status).toBe(201);
    const encoder = new TextEncoder();
    const jws = await new CompactSign(encoder.encode(JSON.stringify({ connectorId: 'attio', ownerId: 'jwt-1', operations: [] })))
      .setProtectedHeader({ alg: 'HS256' })
      .sign(encoder.encode(TEST_API_SECRET));
    const signed = await service.call('/v1/connections', { method: 'POST', headers: { 'content-type': 'application/jwt' }, body: jws });
    expect(signed.status).toBe(201);
    const forged = await new CompactSign(encoder.encode('{}')).setProtectedHeader({ alg: 'HS256' }).sign(encoder.encode('guess'));
    expect(
      (
        await errorOf(
          await service.call('/v1/connections', { method: 'POST', headers: { 'content-type': 'application/jwt' }, body: forged }),
        )
      ).message,
    ).toMatch(/JWS signature/);
  });

  it('refuses an oversized body', async () => {
    const response = await service.call(
      '/v1/connections',
      json('POST', { connectorId: 'hubspot', ownerId: 'x'.repeat(2_000_000), operations: [] }),
    );
    expect(await errorOf(response)).toMatchObject({
      status: 400,
      error: 'SERVICE::BAD_REQUEST',
      message: expect.stringMatching(/^body: larger than the limit/) as unknown,
    });
  });
});

describe('GET /v1/connections/{connectorId}/{ownerId}', () => {
  it('answers the connection', async () => {
    await createConnection(service, 'gong', 'get-1');
    const response = await service.call('/v1/connections/gong/get-1');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ object: 'connection', connectorId: 'gong', ownerId: 'get-1', status: 'unauthorized' });
  });

  it('decodes an owner id with reserved characters', async () => {
    await createConnection(service, 'gong', 'user/42@acme');
    expect((await service.call(`/v1/connections/gong/${encodeURIComponent('user/42@acme')}`)).status).toBe(200);
  });

  it('answers 404 SERVICE::CONNECTION::NOT_FOUND for an unknown owner', async () => {
    expect(await errorOf(await service.call('/v1/connections/gong/nobody'))).toMatchObject({
      status: 404,
      error: 'SERVICE::CONNECTION::NOT_FOUND',
    });
  });

  it('answers 404 CONNECTOR::NOT_FOUND for an unknown connector', async () => {
    expect(await errorOf(await service.call('/v1/connections/orkut/get-1'))).toMatchObject({ status: 404, error: 'CONNECTOR::NOT_FOUND' });
  });

  it("never shows another organization's connection", async () => {
    expect(await errorOf(await service.call('/v1/connections/gong/get-1', { headers: asOther() }))).toMatchObject({
      status: 404,
      error: 'SERVICE::CONNECTION::NOT_FOUND',
    });
  });

  it('answers 401 without a key and for a wrong secret', async () => {
    expect((await errorOf(await service.call('/v1/connections/gong/get-1', { auth: false }))).status).toBe(401);
    expect(
      (await errorOf(await service.call('/v1/connections/gong/get-1', { headers: { 'x-api-secret': 'sk_wrong_000000000000000' } }))).status,
    ).toBe(401);
  });
});

describe('PATCH /v1/connections/{connectorId}/{ownerId}', () => {
  it('replaces the operations', async () => {
    await createConnection(service, 'pipedrive', 'patch-1');
    const response = await service.call('/v1/connections/pipedrive/patch-1', json('PATCH', { operations: ['crmOpportunity::list'] }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ operations: ['crmOpportunity::list'] });
  });

  it('answers 404 for a missing connection without createIfMissing', async () => {
    expect(await errorOf(await service.call('/v1/connections/pipedrive/patch-missing', json('PATCH', { operations: [] })))).toMatchObject({
      status: 404,
      error: 'SERVICE::CONNECTION::NOT_FOUND',
    });
  });

  it('creates it with createIfMissing=true', async () => {
    const response = await service.call(
      '/v1/connections/pipedrive/patch-new?createIfMissing=true',
      json('PATCH', { operations: ['genericUser::list'] }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ownerId: 'patch-new', status: 'unauthorized', operations: ['genericUser::list'] });
  });

  it('validates the flag and the body', async () => {
    expect(
      (await errorOf(await service.call('/v1/connections/pipedrive/patch-1?createIfMissing=yes', json('PATCH', { operations: [] }))))
        .message,
    ).toBe('query.createIfMissing: must be true or false');
    expect((await errorOf(await service.call('/v1/connections/pipedrive/patch-1', json('PATCH', {})))).message).toMatch(
      /^body\.operations:/,
    );
  });
});

describe('DELETE /v1/connections/{connectorId}/{ownerId}', () => {
  it('answers 204 with no body, then the connection is gone', async () => {
    await createConnection(service, 'aircall', 'delete-1');
    const response = await service.call('/v1/connections/aircall/delete-1', { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect((await service.call('/v1/connections/aircall/delete-1')).status).toBe(404);
  });

  it("answers 404 for another organization's connection and leaves it alone", async () => {
    await createConnection(service, 'aircall', 'delete-2');
    expect((await service.call('/v1/connections/aircall/delete-2', { method: 'DELETE', headers: asOther() })).status).toBe(404);
    expect((await service.call('/v1/connections/aircall/delete-2')).status).toBe(200);
  });
});

describe('GET /v1/connections (list and search)', () => {
  beforeAll(async () => {
    const { getRuntime } = await import('@/server/runtime');
    const { connections } = await import('@/server/db/schema');
    const { searchTextForConnection } = await import('@/server/services/connections');
    const { eq, and } = await import('drizzle-orm');
    await createConnection(service, 'xero', 'search-acme');
    await createConnection(service, 'calendly', 'search-globex');
    await createConnection(service, 'dialpad', '+1 (415) 555-2671');
    // Identities as authorization would capture them.
    const setIdentity = (connectorId: string, ownerId: string, identity: Record<string, string>, createdAt?: string) =>
      getRuntime()
        .db.update(connections)
        .set({
          identity,
          searchText: searchTextForConnection({ connectorId, ownerId }, identity),
          ...(createdAt ? { createdAt, updatedAt: createdAt } : {}),
        })
        .where(and(eq(connections.connectorId, connectorId), eq(connections.ownerId, ownerId)))
        .run();
    setIdentity(
      'xero',
      'search-acme',
      { accountEmail: 'jane@acme.example.com', accountName: 'Acme Widgets Ltd', tenantId: 't-1' },
      '2025-03-04T10:00:00.000Z',
    );
    setIdentity('calendly', 'search-globex', { accountEmail: 'hank@globex.io', accountName: 'Globex' });
    setIdentity('dialpad', '+1 (415) 555-2671', { accountName: 'Phone Co' });
  });

  const owners = async (query: string) => {
    const response = await service.call(`/v1/connections?${query}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { object: string; data: { ownerId: string }[]; next: string | null };
    expect(body.object).toBe('list');
    return body.data.map((connection) => connection.ownerId).sort();
  };

  it('finds by e-mail address', async () => expect(await owners('q=jane@acme.example.com')).toEqual(['search-acme']));
  it('finds by domain and by URL', async () => {
    expect(await owners('q=acme.example.com')).toEqual(['search-acme']);
    expect(await owners(`q=${encodeURIComponent('https://www.globex.io/about')}`)).toEqual(['search-globex']);
  });
  it('finds by phone number normalised to E.164', async () =>
    expect(await owners(`q=${encodeURIComponent('+14155552671')}`)).toEqual(['+1 (415) 555-2671']));
  it('finds by ISO day and date-time', async () => {
    expect(await owners('q=2025-03-04')).toEqual(['search-acme']);
    expect(await owners(`q=${encodeURIComponent('2025-03-04T23:59:00Z')}`)).toEqual(['search-acme']);
  });
  it('finds by text in the account name, owner and connector', async () => {
    expect(await owners('q=widgets')).toEqual(['search-acme']);
    expect(await owners('q=Globex')).toEqual(['search-globex']);
  });
  it('requires every token to match', async () => {
    expect(await owners(`q=${encodeURIComponent('acme globex')}`)).toEqual([]);
    expect(await owners(`q=${encodeURIComponent('xero acme')}`)).toEqual(['search-acme']);
  });
  it('filters by connector and status and rejects an unknown connector', async () => {
    expect(await owners('connectorId=calendly')).toEqual(['search-globex']);
    expect((await owners('status=authorized')).length).toBe(0);
    expect(await errorOf(await service.call('/v1/connections?connectorId=friendster'))).toMatchObject({
      status: 404,
      error: 'CONNECTOR::NOT_FOUND',
    });
    expect((await errorOf(await service.call('/v1/connections?status=great'))).message).toBe(
      'query.status: must be unauthorized, authorized or expired',
    );
  });
  it('paginates with an opaque cursor and refuses a forged one', async () => {
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const response = await service.call(`/v1/connections?limit=2${next ? `&cursor=${next}` : ''}`);
      const page = (await response.json()) as { data: { ownerId: string; connectorId: string }[]; next: string | null };
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((connection) => `${connection.connectorId}/${connection.ownerId}`));
      next = page.next;
    } while (next);
    const all = (await (await service.call('/v1/connections?limit=100')).json()) as { data: { ownerId: string; connectorId: string }[] };
    expect(seen).toEqual(all.data.map((connection) => `${connection.connectorId}/${connection.ownerId}`));
    expect(new Set(seen).size).toBe(seen.length);
    expect((await errorOf(await service.call('/v1/connections?cursor=not-a-cursor'))).message).toBe(
      'query.cursor: is not a cursor this list issued',
    );
  });
  it("lists none of another organization's connections", async () => {
    const response = await service.call('/v1/connections', { headers: asOther() });
    expect(await response.json()).toEqual({ object: 'list', data: [], next: null });
  });
});
