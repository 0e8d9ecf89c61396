import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/harness';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service.close();
});

// The dashboard's router through tRPC's server-side caller, with the context a signed-in operator gets.
async function callerFor(signedIn: boolean) {
  const { appRouter } = await import('@/server/trpc/root');
  const { createCallerFactory } = await import('@/server/trpc/init');
  const { firstOrganization } = await import('../support/organization');
  const operator = signedIn ? { id: 'op_test', email: 'admin@example.com', organizationId: firstOrganization().organizationId } : null;
  return createCallerFactory(appRouter)({ operator });
}

async function trpcErrorOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
    return { code: 'none', message: '' };
  } catch (error) {
    return error instanceof TRPCError ? { code: error.code, message: error.message } : { code: 'other', message: String(error) };
  }
}

describe('dashboard API (tRPC)', () => {
  it('refuses a caller who is not signed in', async () => {
    const caller = await callerFor(false);
    expect((await trpcErrorOf(caller.apiKeys.list())).code).toBe('UNAUTHORIZED');
  });

  it('creates, lists, rotates and revokes API keys; the secret is shown once', async () => {
    const caller = await callerFor(true);
    const created = await caller.apiKeys.create({ label: 'ci key' });
    expect(created.secret).toMatch(/^sk_/);
    const listed = await caller.apiKeys.list();
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    const rotated = await caller.apiKeys.rotate({ id: created.apiKey.id });
    expect(rotated.apiKey.id).not.toBe(created.apiKey.id);
    expect((await caller.apiKeys.list()).find((key) => key.id === created.apiKey.id)?.status).toBe('revoked');
    // The old pair is refused at once on /v1.
    const refused = await service.call('/v1/connections', {
      headers: { 'x-api-key': created.apiKey.publicKey, 'x-api-secret': created.secret },
    });
    expect(refused.status).toBe(401);
    await caller.apiKeys.revoke({ id: rotated.apiKey.id });
    expect((await trpcErrorOf(caller.apiKeys.rotate({ id: rotated.apiKey.id }))).message).toMatch(/revoked and cannot be rotated/);
  });

  it('maps an AppError to the tRPC code of its HTTP status, with its message', async () => {
    const caller = await callerFor(true);
    expect(await trpcErrorOf(caller.apiKeys.revoke({ id: 'key_missing' }))).toEqual({
      code: 'NOT_FOUND',
      message: 'id: no API key key_missing in this organization',
    });
  });

  it('filters the request log by status class and route', async () => {
    await service.call('/v1/connections?limit=0');
    const caller = await callerFor(true);
    const page = await caller.logs.requests({ status: '4xx', route: '/v1/connections', limit: 5 });
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((row) => row.status >= 400 && row.status < 500)).toBe(true);
    expect((await caller.logs.errorCodes()).includes('SERVICE::BAD_REQUEST')).toBe(true);
    expect((await trpcErrorOf(caller.logs.requests({ status: 'teapot', limit: 5 }))).code).toBe('BAD_REQUEST');
  });

  it('manages webhook endpoints and replays deliveries', async () => {
    const caller = await callerFor(true);
    const { endpoint, secret } = await caller.webhookEndpoints.create({
      url: 'https://receiver.example/hooks',
      events: ['genericContact::created'],
    });
    expect(secret).toMatch(/^whsec_/);
    expect(JSON.stringify(await caller.webhookEndpoints.list())).not.toContain(secret);
    const rotated = await caller.webhookEndpoints.rotateSecret({ id: endpoint.id });
    expect(rotated.endpoint.rotating).toBe(true);
    const { recordEvent } = await import('@/server/services/events');
    const { firstOrganization } = await import('../support/organization');
    recordEvent({ ...firstOrganization(), name: 'genericContact::created', connectorId: 'hubspot', ownerId: 'o', data: {} });
    recordEvent({ ...firstOrganization(), name: 'genericContact::deleted', connectorId: 'hubspot', ownerId: 'o', data: {} });
    const listed = await caller.deliveries.list({ limit: 10 });
    expect(listed.map((delivery) => delivery.event)).toEqual(['genericContact::created']);
    expect((await caller.deliveries.replay({ deliveryId: listed[0]?.id ?? '' })).replayed).toBe(1);
    expect((await trpcErrorOf(caller.webhookEndpoints.create({ url: 'ftp://x', events: [] }))).code).toBe('BAD_REQUEST');
    await caller.webhookEndpoints.delete({ id: endpoint.id });
    expect(await caller.webhookEndpoints.list()).toEqual([]);
  });
});

describe('tRPC over HTTP: the error formatter', () => {
  it('answers a bad input with the field named and the app code of the shared table', async () => {
    const { fetchRequestHandler } = await import('@trpc/server/adapters/fetch');
    const { appRouter } = await import('@/server/trpc/root');
    const { firstOrganization } = await import('../support/organization');
    const operator = { id: 'op_test', email: 'admin@example.com', organizationId: firstOrganization().organizationId };
    const response = await fetchRequestHandler({
      endpoint: '/api/trpc',
      req: new Request('http://localhost/api/trpc/webhookEndpoints.create', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'https://x.example', events: ['genericContact::exploded'] }),
      }),
      router: appRouter,
      createContext: () => ({ operator }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string; data: { appCode: string; httpStatus: number } } };
    expect(body.error.message).toBe('body.events[0]: is not an event name (<model>::created|updated|deleted)');
    expect(body.error.data).toMatchObject({ appCode: 'SERVICE::BAD_REQUEST', httpStatus: 400 });
  });

  it('answers a service AppError with its code and status', async () => {
    const { fetchRequestHandler } = await import('@trpc/server/adapters/fetch');
    const { appRouter } = await import('@/server/trpc/root');
    const { firstOrganization } = await import('../support/organization');
    const response = await fetchRequestHandler({
      endpoint: '/api/trpc',
      req: new Request('http://localhost/api/trpc/webhookEndpoints.delete', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: 'whe_missing' }),
      }),
      router: appRouter,
      createContext: () => ({ operator: { id: 'op', email: 'a@example.com', organizationId: firstOrganization().organizationId } }),
    });
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { message: string; data: { appCode: string } } };
    expect(body.error.data.appCode).toBe('WEBHOOK::NOT_FOUND');
  });
});

describe('Settings: test ping', () => {
  it('sends one signed ping and reports what the endpoint answered', async () => {
    const { createServer } = await import('node:http');
    const { Webhook } = await import('standardwebhooks');
    let received: { headers: Record<string, string>; body: string } | undefined;
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received = { headers: Object.fromEntries(Object.entries(req.headers).map(([key, value]) => [key, String(value)])), body };
        res.writeHead(202).end('pong');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const caller = await callerFor(true);
    const { endpoint, secret } = await caller.webhookEndpoints.create({ url: `http://127.0.0.1:${port}/hooks` });
    const result = await caller.webhookEndpoints.testPing({ id: endpoint.id });
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(result).toMatchObject({ statusCode: 202, error: null, responseExcerpt: 'pong' });
    expect(new Webhook(secret).verify(received?.body ?? '', received?.headers ?? {})).toMatchObject({ event: 'webhook::ping' });
    expect(await caller.webhookSubscriptions.list()).toEqual([]);
  });
});
