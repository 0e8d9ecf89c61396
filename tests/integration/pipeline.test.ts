import { CompactSign, compactVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, TEST_API_KEY, TEST_API_SECRET, type TestService } from '../support/harness';

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ MAX_BODY_BYTES: '2048' });
});
afterAll(async () => {
  await service.close();
});

const encoder = new TextEncoder();
const EMPTY_LIST = { object: 'list', data: [], next: null };

async function errorOf(response: Response): Promise<{ status: number; error: string; message: string }> {
  const body = (await response.json()) as { error: string; message: string };
  expect(Object.keys(body).sort()).toEqual(['error', 'message']);
  return { status: response.status, error: body.error, message: body.message };
}

describe('GET /v1/connections (pipeline proof)', () => {
  it('answers an empty list wrapper for a valid key pair', async () => {
    const response = await service.call('/v1/connections');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-request-id')).toMatch(/^req_/);
    expect(await response.json()).toEqual(EMPTY_LIST);
  });

  it('validates the query strictly, naming the field', async () => {
    expect(await errorOf(await service.call('/v1/connections?limit=1000'))).toEqual({
      status: 400,
      error: 'SERVICE::BAD_REQUEST',
      message: 'query.limit: must be at most 100',
    });
    expect((await errorOf(await service.call('/v1/connections?color=red'))).message).toBe('query.color: is not a known field');
  });
});

describe('credential check', () => {
  it('answers 401 naming x-api-key when it is missing', async () => {
    expect(await errorOf(await service.call('/v1/connections', { auth: false }))).toEqual({
      status: 401,
      error: 'SERVICE::BAD_REQUEST',
      message: 'header x-api-key: is required',
    });
  });

  it('answers 401 naming x-api-secret when it is missing', async () => {
    const response = await service.call('/v1/connections', { auth: false, headers: { 'x-api-key': TEST_API_KEY } });
    expect(await errorOf(response)).toEqual({ status: 401, error: 'SERVICE::BAD_REQUEST', message: 'header x-api-secret: is required' });
  });

  it('answers 401 for a wrong secret', async () => {
    const response = await service.call('/v1/connections', { headers: { 'x-api-secret': `${TEST_API_SECRET}x` } });
    expect(await errorOf(response)).toEqual({
      status: 401,
      error: 'SERVICE::BAD_REQUEST',
      message: 'header x-api-secret: does not match x-api-key',
    });
  });

  it('answers 401 for an unknown key', async () => {
    const response = await service.call('/v1/connections', { headers: { 'x-api-key': 'pk_unknown_0000000000000000' } });
    expect(await errorOf(response)).toEqual({ status: 401, error: 'SERVICE::BAD_REQUEST', message: 'header x-api-key: unknown API key' });
  });

  it('refuses a revoked key at once', async () => {
    const { createApiKey, revokeApiKey } = await import('@/server/services/api-keys');
    const { organizationId } = await import('../support/organization').then((m) => m.firstOrganization());
    const { apiKey, secret } = createApiKey({ organizationId, label: 'to revoke' });
    const headers = { 'x-api-key': apiKey.publicKey, 'x-api-secret': secret };
    expect((await service.call('/v1/connections', { headers })).status).toBe(200);
    revokeApiKey({ organizationId, id: apiKey.id });
    expect(await errorOf(await service.call('/v1/connections', { headers }))).toEqual({
      status: 401,
      error: 'SERVICE::BAD_REQUEST',
      message: 'header x-api-key: this API key has been revoked',
    });
  });
});

describe('unknown paths and methods', () => {
  it('answers 404 with the error body for an unknown /v1 path', async () => {
    expect(await errorOf(await service.call('/v1/nothing-here'))).toEqual({
      status: 404,
      error: 'SERVICE::BAD_REQUEST',
      message: 'path /v1/nothing-here: no such route in /v1',
    });
  });

  it('answers 405 with Allow and the error body for a wrong method', async () => {
    const response = await service.call('/v1/connections', { method: 'PUT', body: '{}' });
    expect(response.headers.get('allow')).toBe('GET, POST');
    expect(await errorOf(response)).toEqual({
      status: 405,
      error: 'SERVICE::BAD_REQUEST',
      message: 'method PUT: not allowed on /v1/connections; allowed: GET, POST',
    });
  });
});

