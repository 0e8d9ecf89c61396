import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, json } from '../support/api';
import { startTestService, type TestService } from '../support/harness';

import { authorizeInSandbox } from '../support/oauth';
import { isInt64AsString, vendorSpecCheck, type SpecAllowance, type VendorSpecCheck } from '../support/vendor-spec';

/**
 * Dialpad events end to end, over real HTTP: /v1/webhooks registers a webhook and event subscriptions at the Dialpad
 * fake, the fake sends JWT-signed events to the connection's hook URL, and the outbox delivers them to a receiver,
 * Standard Webhooks signed. Every request the connector sends and every response the fake returns is checked
 * against Dialpad's OpenAPI file (last describe block).
 */
const SPEC_FILE = join(process.cwd(), '..', 'shared', 'vendor-specs', 'dialpad', 'openapi.json');

// The same known inaccuracy as dialpad-resources.test.ts: int64 values arrive as proto3 JSON decimal strings.
const ALLOW: readonly SpecAllowance[] = [
  {
    reason: 'int64 sent as a decimal string (proto3 JSON)',
    matches: (violation, error) => violation.direction === 'response' && isInt64AsString(error),
  },
];

// Team-written (the vendor documents no error bodies): Dialpad's Google Cloud Endpoints style error.
const DIALPAD_ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'integer' }, message: { type: 'string' }, errors: { type: 'array' } },
    },
  },
};

const OWNER = 'dialpad-events-owner';
const OPERATIONS = [
  'genericContact::create',
  'genericContact::update',
  'genericContact::delete',
  'genericUser::list',
  'telephonyCall::list',
];
const CALL_STATES = ['calling', 'ringing', 'connected', 'hold', 'hangup', 'missed', 'voicemail', 'recording'];

let service: TestService;
let check: VendorSpecCheck;
let organizationId = '';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}
interface DeliveredEvent {
  object: string;
  id: string;
  event: string;
  connectorId: string;
  ownerId: string;
  data: { object: string; model: string; id: string; remote: { id: string }; fields?: Record<string, unknown>; occurredAt: string };
  createdAt: string;
}

const received: Received[] = [];
let receiverServer: Server;
let endpointSecret = '';

beforeAll(async () => {
  check = await vendorSpecCheck({
    specFile: SPEC_FILE,
    sandboxPrefix: '/sandbox/dialpad',
    apiPrefix: '/api/v2/',
    allow: ALLOW,
    errorSchema: DIALPAD_ERROR_SCHEMA,
  });
  service = await startTestService(
    { WEBHOOK_RETRY_SCHEDULE: '0ms,50ms,50ms', WEBHOOK_TIMEOUT_MS: '2000', WORKER_IN_PROCESS: '0' },
    { wrapSandbox: check.wrap },
  );
  const { firstOrganization } = await import('../support/organization');
  organizationId = firstOrganization().organizationId;
  await authorize(OWNER);

  receiverServer = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiverServer.listen(0, '127.0.0.1', resolve));
  const { createWebhookEndpoint } = await import('@/server/services/webhook-endpoints');
  endpointSecret = createWebhookEndpoint({
    organizationId,
    url: `http://127.0.0.1:${(receiverServer.address() as AddressInfo).port}/hooks`,
  }).secret;
});
afterAll(async () => {
  await new Promise<void>((resolve) => receiverServer.close(() => resolve()));
  await service.close();
});

const authorize = (ownerId: string) => authorizeInSandbox(service, 'dialpad', ownerId, { operations: OPERATIONS });

const headersOf = (ownerId: string) => ({ 'x-connector-id': 'dialpad', 'x-owner-id': ownerId });
const webhooks = (method: string, events: string[], ownerId = OWNER) =>
  service.call('/v1/webhooks', json(method, { events }, headersOf(ownerId)));

