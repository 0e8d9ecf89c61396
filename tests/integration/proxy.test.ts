import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnection, errorOf, json } from '../support/api';
import { startTestService, type TestService } from '../support/harness';

import { authorizeInSandbox } from '../support/oauth';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
  await authorize('dialpad', 'proxy-owner');
});
afterAll(async () => {
  await service.close();
});

const authorize = (connectorId: string, ownerId: string) => authorizeInSandbox(service, connectorId, ownerId);

const connection = { 'x-connector-id': 'dialpad', 'x-owner-id': 'proxy-owner' };
const proxy = (body: unknown, headers: Record<string, string> = connection) => service.call('/v1/proxy', json('POST', body, headers));

describe('POST /v1/proxy', () => {
  it('forwards a GET with the connection credentials and answers the vendor status and body', async () => {
    const response = await proxy({ path: '/api/v2/company' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { id: number; name: string; domain: string };
    expect(body.id).toBeGreaterThan(0);
    expect(body.name).toEqual(expect.any(String));
  });

  it('maps a vendor 404 to SERVICE::CONNECTION::PROXY::NOT_FOUND with the vendor status and body in the message', async () => {
    const result = await errorOf(await proxy({ path: '/api/v2/nothing-here' }));
    expect(result.status).toBe(404);
    expect(result.error).toBe('SERVICE::CONNECTION::PROXY::NOT_FOUND');
    expect(result.message).toMatch(/^Dialpad answered 404: /);
  });

  it('refreshes the token once and retries when the vendor answers 401', async () => {
    const { expireSandboxAccessTokens, sandboxStats } = await import('@/server/connectors/sandbox');
    expireSandboxAccessTokens('dialpad');
    const before = sandboxStats('dialpad').refreshGrants;
    const response = await proxy({ path: '/api/v2/company' });
    expect(response.status).toBe(200);
    expect(sandboxStats('dialpad').refreshGrants - before).toBe(1);
  });

  it.each([
    ['http://evil.example/steal', 'an absolute URL'],
    ['//evil.example/steal', 'a scheme-relative URL'],
    ['/%2F%2Fevil.example/x', 'an encoded scheme-relative URL'],
    ['/api/v2/../../admin', 'a .. escape'],
    ['/api/v2/%2e%2e/%2e%2e/admin', 'an encoded .. escape'],
    ['/api/v2/%252e%252e/%252e%252e/admin', 'a double-encoded .. escape'],
    ['/@evil.example/x', 'an @ userinfo trick'],
    ['/api/v2\\..\\admin', 'a backslash'],
    ['api/v2/company', 'a path without the leading slash'],
    ['/api/v2/company%0d%0aHost:%20evil', 'encoded control characters'],
    ['/api/v2/company#frag', 'a fragment'],
  ])('refuses %s (%s) with SERVICE::CONNECTION::PROXY::BAD_REQUEST', async (path) => {
    const result = await errorOf(await proxy({ path }));
    expect(result.status).toBe(400);
    expect(result.error).toBe('SERVICE::CONNECTION::PROXY::BAD_REQUEST');
    expect(result.message).toMatch(/^body\.path: /);
  });

  it('validates the body, naming the field', async () => {
    expect((await errorOf(await proxy({}))).message).toMatch(/^body\.path: is required/);
    expect((await errorOf(await proxy({ path: '/x', method: 'TRACE' }))).message).toBe(
      'body.method: must be GET, POST, PUT, PATCH or DELETE',
    );
    expect((await errorOf(await proxy({ path: '/x', headers: { a: 1 } }))).message).toBe('body.headers.a: must be a string');
  });

  it('needs the connection headers with the key pair, and finds only own connections', async () => {
    expect((await errorOf(await proxy({ path: '/x' }, {}))).message).toMatch(/^header x-connector-id: is required/);
    expect((await errorOf(await proxy({ path: '/x' }, { 'x-connector-id': 'dialpad' }))).message).toMatch(
      /^header x-owner-id: is required/,
    );
    expect(await errorOf(await proxy({ path: '/x' }, { 'x-connector-id': 'dialpad', 'x-owner-id': 'someone-else' }))).toMatchObject({
      status: 404,
      error: 'SERVICE::CONNECTION::NOT_FOUND',
    });
    expect(await errorOf(await proxy({ path: '/x' }, { 'x-connector-id': 'icq', 'x-owner-id': 'a' }))).toMatchObject({
      status: 404,
      error: 'CONNECTOR::NOT_FOUND',
    });
  });

  it('answers 409 ACCESS_TOKEN_MISSIN for a connection not authorized yet', async () => {
    await createConnection(service, 'dialpad', 'not-yet');
    expect(await errorOf(await proxy({ path: '/api/v2/company' }, { 'x-connector-id': 'dialpad', 'x-owner-id': 'not-yet' }))).toMatchObject(
      {
        status: 409,
        error: 'SERVICE::CONNECTION::ACCESS_TOKEN_MISSIN',
      },
    );
  });

  it('works with a session token in place of the key pair', async () => {
    const session = (await (await service.call('/v1/connections/dialpad/proxy-owner/sessions', json('POST', {}))).json()) as {
      sessionToken: string;
    };
    const response = await service.call('/v1/proxy', {
      ...json('POST', { path: '/api/v2/company' }, { 'x-session-token': session.sessionToken }),
      auth: false,
    });
    expect(response.status).toBe(200);
  });
});

describe('proxy SSRF guard (unit)', () => {
  it('keeps the base path and appends the query', async () => {
    const { safeVendorUrl } = await import('@/server/services/proxy');
    expect(safeVendorUrl('https://api.example.com/api/v2', { path: '/contacts?a=1', query: { b: 2, c: ['x', 'y'] } })).toBe(
      'https://api.example.com/api/v2/contacts?b=2&c=x&c=y&a=1',
    );
  });
});
