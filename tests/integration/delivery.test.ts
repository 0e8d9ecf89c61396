import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/harness';

// Fast retries for the test: the production schedule is 0s,5s,5m,30m,2h,5h,10h,10h.
let service: TestService;
beforeAll(async () => {
  service = await startTestService({ WEBHOOK_RETRY_SCHEDULE: '0ms,50ms,50ms,50ms', WEBHOOK_TIMEOUT_MS: '300', WORKER_IN_PROCESS: '0' });
});
afterAll(async () => {
  await service.close();
});

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A receiver whose answers the test scripts, one per request (the last repeats). */
async function receiver(answers: ({ status: number; headers?: Record<string, string> } | 'hang')[]) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const answer = answers[Math.min(received.length - 1, answers.length - 1)] ?? { status: 200 };
      if (answer === 'hang') return;
      res.writeHead(answer.status, answer.headers).end(`answer ${received.length}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function organizationId() {
  const { firstOrganization } = await import('../support/organization');
  return firstOrganization().organizationId;
}

async function drain(workerId = 'test-worker', rounds = 40): Promise<void> {
  const { runDeliveryPass } = await import('@/server/services/delivery');
  for (let round = 0; round < rounds; round += 1) {
    await runDeliveryPass({ workerId });
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}

async function deliveryOf(deliveryId: string) {
  const { getRuntime } = await import('@/server/runtime');
  const { deliveries, deliveryAttempts } = await import('@/server/db/schema');
  const { eq, asc } = await import('drizzle-orm');
  const { db } = getRuntime();
  return {
    delivery: db.select().from(deliveries).where(eq(deliveries.id, deliveryId)).get(),
    attempts: db.select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, deliveryId)).orderBy(asc(deliveryAttempts.id)).all(),
  };
}

beforeEach(async () => {
  // Each test uses its own endpoint: remove the others so events fan out to one receiver only.
  const { getRuntime } = await import('@/server/runtime');
  const { webhookEndpoints } = await import('@/server/db/schema');
  const { sql } = await import('drizzle-orm');
  getRuntime()
    .db.delete(webhookEndpoints)
    .where(sql`1 = 1`)
    .run();
});

describe('webhook delivery', () => {
  it('signs with Standard Webhooks: the standardwebhooks package verifies it', async () => {
    const { createWebhookEndpoint } = await import('@/server/services/webhook-endpoints');
    const { recordEvent } = await import('@/server/services/events');
    const target = await receiver([{ status: 204 }]);
    const { secret } = createWebhookEndpoint({ organizationId: await organizationId(), url: target.url });
    const { eventId, deliveryIds } = recordEvent({
      organizationId: await organizationId(),
      name: 'genericContact::created',
      connectorId: 'hubspot',
      ownerId: 'owner-1',
      data: { id: '42', model: 'genericContact' },
    });
    await drain();
    await target.close();
    expect(target.received).toHaveLength(1);
    const [message] = target.received;
    const headers = Object.fromEntries(Object.entries(message?.headers ?? {}).map(([key, value]) => [key, String(value)]));
    const verified = new Webhook(secret).verify(message?.body ?? '', headers) as Record<string, unknown>;
    expect(verified).toEqual({
      object: 'event',
      id: eventId,
      event: 'genericContact::created',
      connectorId: 'hubspot',
      ownerId: 'owner-1',
      data: { id: '42', model: 'genericContact' },
      createdAt: expect.stringMatching(/Z$/) as unknown,
    });
    expect(headers['x-connector-id']).toBe('hubspot');
    expect(headers['x-owner-id']).toBe('owner-1');
    expect(headers['x-idempotency-key']).toBe(eventId);
    expect(headers['webhook-id']).toBe(deliveryIds[0]);
    expect(() => new Webhook(`whsec_${Buffer.from('another secret!!').toString('base64')}`).verify(message?.body ?? '', headers)).toThrow();
    expect((await deliveryOf(deliveryIds[0] ?? '')).delivery).toMatchObject({ status: 'succeeded', attempts: 1, lastStatusCode: 204 });
  });

  it('retries a 500 on the schedule, then succeeds', async () => {
    const { createWebhookEndpoint } = await import('@/server/services/webhook-endpoints');
    const { recordEvent } = await import('@/server/services/events');
    const target = await receiver([{ status: 500 }, { status: 503 }, { status: 200 }]);
    createWebhookEndpoint({ organizationId: await organizationId(), url: target.url });
    const { deliveryIds } = recordEvent({
      organizationId: await organizationId(),
      name: 'crmOpportunity::updated',
      connectorId: 'hubspot',
      ownerId: 'o',
      data: {},
    });
    await drain();
    await target.close();
    const { delivery, attempts } = await deliveryOf(deliveryIds[0] ?? '');
    expect(attempts.map((attempt) => attempt.statusCode)).toEqual([500, 503, 200]);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3 });
    expect(new Set(target.received.map((message) => message.headers['webhook-id'])).size).toBe(1);
  });

  it('honours Retry-After on a 429', async () => {
    const { createWebhookEndpoint } = await import('@/server/services/webhook-endpoints');
    const { recordEvent } = await import('@/server/services/events');
    const { runDeliveryPass } = await import('@/server/services/delivery');
    const target = await receiver([{ status: 429, headers: { 'retry-after': '1' } }, { status: 200 }]);
    createWebhookEndpoint({ organizationId: await organizationId(), url: target.url });
    const { deliveryIds } = recordEvent({
      organizationId: await organizationId(),
      name: 'genericUser::created',
      connectorId: 'gong',
      ownerId: 'o',
      data: {},
    });
    await runDeliveryPass({ workerId: 'w' });
    const after429 = (await deliveryOf(deliveryIds[0] ?? '')).delivery;
    // The schedule says 50 ms; Retry-After says 1 s, and wins.
    expect(Date.parse(after429?.nextAttemptAt ?? '') - Date.parse(after429?.updatedAt ?? '')).toBeGreaterThanOrEqual(990);
    await runDeliveryPass({ workerId: 'w' });
    expect(target.received).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await runDeliveryPass({ workerId: 'w' });
    await target.close();
    expect((await deliveryOf(deliveryIds[0] ?? '')).delivery).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('treats a timeout as retryable and gives up as failed after the last attempt', async () => {
    const { createWebhookEndpoint } = await import('@/server/services/webhook-endpoints');
    const { recordEvent } = await import('@/server/services/events');
    const target = await receiver(['hang']);
    createWebhookEndpoint({ organizationId: await organizationId(), url: target.url });
    const { deliveryIds } = recordEvent({
      organizationId: await organizationId(),
      name: 'telephonyCall::created',
      connectorId: 'dialpad',
      ownerId: 'o',
      data: {},
    });
    await drain('w', 30);
    const { delivery, attempts } = await deliveryOf(deliveryIds[0] ?? '');
    expect(attempts).toHaveLength(4);
    expect(attempts.every((attempt) => attempt.statusCode === null && attempt.error === 'timed out after 300 ms')).toBe(true);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 4 });
    await target.close();
  });

  it('does not retry a 400 and can be replayed', async () => {
    const { createWebhookEndpoint } = await import('@/server/services/webhook-endpoints');
    const { recordEvent } = await import('@/server/services/events');
    const { replayDeliveries } = await import('@/server/services/delivery');
    const target = await receiver([{ status: 400 }, { status: 200 }]);
    createWebhookEndpoint({ organizationId: await organizationId(), url: target.url });
    const { deliveryIds } = recordEvent({
      organizationId: await organizationId(),
      name: 'genericCompany::deleted',
      connectorId: 'hubspot',
      ownerId: 'o',
      data: {},
    });
    await drain('w', 5);
    expect((await deliveryOf(deliveryIds[0] ?? '')).delivery).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: 400 });
    expect(replayDeliveries({ organizationId: await organizationId(), deliveryId: deliveryIds[0] ?? '' })).toBe(1);
    await drain('w', 5);
    await target.close();
    expect((await deliveryOf(deliveryIds[0] ?? '')).delivery).toMatchObject({ status: 'succeeded' });
  });

  it('two workers never deliver the same attempt', async () => {
    const { createWebhookEndpoint } = await import('@/server/services/webhook-endpoints');
    const { recordEvent } = await import('@/server/services/events');
    const { runDeliveryPass } = await import('@/server/services/delivery');
    const target = await receiver([{ status: 200 }]);
    createWebhookEndpoint({ organizationId: await organizationId(), url: target.url });
    for (let index = 0; index < 60; index += 1) {
      recordEvent({
        organizationId: await organizationId(),
        name: 'genericContact::updated',
        connectorId: 'hubspot',
        ownerId: `o${index}`,
        data: { index },
      });
    }
    for (let round = 0; round < 10; round += 1) {
      await Promise.all([runDeliveryPass({ workerId: 'a', limit: 7 }), runDeliveryPass({ workerId: 'b', limit: 7 })]);
    }
    await target.close();
    const ids = target.received.map((message) => String(message.headers['webhook-id']));
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
  });

  it('signs with both secrets during a rotation', async () => {
    const { createWebhookEndpoint, rotateWebhookSecret } = await import('@/server/services/webhook-endpoints');
    const { recordEvent } = await import('@/server/services/events');
    const target = await receiver([{ status: 200 }]);
    const created = createWebhookEndpoint({ organizationId: await organizationId(), url: target.url });
    const rotated = rotateWebhookSecret({ organizationId: await organizationId(), id: created.endpoint.id });
    recordEvent({
      organizationId: await organizationId(),
      name: 'genericContact::created',
      connectorId: 'hubspot',
      ownerId: 'o',
      data: {},
    });
    await drain('w', 3);
    await target.close();
    const [message] = target.received;
    const headers = Object.fromEntries(Object.entries(message?.headers ?? {}).map(([key, value]) => [key, String(value)]));
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(() => new Webhook(created.secret).verify(message?.body ?? '', headers)).not.toThrow();
    expect(() => new Webhook(rotated.secret).verify(message?.body ?? '', headers)).not.toThrow();
  });

  it('a crashed worker’s claim expires and another worker takes the delivery', async () => {
    const { createWebhookEndpoint } = await import('@/server/services/webhook-endpoints');
    const { recordEvent } = await import('@/server/services/events');
    const { claimDueDeliveries, runDeliveryPass } = await import('@/server/services/delivery');
    const target = await receiver([{ status: 200 }]);
    createWebhookEndpoint({ organizationId: await organizationId(), url: target.url });
    const { deliveryIds } = recordEvent({
      organizationId: await organizationId(),
      name: 'genericContact::created',
      connectorId: 'hubspot',
      ownerId: 'o',
      data: {},
    });
    // Worker "crashed" claims and never finishes; while its lease holds nobody else takes it.
    expect(claimDueDeliveries({ workerId: 'crashed', limit: 10 }).map((row) => row.id)).toEqual(deliveryIds);
    expect(await runDeliveryPass({ workerId: 'healthy' })).toBe(0);
    expect(claimDueDeliveries({ workerId: 'healthy', limit: 10, now: new Date(Date.now() + 61_000) }).map((row) => row.id)).toEqual(
      deliveryIds,
    );
    await target.close();
  });
});

describe('POST /v1/deliveries/replay', () => {
  it('replays one delivery or a time range for the caller organization, and names what is missing', async () => {
    const { createWebhookEndpoint } = await import('@/server/services/webhook-endpoints');
    const { recordEvent } = await import('@/server/services/events');
    createWebhookEndpoint({ organizationId: await organizationId(), url: 'http://127.0.0.1:9/unreachable' });
    const { deliveryIds } = recordEvent({
      organizationId: await organizationId(),
      name: 'genericContact::created',
      connectorId: 'hubspot',
      ownerId: 'o',
      data: {},
    });
    const replay = (body: unknown) =>
      service.call('/v1/deliveries/replay', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const one = await replay({ deliveryId: deliveryIds[0] });
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual({ object: 'replay', replayed: 1 });
    const range = await replay({ from: new Date(Date.now() - 3600_000).toISOString(), to: new Date(Date.now() + 1000).toISOString() });
    expect(((await range.json()) as { replayed: number }).replayed).toBeGreaterThanOrEqual(1);
    const missing = await replay({});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: 'SERVICE::BAD_REQUEST', message: 'body: name a deliveryId or a time range (from, to)' });
    expect(await replay({ deliveryId: deliveryIds[0] }).then((response) => response.status)).toBe(200);
    expect((await service.call('/v1/deliveries/replay', { method: 'POST', auth: false })).status).toBe(401);
  });
});