/** A call to Dialpad through /v1/proxy (so it passes the spec check too). */
async function proxy<T>(method: string, path: string, data?: unknown, ownerId = OWNER): Promise<T> {
  const response = await service.call(
    '/v1/proxy',
    json('POST', { method, path, ...(data === undefined ? {} : { data }) }, headersOf(ownerId)),
  );
  const body = (await response.json()) as T;
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

interface VendorWebhook {
  id: string;
  hook_url: string;
}
interface VendorCallSubscription {
  id: string;
  call_states: string[];
  webhook: VendorWebhook;
}
interface VendorContactSubscription {
  id: string;
  contact_type: string;
  webhook: VendorWebhook;
}

/** What the fake holds for one connection's hook: its webhook and the subscriptions on it. */
async function atVendor(ownerId = OWNER) {
  const hook = await hookOf(ownerId);
  const url = hook ? (await import('@/server/services/connection-hooks')).hookUrl(hook, 'dialpad') : undefined;
  const all = await proxy<{ items?: VendorWebhook[] }>('GET', '/api/v2/webhooks');
  const webhooksHere = (all.items ?? []).filter((item) => item.hook_url === url);
  const ids = new Set(webhooksHere.map((item) => item.id));
  const calls = await proxy<{ items?: VendorCallSubscription[] }>('GET', '/api/v2/subscriptions/call');
  const contacts = await proxy<{ items?: VendorContactSubscription[] }>('GET', '/api/v2/subscriptions/contact');
  return {
    url,
    webhooks: webhooksHere,
    calls: (calls.items ?? []).filter((item) => ids.has(item.webhook.id)),
    contacts: (contacts.items ?? []).filter((item) => ids.has(item.webhook.id)),
  };
}

async function connectionId(ownerId: string): Promise<string> {
  const { getRuntime } = await import('@/server/runtime');
  const { connections } = await import('@/server/db/schema');
  const { and, eq } = await import('drizzle-orm');
  const row = getRuntime()
    .db.select()
    .from(connections)
    .where(and(eq(connections.ownerId, ownerId), eq(connections.connectorId, 'dialpad')))
    .get();
  return row?.id ?? '';
}

async function hookOf(ownerId: string) {
  const { findHook } = await import('@/server/services/connection-hooks');
  return findHook(await connectionId(ownerId));
}

async function outbox() {
  const { getRuntime } = await import('@/server/runtime');
  const { events } = await import('@/server/db/schema');
  return getRuntime().db.select().from(events).all();
}

/** Waits for the fake's events to reach our hook, then runs delivery passes until `count` deliveries arrived. */
async function deliveredEvents(count: number): Promise<DeliveredEvent[]> {
  const { dialpadEventsSettled } = await import('@/server/connectors/dialpad/sandbox-events');
  const { runDeliveryPass } = await import('@/server/services/delivery');
  await dialpadEventsSettled();
  for (let round = 0; round < 50 && received.length < count; round += 1) {
    await runDeliveryPass({ workerId: 'dialpad-events-test' });
    if (received.length < count) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(received.length).toBe(count);
  return received.splice(0).map((message) => {
    const headers = Object.fromEntries(Object.entries(message.headers).map(([key, value]) => [key, String(value)]));
    const event = new Webhook(endpointSecret).verify(message.body, headers) as DeliveredEvent;
    expect(headers['x-connector-id']).toBe('dialpad');
    expect(headers['x-idempotency-key']).toBe(event.id);
    return event;
  });
}

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('POST /v1/webhooks on Dialpad', () => {
  it('registers one webhook with our hook URL and the call and contact event subscriptions', async () => {
    const response = await webhooks('POST', ['telephonyCall::created', 'telephonyCall::updated', 'genericContact::created']);
    expect(response.status).toBe(200);
    const views = (await response.json()) as { object: string; model: string; trigger: string }[];
    expect(views.map(({ object, model, trigger }) => ({ object, model, trigger }))).toEqual([
      { object: 'webhook', model: 'telephonyCall', trigger: 'created' },
      { object: 'webhook', model: 'telephonyCall', trigger: 'updated' },
      { object: 'webhook', model: 'genericContact', trigger: 'created' },
    ]);
    const vendor = await atVendor();
    expect(vendor.url).toMatch(new RegExp(`/v1/hook/${organizationId}/prod/dialpad/connection/hk_[A-Za-z0-9_-]{43}$`));
    expect(vendor.webhooks).toHaveLength(1);
    expect(vendor.calls.map((item) => item.call_states)).toEqual([CALL_STATES]);
    expect(vendor.contacts.map((item) => item.contact_type).sort()).toEqual(['local', 'shared']);
  });

  it('sends telephonyCall::created and ::updated with the unified call as the call moves through its states', async () => {
    const users = await proxy<{ items: { id: string; first_name: string }[] }>('GET', '/api/v2/users');
    const user = users.items[0] as { id: string };
    // Grace Hopper's number: the call's other party is that Dialpad contact.
    const rung = await proxy<{ call_id: string }>('POST', '/api/v2/call', { user_id: Number(user.id), phone_number: '+14155550181' });
    const events = await deliveredEvents(3);
    const byState = [...events].sort((a, b) => a.data.occurredAt.localeCompare(b.data.occurredAt));
    expect(byState.map((event) => event.event)).toEqual(['telephonyCall::created', 'telephonyCall::updated', 'telephonyCall::updated']);
    for (const event of byState) {
      expect(event).toMatchObject({
        object: 'event',
        connectorId: 'dialpad',
        ownerId: OWNER,
        createdAt: expect.stringMatching(ISO_MS) as unknown,
      });
      expect(event.data).toMatchObject({ object: 'resourceRef', model: 'telephonyCall', id: rung.call_id, remote: { id: rung.call_id } });
      expect(event.data.occurredAt).toMatch(ISO_MS);
      expect(event.data.fields).toMatchObject({ direction: 'outbound', externalNumber: '+14155550181', users: [{ id: user.id }] });
    }
    const [created, connected, ended] = byState as [DeliveredEvent, DeliveredEvent, DeliveredEvent];
    expect(created.data.fields).toMatchObject({ status: 'inProgress' });
    expect(created.data.fields?.answeredAt).toBeUndefined();
    expect(connected.data.fields).toMatchObject({ status: 'inProgress', answeredAt: expect.stringMatching(ISO_MS) as unknown });
    expect(ended.data.fields).toMatchObject({
      status: 'completed',
      endedAt: expect.stringMatching(ISO_MS) as unknown,
      duration: expect.any(Number) as unknown,
    });
    expect((ended.data.fields?.contacts as { id: string }[] | undefined)?.[0]?.id).toMatch(/^\d+$/);
    // The call is now in Dialpad's call list too.
    expect((await proxy<{ state: string }>('GET', `/api/v2/call/${rung.call_id}`)).state).toBe('hangup');
  });

  it('sends genericContact::created for a contact created through /v1/resources, and nothing unsubscribed', async () => {
    const response = await service.call(
      '/v1/resources/genericContact',
      json('POST', { firstName: 'Evelyn', lastName: 'Boyd', email: 'evelyn@events.example' }, headersOf(OWNER)),
    );
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [event] = await deliveredEvents(1);
    expect(event).toMatchObject({
      event: 'genericContact::created',
      ownerId: OWNER,
      data: {
        object: 'resourceRef',
        model: 'genericContact',
        id,
        remote: { id },
        fields: { firstName: 'Evelyn', lastName: 'Boyd', email: 'evelyn@events.example' },
      },
    });
    // Dialpad sends the update too; nobody subscribed to genericContact::updated, so nothing is recorded.
    const before = (await outbox()).length;
    const updated = await service.call(`/v1/resources/genericContact/${id}`, json('PATCH', { lastName: 'Granville' }, headersOf(OWNER)));
    expect(updated.status).toBe(200);
    const { dialpadEventsSettled } = await import('@/server/connectors/dialpad/sandbox-events');
    await dialpadEventsSettled();
    expect((await outbox()).length).toBe(before);
  });

  it('registers nothing new when subscribing twice, and updates the call subscription in place', async () => {
    const before = await atVendor();
    const creates = () => check.operations.get('webhooks.create') ?? 0;
    const createdBefore = creates();
    expect((await webhooks('POST', ['telephonyCall::created', 'genericContact::created'])).status).toBe(200);
    // A new trigger of a model already subscribed: the contact subscriptions already send deletions.
    expect((await webhooks('POST', ['genericContact::deleted'])).status).toBe(200);
    const after = await atVendor();
    expect(after).toEqual(before);
    expect(creates()).toBe(createdBefore);

    // Dropping telephonyCall::updated narrows the same call subscription to the first states.
    expect((await webhooks('DELETE', ['telephonyCall::updated'])).status).toBe(204);
    const narrowed = await atVendor();
    expect(narrowed.calls.map((item) => ({ id: item.id, states: item.call_states }))).toEqual([
      { id: before.calls[0]?.id, states: ['calling', 'ringing'] },
    ]);
    expect(narrowed.webhooks).toEqual(before.webhooks);
  });

  it('removes the vendor subscriptions with DELETE /v1/webhooks, and the webhook when nothing is left', async () => {
    expect((await webhooks('DELETE', ['telephonyCall::created'])).status).toBe(204);
    const withoutCalls = await atVendor();
    expect(withoutCalls.calls).toEqual([]);
    expect(withoutCalls.webhooks).toHaveLength(1);
    expect(withoutCalls.contacts).toHaveLength(2);

    const hookUrl = withoutCalls.url ?? '';
    expect((await webhooks('DELETE', ['genericContact::created', 'genericContact::deleted'])).status).toBe(204);
    const all = await proxy<{ items?: VendorWebhook[] }>('GET', '/api/v2/webhooks');
    expect((all.items ?? []).filter((item) => item.hook_url === hookUrl)).toEqual([]);
    expect(await hookOf(OWNER)).toBeUndefined();
    const listed = (await (await service.call('/v1/webhooks', { headers: headersOf(OWNER) })).json()) as { data: unknown[] };
    expect(listed.data).toEqual([]);
    // The revoked hook URL is gone.
    expect((await errorOf(await fetch(hookUrl, { method: 'POST', body: 'x.y.z' }))).error).toBe('WEBHOOK::NOT_FOUND');
  });
});

describe('a vendor refusal', () => {
  it('answers 502 CONNECTOR::WEBHOOK::SUBSCRIPTION_FAILED and stores nothing, here or at Dialpad', async () => {
    const { failNextDialpadSubscriptionCalls } = await import('@/server/connectors/dialpad/sandbox-events');
    const webhooksBefore = (await proxy<{ items?: unknown[] }>('GET', '/api/v2/webhooks')).items ?? [];
    for (const skip of [0, 1]) {
      // First the webhook itself is refused, then the call subscription after the webhook was made.
      failNextDialpadSubscriptionCalls(1, { skip });
      const result = await errorOf(await webhooks('POST', ['telephonyCall::created']));
      expect(result).toEqual({
        status: 502,
        error: 'CONNECTOR::WEBHOOK::SUBSCRIPTION_FAILED',
        message: 'Dialpad refused the subscription: Dialpad: This operation requires a company admin API key',
      });
      const listed = (await (await service.call('/v1/webhooks', { headers: headersOf(OWNER) })).json()) as { data: unknown[] };
      expect(listed.data).toEqual([]);
      expect((await hookOf(OWNER))?.vendorState ?? null).toBeNull();
      expect((await proxy<{ items?: unknown[] }>('GET', '/api/v2/webhooks')).items ?? []).toEqual(webhooksBefore);
    }
    failNextDialpadSubscriptionCalls(0);
  });
});

describe('deleting the connection', () => {
  it('removes the webhook and subscriptions at Dialpad; the hook URL then answers 404 WEBHOOK::NOT_FOUND', async () => {
    const owner = 'dialpad-events-short-lived';
    await authorize(owner);
    expect((await webhooks('POST', ['telephonyCall::updated', 'genericContact::deleted'], owner)).status).toBe(200);
    const vendor = await atVendor(owner);
    expect(vendor.webhooks).toHaveLength(1);
    expect(vendor.calls).toHaveLength(1);
    expect(vendor.contacts).toHaveLength(2);
    const subscriptionIds = [...vendor.calls, ...vendor.contacts].map((item) => item.id);

    expect((await service.call(`/v1/connections/dialpad/${owner}`, { method: 'DELETE' })).status).toBe(204);
    const webhooksLeft = (await proxy<{ items?: VendorWebhook[] }>('GET', '/api/v2/webhooks')).items ?? [];
    expect(webhooksLeft.filter((item) => item.hook_url === vendor.url)).toEqual([]);
    const calls = (await proxy<{ items?: { id: string }[] }>('GET', '/api/v2/subscriptions/call')).items ?? [];
    const contacts = (await proxy<{ items?: { id: string }[] }>('GET', '/api/v2/subscriptions/contact')).items ?? [];
    expect([...calls, ...contacts].filter((item) => subscriptionIds.includes(item.id))).toEqual([]);
    expect(await errorOf(await fetch(vendor.url ?? '', { method: 'POST', body: 'x.y.z' }))).toEqual({
      status: 404,
      error: 'WEBHOOK::NOT_FOUND',
      message: 'This hook URL is unknown or was revoked',
    });
  });
});

describe('the per-connection hook', () => {
  const owner = 'dialpad-events-hook-owner';
  let url = '';
  let secret = '';

  beforeAll(async () => {
    await authorize(owner);
    expect((await webhooks('POST', ['genericContact::created', 'genericContact::deleted', 'telephonyCall::updated'], owner)).status).toBe(
      200,
    );
    const { hookSecret, hookUrl } = await import('@/server/services/connection-hooks');
    const hook = await hookOf(owner);
    if (!hook) throw new Error('no hook');
    url = hookUrl(hook, 'dialpad');
    secret = hookSecret(hook);
  });

  const contactEvent = (id: string, event = 'Created') => ({
    event,
    contact: { id, type: 'shared', first_name: 'Hook', last_name: 'Test', display_name: 'Hook Test', emails: [], phones: [] },
  });

  async function sign(payload: Record<string, unknown>, options: { key?: string; iat?: number; alg?: string } = {}) {
    return new SignJWT(payload)
      .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
      .setIssuedAt(options.iat ?? Math.floor(Date.now() / 1000))
      .sign(new TextEncoder().encode(options.key ?? secret));
  }
  const post = (body: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/jwt' }, body });

  it('records a verified event once; a replayed one is counted as a duplicate', async () => {
    const token = await sign(contactEvent('700000000000001'));
    const before = (await outbox()).length;
    const first = await post(token);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: 1, recorded: 1, duplicates: 0, unrouted: 0 });
    expect(await (await post(token)).json()).toEqual({ received: 1, recorded: 0, duplicates: 1, unrouted: 0 });
    // Re-signed later (a new iat), the same vendor event is still the same event.
    expect(await (await post(await sign(contactEvent('700000000000001'), { iat: Math.floor(Date.now() / 1000) - 60 }))).json()).toEqual({
      received: 1,
      recorded: 0,
      duplicates: 1,
      unrouted: 0,
    });
    const rows = (await outbox()).slice(before);
    expect(rows.map((row) => ({ name: row.name, ownerId: row.ownerId, id: (row.data as { id: string }).id }))).toEqual([
      { name: 'genericContact::created', ownerId: owner, id: '700000000000001' },
    ]);
  });

  it('records a deletion as a reference and a call state as telephonyCall::updated', async () => {
    const before = (await outbox()).length;
    expect(await (await post(await sign(contactEvent('700000000000002', 'Deleted')))).json()).toMatchObject({ recorded: 1 });
    const call = {
      call_id: '800000000000001',
      state: 'hangup',
      direction: 'inbound',
      date_started: '1767225600000',
      event_timestamp: '1767225660000',
    };
    expect(await (await post(await sign(call))).json()).toMatchObject({ recorded: 1 });
    // A first state nobody subscribed to (telephonyCall::created) is dropped as unrouted.
    expect(await (await post(await sign({ ...call, state: 'ringing', event_timestamp: '1767225600500' }))).json()).toEqual({
      received: 1,
      recorded: 0,
      duplicates: 0,
      unrouted: 1,
    });
    const rows = (await outbox()).slice(before);
    expect(rows.map((row) => row.name)).toEqual(['genericContact::deleted', 'telephonyCall::updated']);
    expect(rows[0]?.data).toEqual({
      object: 'resourceRef',
      model: 'genericContact',
      id: '700000000000002',
      remote: { id: '700000000000002' },
      occurredAt: expect.stringMatching(ISO_MS) as unknown,
    });
    expect(rows[1]?.data).toMatchObject({
      id: '800000000000001',
      occurredAt: '2026-01-01T00:01:00.000Z',
      fields: { direction: 'inbound' },
    });
  });

  it.each([
    [
      'a tampered payload',
      async () => {
        // Another contact id under the original signature.
        const [header, payload, signature] = (await sign(contactEvent('700000000000003'))).split('.') as [string, string, string];
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as ReturnType<typeof contactEvent>;
        claims.contact.id = '700000000000033';
        return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
      },
      'the token signature does not match',
    ],
    [
      'a wrong secret',
      () => sign(contactEvent('700000000000004'), { key: 'not-the-hook-secret-not-the-hook-secret' }),
      'the token signature does not match',
    ],
    [
      'a stale iat',
      () => sign(contactEvent('700000000000005'), { iat: Math.floor(Date.now() / 1000) - 6 * 60 }),
      'the token was issued outside the 5-minute window',
    ],
    [
      'an iat from the future',
      () => sign(contactEvent('700000000000006'), { iat: Math.floor(Date.now() / 1000) + 6 * 60 }),
      'the token was issued outside the 5-minute window',
    ],
    ['another algorithm (HS512)', () => sign(contactEvent('700000000000007'), { alg: 'HS512' }), 'the token must be signed with HS256'],
    [
      'an unsigned token (alg none)',
      () => {
        const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
        return Promise.resolve(
          `${part({ alg: 'none' })}.${part({ ...contactEvent('700000000000008'), iat: Math.floor(Date.now() / 1000) })}.`,
        );
      },
      'the token must be signed with HS256',
    ],
    [
      'a token without iat or exp',
      () => new SignJWT(contactEvent('700000000000009')).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret)),
      'the token carries no iat or exp',
    ],
    ['plain JSON', () => Promise.resolve(JSON.stringify(contactEvent('700000000000010'))), 'the body is not a compact JWT'],
  ])('refuses %s with 401 CONNECTOR::WEBHOOK::VALIDATION_FAILED and records nothing', async (_, token, reason) => {
    const before = (await outbox()).length;
    expect(await errorOf(await post(await token()))).toEqual({
      status: 401,
      error: 'CONNECTOR::WEBHOOK::VALIDATION_FAILED',
      message: `The hook could not be verified: ${reason}`,
    });
    expect((await outbox()).length).toBe(before);
  });
});

describe("Dialpad's OpenAPI description", () => {
  it('holds every request the connector sent and every response the fake returned', () => {
    console.info(
      'Dialpad events spec check',
      JSON.stringify({ ...check.counts, allowed: check.allowed.length, operations: Object.fromEntries(check.operations) }),
    );
    expect(check.violations).toEqual([]);
    expect(check.counts.responses).toBe(check.counts.requests);
    expect([...check.operations.keys()]).toEqual(
      expect.arrayContaining([
        'call.call',
        'webhooks.create',
        'webhooks.list',
        'webhooks.delete',
        'webhook_call_event_subscription.create',
        'webhook_call_event_subscription.list',
        'webhook_call_event_subscription.update',
        'webhook_call_event_subscription.delete',
        'webhook_contact_event_subscription.create',
        'webhook_contact_event_subscription.list',
        'webhook_contact_event_subscription.delete',
      ]),
    );
    expect(check.allowed.every((violation) => violation.reason === ALLOW[0]?.reason)).toBe(true);
  });
});