describe('wire formats', () => {
  it('answers text/plain with the same JSON document when Accept asks for it', async () => {
    const response = await service.call('/v1/connections', { headers: { accept: 'text/plain' } });
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(JSON.parse(await response.text())).toEqual(EMPTY_LIST);
  });

  it('answers application/jwt signed with the caller secret', async () => {
    const response = await service.call('/v1/connections', { headers: { accept: 'application/jwt' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/jwt');
    const { payload, protectedHeader } = await compactVerify(await response.text(), encoder.encode(TEST_API_SECRET));
    expect(protectedHeader.alg).toBe('HS256');
    expect(JSON.parse(new TextDecoder().decode(payload))).toEqual(EMPTY_LIST);
  });

  it('answers an error as JWT too when asked', async () => {
    const response = await service.call('/v1/connections?limit=0', { headers: { accept: 'application/jwt' } });
    expect(response.status).toBe(400);
    const { payload } = await compactVerify(await response.text(), encoder.encode(TEST_API_SECRET));
    expect(JSON.parse(new TextDecoder().decode(payload))).toEqual({
      error: 'SERVICE::BAD_REQUEST',
      message: 'query.limit: must be at least 1',
    });
  });

  it('refuses an Accept it cannot produce', async () => {
    const result = await errorOf(await service.call('/v1/connections', { headers: { accept: 'application/xml' } }));
    expect(result.status).toBe(400);
    expect(result.message).toMatch(/^header accept:/);
  });
});

describe('request log', () => {
  it('writes a row per request with the route, status and error code, and secrets redacted', async () => {
    const { listRequestLogs } = await import('@/server/services/request-log');
    const { organizationId } = await import('../support/organization').then((m) => m.firstOrganization());
    const response = await service.call('/v1/connections?limit=0&state=secret-state', {
      headers: { 'x-api-secret': TEST_API_SECRET, 'x-session-token': 'session-token-value' },
    });
    const requestId = response.headers.get('x-request-id');
    const { items } = listRequestLogs({ organizationId, limit: 50 });
    const row = items.find((item) => item.requestId === requestId);
    expect(row).toMatchObject({
      organizationId,
      method: 'GET',
      route: '/v1/connections',
      path: '/v1/connections',
      status: 400,
      errorCode: 'SERVICE::BAD_REQUEST',
      errorMessage: expect.stringContaining('query.limit: must be at least 1') as unknown,
    });
    expect(row?.durationMs).toBeGreaterThanOrEqual(0);
    const details = JSON.parse(row?.details ?? '{}') as { headers: Record<string, string>; query: Record<string, string> };
    expect(details.headers['x-api-secret']).toBe('[redacted]');
    expect(details.headers['x-session-token']).toBe('[redacted]');
    expect(details.headers['x-api-key']).toBe(TEST_API_KEY);
    expect(details.query).toEqual({ limit: '0', state: '[redacted]' });
    expect(row?.details).not.toContain(TEST_API_SECRET);
    expect(row?.details).not.toContain('session-token-value');
  });

  it('ties a refused request to the organization of a known key, with the 401', async () => {
    const { listRequestLogs } = await import('@/server/services/request-log');
    const { organizationId } = await import('../support/organization').then((m) => m.firstOrganization());
    const response = await service.call('/v1/connections', { headers: { 'x-api-secret': 'sk_wrong_wrong_wrong_wrong' } });
    const row = listRequestLogs({ organizationId, limit: 50, errorsOnly: true }).items.find(
      (item) => item.requestId === response.headers.get('x-request-id'),
    );
    expect(row).toMatchObject({ status: 401, errorCode: 'SERVICE::BAD_REQUEST' });
  });

  it('logs an unknown route under (unmatched)', async () => {
    const { listRequestLogs } = await import('@/server/services/request-log');
    const { organizationId } = await import('../support/organization').then((m) => m.firstOrganization());
    const response = await service.call('/v1/nope');
    const row = listRequestLogs({ organizationId, limit: 50, status: '404' }).items.find(
      (item) => item.requestId === response.headers.get('x-request-id'),
    );
    expect(row).toMatchObject({ route: '(unmatched)', path: '/v1/nope', status: 404 });
  });

  it('bounds retention by row count and age', async () => {
    const { recordRequest, pruneRequestLogs, listRequestLogs } = await import('@/server/services/request-log');
    const { organizationId } = await import('../support/organization').then((m) => m.firstOrganization());
    const old = new Date(Date.now() - 400 * 86_400_000).toISOString();
    recordRequest({
      organizationId,
      requestId: 'req_ancient',
      method: 'GET',
      route: '/v1/connections',
      path: '/v1/connections',
      status: 200,
      durationMs: 1,
      createdAt: old,
    });
    expect(listRequestLogs({ organizationId, limit: 100 }).items.some((item) => item.requestId === 'req_ancient')).toBe(true);
    expect(pruneRequestLogs()).toBeGreaterThanOrEqual(1);
    expect(listRequestLogs({ organizationId, limit: 100 }).items.some((item) => item.requestId === 'req_ancient')).toBe(false);
  });
});

describe('JWT request bodies', () => {
  it('is signed by the caller secret; a JWT body signed otherwise is refused', async () => {
    const jws = await new CompactSign(encoder.encode('{}')).setProtectedHeader({ alg: 'HS256' }).sign(encoder.encode('not the secret'));
    const { decodeBody } = await import('@/server/http/codecs');
    await expect(decodeBody(encoder.encode(jws), 'application/jwt', TEST_API_SECRET)).rejects.toThrow(/JWS signature/);
  });
});

describe('CORS', () => {
  it('answers a preflight for a known route with the allowed methods and headers', async () => {
    const response = await service.call('/v1/connections', { method: 'OPTIONS', auth: false });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST');
    expect(response.headers.get('access-control-allow-headers')).toContain('x-session-token');
  });

  it('lets browsers read x-request-id on every answer', async () => {
    const response = await service.call('/v1/connections');
    expect(response.headers.get('access-control-expose-headers')).toContain('x-request-id');
  });

  it('answers 404 to a preflight for an unknown path', async () => {
    expect((await service.call('/v1/nope', { method: 'OPTIONS', auth: false })).status).toBe(404);
  });
});
