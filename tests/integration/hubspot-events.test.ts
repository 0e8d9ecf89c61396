import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnection, errorOf, json } from '../support/api';
import { startTestService, type TestService } from '../support/harness';
import { get, location, startAuthorization, type AuthorizationView } from '../support/oauth';

/**
 * HubSpot events end to end: the HubSpot fake sends its signed app webhooks to our global hook, the service records
 * them in the outbox and delivers them to the customer's endpoint; and HubSpot's CRM card data fetch through the
 * cardView hook to the customer's endpoint and back in HubSpot's card format.
 */
const OWNER = 'hubspot-events';
const CARD_VIEW_TIMEOUT_MS = 400;
const OPERATIONS = [
  'genericContact::create',
  'genericContact::update',
  'genericContact::delete',
  'genericContact::retrieve',
  'genericCompany::create',
  'crmOpportunity::create',
];
const connection = { 'x-connector-id': 'hubspot', 'x-owner-id': OWNER };

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

type CardAnswer = { kind: 'json'; status: number; body: unknown } | { kind: 'text'; body: string } | { kind: 'slow'; ms: number };

/** The customer application: takes event deliveries at /events and card requests at /cards; /capture just records. */
const app = {
  received: [] as Received[],
  cardAnswer: { kind: 'json', status: 200, body: { cards: [] } } as CardAnswer,
  url: '',
};
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    app.received.push({ path: req.url ?? '', headers: req.headers, body });
    if (req.url === '/cards') answerCard(res);
    // The first request to /flaky fails, as a target that is briefly down.
    else if (req.url === '/flaky' && app.received.filter((request) => request.path === '/flaky').length === 1) res.writeHead(503).end();
    else res.writeHead(200).end('ok');
  });
});

function answerCard(res: ServerResponse): void {
  const answer = app.cardAnswer;
  if (answer.kind === 'slow') {
    const timer = setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"cards":[]}'), answer.ms);
    res.on('close', () => clearTimeout(timer));
  } else if (answer.kind === 'text') res.writeHead(200, { 'content-type': 'text/plain' }).end(answer.body);
  else res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
}

let service: TestService;
let organizationId = '';
let portalId = '';
let eventsSecret = '';
let cardsSecret = '';
let cardsEndpointId = '';

const hookPath = () => `/v1/hook/${organizationId}/prod/hubspot/global/main`;
const cardPath = () => `/v1/hook/${organizationId}/prod/hubspot/global/cardView`;
const call = (path: string, init: RequestInit = {}) =>
  service.call(path, { ...init, headers: { ...connection, ...(init.headers as Record<string, string> | undefined) } });

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  app.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  service = await startTestService({
    CARD_VIEW_TIMEOUT_MS: String(CARD_VIEW_TIMEOUT_MS),
    WEBHOOK_RETRY_SCHEDULE: '0ms,50ms',
    WORKER_IN_PROCESS: '0',
  });
  const { firstOrganization } = await import('../support/organization');
  organizationId = firstOrganization().organizationId;

  await createConnection(service, 'hubspot', OWNER, OPERATIONS);
  const authorization = (await (await startAuthorization(service, 'hubspot', OWNER)).json()) as AuthorizationView;
  const url = new URL(authorization.authorizationUrl ?? '');
  url.searchParams.set('prompt', 'none');
  expect(location(await get(location(await get(url.toString())).toString())).searchParams.get('status')).toBe('authorized');
  const { getConnectionDetail } = await import('@/server/services/connections');
  portalId = getConnectionDetail({ organizationId, connectorId: 'hubspot', ownerId: OWNER }).identity.portalId ?? '';
  expect(portalId).toMatch(/^\d+$/);

  const { createWebhookEndpoint } = await import('@/server/services/webhook-endpoints');
  const events = ['genericContact::created', 'genericContact::updated', 'genericContact::deleted', 'crmOpportunity::created'];
  eventsSecret = createWebhookEndpoint({ organizationId, url: `${app.url}/events`, events }).secret;
  const cards = createWebhookEndpoint({ organizationId, url: `${app.url}/cards`, events: ['widgetCardView::requested'] });
  cardsSecret = cards.secret;
  cardsEndpointId = cards.endpoint.id;

  const subscribed = await call('/v1/webhooks', json('POST', { events }));
  expect(subscribed.status).toBe(200);
  const { configureSandboxWebhookTarget } = await import('@/server/connectors/sandbox');
  configureSandboxWebhookTarget('hubspot', `${service.baseUrl}${hookPath()}`);
});

afterAll(async () => {
  const { configureSandboxWebhookTarget } = await import('@/server/connectors/sandbox');
  configureSandboxWebhookTarget('hubspot', null);
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await service.close();
});

interface Delivered {
  object: string;
  id: string;
  event: string;
  connectorId: string;
  ownerId: string;
  data: Record<string, unknown>;
  createdAt: string;
}

/** Runs the worker's record fetches and deliveries (the test service has no worker of its own) until idle. */
async function runWorker(now?: Date): Promise<void> {
  const { runDeliveryPass } = await import('@/server/services/delivery');
  const { runEnrichmentPass } = await import('@/server/services/enrichment');
  for (;;) {
    const fetched = await runEnrichmentPass({ workerId: 'hubspot-events-test', ...(now ? { now } : {}) });
    const delivered = await runDeliveryPass({ workerId: 'hubspot-events-test' });
    if (fetched === 0 && delivered === 0) return;
  }
}

/** Waits for the fake's webhooks, runs the worker, and answers the events the application received since `from`. */
async function deliveredSince(from: number, now?: Date): Promise<Delivered[]> {
  const { sandboxWebhooksSettled } = await import('@/server/connectors/sandbox');
  await sandboxWebhooksSettled('hubspot');
  await runWorker(now);
  return receivedSince(from);
}

function receivedSince(from: number): Delivered[] {
  const webhook = new Webhook(eventsSecret);
  return app.received
    .slice(from)
    .filter((request) => request.path === '/events')
    .map((request) => webhook.verify(request.body, request.headers as Record<string, string>) as Delivered);
}

async function outboxSize(): Promise<number> {
  const { getRuntime } = await import('@/server/runtime');
  const { events } = await import('@/server/db/schema');
  return getRuntime().db.select().from(events).all().length;
}

async function accessToken(): Promise<string> {
  const { findConnection } = await import('@/server/services/connections');
  const { openCredentials } = await import('@/server/services/credentials');
  const row = findConnection({ organizationId, connectorId: 'hubspot', ownerId: OWNER });
  const credentials = row ? openCredentials(row) : null;
  if (credentials?.kind !== 'oauth2') throw new Error('the test connection has no OAuth tokens');
  return credentials.accessToken;
}

describe('the HubSpot fake sends its webhooks, the service delivers the events', () => {
  let contactId = '';
  /** Changes the test contact's HubSpot properties through /v1/proxy (the fake then sends its webhooks). */
  const patchAtHubspot = (properties: Record<string, string>) =>
    call('/v1/proxy', json('POST', { method: 'PATCH', path: `/crm/v3/objects/contacts/${contactId}`, data: { properties } }));

  it('delivers genericContact::created for a contact created through /v1/resources', async () => {
    const from = app.received.length;
    const response = await call(
      '/v1/resources/genericContact',
      json('POST', { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' }),
    );
    expect(response.status).toBe(201);
    contactId = ((await response.json()) as { id: string }).id;
    const delivered = await deliveredSince(from);
    const created = delivered.filter((event) => event.event === 'genericContact::created');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      object: 'event',
      id: expect.stringMatching(/^evt_/) as unknown,
      connectorId: 'hubspot',
      ownerId: OWNER,
      data: {
        object: 'resourceRef',
        model: 'genericContact',
        id: contactId,
        remote: { id: contactId },
        // HubSpot's hook carries the id only: the worker fetched the record before delivering.
        fields: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
        createdAt: expect.any(String) as unknown,
        updatedAt: expect.any(String) as unknown,
      },
    });
    expect(created[0]?.data).not.toHaveProperty('warnings');
  });

  it('delivers genericContact::updated with the record and the unified field changed, for a change through /v1/proxy', async () => {
    const from = app.received.length;
    const response = await patchAtHubspot({ lastname: 'Murray Hopper' });
    expect(response.status).toBe(200);
    const updated = (await deliveredSince(from)).filter((event) => event.event === 'genericContact::updated');
    expect(updated).toHaveLength(1);
    expect(updated[0]?.data).toMatchObject({
      model: 'genericContact',
      id: contactId,
      changedFields: ['lastName'],
      fields: { firstName: 'Grace', lastName: 'Murray Hopper' },
    });
  });

  it('names a changed property no unified field maps in changedRemoteFields', async () => {
    const from = app.received.length;
    const response = await patchAtHubspot({ jobtitle: 'Rear Admiral' });
    expect(response.status).toBe(200);
    const updated = (await deliveredSince(from)).filter((event) => event.event === 'genericContact::updated');
    expect(updated).toHaveLength(1);
    expect(updated[0]?.data).toMatchObject({ changedRemoteFields: ['jobtitle'] });
    expect(updated[0]?.data).not.toHaveProperty('changedFields');
  });

  it('coalesces the per-property events of one update into one genericContact::updated', async () => {
    const from = app.received.length;
    const response = await call(
      `/v1/resources/genericContact/${contactId}`,
      json('PATCH', { firstName: 'Amazing', lastName: 'Grace', email: 'amazing.grace@example.com' }),
    );
    expect(response.status).toBe(200);
    const updated = (await deliveredSince(from)).filter((event) => event.event === 'genericContact::updated');
    expect(updated).toHaveLength(1);
    expect([...((updated[0]?.data.changedFields as string[] | undefined) ?? [])].sort()).toEqual(['email', 'firstName', 'lastName']);
    expect(updated[0]?.data.fields).toMatchObject({ firstName: 'Amazing', lastName: 'Grace', email: 'amazing.grace@example.com' });
  });

  it("lets one worker at a time fetch an event's record, and another take it over when the lease ends", async () => {
    const { claimDueEnrichments, enrichEvent } = await import('@/server/services/enrichment');
    const { sandboxWebhooksSettled } = await import('@/server/connectors/sandbox');
    const from = app.received.length;
    const response = await patchAtHubspot({ email: 'lease@example.com' });
    expect(response.status).toBe(200);
    await sandboxWebhooksSettled('hubspot');
    const first = claimDueEnrichments({ workerId: 'worker-a', limit: 10 });
    expect(first).toHaveLength(1);
    expect(claimDueEnrichments({ workerId: 'worker-b', limit: 10 })).toEqual([]);
    // worker-a "crashed": after its 60-second lease worker-b takes the fetch over and completes the event.
    const taken = claimDueEnrichments({ workerId: 'worker-b', limit: 10, now: new Date(Date.now() + 61_000) });
    expect(taken.map((row) => row.eventId)).toEqual(first.map((row) => row.eventId));
    await enrichEvent(taken[0]!, 'worker-b');
    // worker-a coming back late changes nothing: the event was completed once.
    await enrichEvent(first[0]!, 'worker-a');
    const updated = (await deliveredSince(from)).filter((event) => event.event === 'genericContact::updated');
    expect(updated).toHaveLength(1);
    expect(updated[0]?.data).toMatchObject({ changedFields: ['email'], fields: { email: 'lease@example.com' } });
  });

  it('holds the delivery while the record cannot be fetched, and delivers it complete once it can', async () => {
    const { runDeliveryPass } = await import('@/server/services/delivery');
    const { runEnrichmentPass } = await import('@/server/services/enrichment');
    const { sandboxWebhooksSettled } = await import('@/server/connectors/sandbox');
    const from = app.received.length;
    const response = await patchAtHubspot({ phone: '+1 202 555 0143' });
    expect(response.status).toBe(200);
    await sandboxWebhooksSettled('hubspot');
    // HubSpot answers 429 to the record fetch (and to the two retries inside the HTTP client).
    expect((await fetch(`${service.baseUrl}/sandbox/hubspot/__sandbox/rate-limit?count=3`, { method: 'POST' })).status).toBe(204);
    expect(await runEnrichmentPass({ workerId: 'hubspot-events-test' })).toBe(1);
    expect(await runDeliveryPass({ workerId: 'hubspot-events-test' })).toBe(0);
    expect(receivedSince(from)).toEqual([]);
    // Not due again before its retry delay…
    expect(await runEnrichmentPass({ workerId: 'hubspot-events-test' })).toBe(0);
    // …then fetched and delivered.
    const updated = (await deliveredSince(from, new Date(Date.now() + 60_000))).filter(
      (event) => event.event === 'genericContact::updated',
    );
    expect(updated).toHaveLength(1);
    expect(updated[0]?.data).toMatchObject({ changedFields: ['phone'], fields: { phone: '+1 202 555 0143' } });
  });

  it('delivers the reference with a warning when the record is gone before it could be fetched', async () => {
    const { sandboxWebhooksSettled } = await import('@/server/connectors/sandbox');
    const created = await call('/v1/resources/genericContact', json('POST', { firstName: 'Short', lastName: 'Lived' }));
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await sandboxWebhooksSettled('hubspot');
    const from = app.received.length;
    // Deleted straight at the vendor before the worker ran: the created event can no longer be completed.
    const deleted = await fetch(`${service.baseUrl}/sandbox/hubspot/crm/v3/objects/contacts/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${await accessToken()}` },
    });
    expect(deleted.status).toBe(204);
    const delivered = await deliveredSince(from);
    const createdEvent = delivered.find((event) => event.event === 'genericContact::created' && event.data.id === id);
    expect(createdEvent?.data).toMatchObject({ object: 'resourceRef', id, remote: { id } });
    expect(createdEvent?.data).not.toHaveProperty('fields');
    expect(createdEvent?.data.warnings).toEqual([
      { code: 'RECORD_NOT_FETCHED', message: expect.stringContaining('no longer exists') as unknown },
    ]);
    expect(delivered.filter((event) => event.event === 'genericContact::deleted').map((event) => event.data.id)).toEqual([id]);
  });

  it('sends nothing for an update that changes no value', async () => {
    const from = app.received.length;
    const before = await outboxSize();
    const response = await patchAtHubspot({ jobtitle: 'Rear Admiral' });
    expect(response.status).toBe(200);
    expect(await deliveredSince(from)).toEqual([]);
    expect(await outboxSize()).toBe(before);
  });

  it('delivers genericContact::deleted carrying only the reference', async () => {
    const from = app.received.length;
    expect((await call(`/v1/resources/genericContact/${contactId}`, { method: 'DELETE' })).status).toBe(204);
    const deleted = (await deliveredSince(from)).filter((event) => event.event === 'genericContact::deleted');
    expect(deleted).toHaveLength(1);
    expect(Object.keys(deleted[0]?.data ?? {}).sort()).toEqual(['id', 'model', 'object', 'occurredAt', 'remote']);
    expect(deleted[0]?.data).toMatchObject({ object: 'resourceRef', model: 'genericContact', id: contactId, remote: { id: contactId } });
  });

  it('also emits for a deal created straight at the fake with the access token', async () => {
    const from = app.received.length;
    const response = await fetch(`${service.baseUrl}/sandbox/hubspot/crm/v3/objects/deals`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ properties: { dealname: 'Direct deal', dealstage: 'appointmentscheduled' } }),
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const created = (await deliveredSince(from)).filter((event) => event.event === 'crmOpportunity::created');
    expect(created.map((event) => event.data.id)).toEqual([id]);
    // The connection may not read deals through /v1 (no crmOpportunity::retrieve or ::list): the event carries
    // the reference only, and says why.
    expect(created[0]?.data).not.toHaveProperty('fields');
    expect(created[0]?.data.warnings).toEqual([
      {
        code: 'RECORD_NOT_FETCHED',
        message: expect.stringContaining('neither crmOpportunity::retrieve nor crmOpportunity::list') as unknown,
      },
    ]);
  });

  it('counts the requests it sent in its webhook stats', async () => {
    const { sandboxWebhookStats } = await import('@/server/connectors/sandbox');
    const stats = sandboxWebhookStats('hubspot');
    expect(stats.delivered).toBeGreaterThanOrEqual(4);
    expect(stats.failed).toBe(0);
    const overHttp = await fetch(`${service.baseUrl}/sandbox/hubspot/__sandbox/webhook-stats`);
    expect(overHttp.status).toBe(200);
    expect(await overHttp.json()).toEqual(sandboxWebhookStats('hubspot'));
  });
});

describe("the fake's webhook requests", () => {
  /** Points the fake at one of the application's paths for one change, and answers what it sent there. */
  async function captureBatch(properties: Record<string, string>, path = '/capture'): Promise<Received[]> {
    const { sandboxWebhooksSettled } = await import('@/server/connectors/sandbox');
    const target = await fetch(`${service.baseUrl}/sandbox/hubspot/__sandbox/webhook-target`, json('POST', { url: `${app.url}${path}` }));
    expect(target.status).toBe(204);
    const from = app.received.length;
    try {
      const response = await call('/v1/proxy', json('POST', { method: 'POST', path: '/crm/v3/objects/companies', data: { properties } }));
      expect(response.status).toBe(201);
      await sandboxWebhooksSettled('hubspot');
    } finally {
      await fetch(`${service.baseUrl}/sandbox/hubspot/__sandbox/webhook-target`, json('POST', { url: `${service.baseUrl}${hookPath()}` }));
    }
    return app.received.slice(from).filter((request) => request.path === path);
  }

  it("have HubSpot's shape and v3 signature", async () => {
    const { verifyHubspotV3 } = await import('@/server/connectors/hubspot/webhooks');
    const captured = await captureBatch({ name: 'Shape Inc' });
    expect(captured).toHaveLength(1);
    const request = captured[0] as Received;
    expect(
      verifyHubspotV3({
        clientSecret: 'sandbox-hubspot-secret',
        method: 'POST',
        uri: `${app.url}/capture`,
        body: request.body,
        signature: String(request.headers['x-hubspot-signature-v3']),
        timestamp: String(request.headers['x-hubspot-request-timestamp']),
      }),
    ).toBeNull();
    const events = JSON.parse(request.body) as Record<string, unknown>[];
    expect(events).toEqual([
      {
        eventId: expect.any(Number) as unknown,
        subscriptionId: expect.any(Number) as unknown,
        portalId: Number(portalId),
        appId: expect.any(Number) as unknown,
        occurredAt: expect.any(Number) as unknown,
        subscriptionType: 'company.creation',
        attemptNumber: 0,
        objectId: expect.any(Number) as unknown,
        changeSource: 'INTEGRATION',
      },
    ]);
  });

  it('are sent again after a failed try, with the next attemptNumber and a fresh signature', async () => {
    const { sandboxWebhookStats } = await import('@/server/connectors/sandbox');
    const before = sandboxWebhookStats('hubspot');
    const tries = await captureBatch({ name: 'Retry Ltd' }, '/flaky');
    expect(tries).toHaveLength(2);
    const [first, second] = tries.map((request) => JSON.parse(request.body) as { eventId: number; attemptNumber: number }[]);
    expect(first?.[0]?.attemptNumber).toBe(0);
    expect(second?.[0]).toMatchObject({ eventId: first?.[0]?.eventId, attemptNumber: 1 });
    const after = sandboxWebhookStats('hubspot');
    expect(after.retried - before.retried).toBe(1);
    expect(after.delivered - before.delivered).toBe(1);
  });

  it('batch what happened in one tick, at most 100 events per request', async () => {
    const { emitHubSpotChange } = await import('@/server/connectors/hubspot/sandbox-webhooks');
    const { sandboxWebhooksSettled } = await import('@/server/connectors/sandbox');
    const portal = { portalId: Number(portalId) } as Parameters<typeof emitHubSpotChange>[0];
    await fetch(`${service.baseUrl}/sandbox/hubspot/__sandbox/webhook-target`, json('POST', { url: `${app.url}/capture` }));
    const from = app.received.length;
    try {
      for (let index = 0; index < 150; index += 1) emitHubSpotChange(portal, 'companies', String(50_000 + index), 'deletion');
      await sandboxWebhooksSettled('hubspot');
    } finally {
      await fetch(`${service.baseUrl}/sandbox/hubspot/__sandbox/webhook-target`, json('POST', { url: `${service.baseUrl}${hookPath()}` }));
    }
    const sizes = app.received
      .slice(from)
      .filter((request) => request.path === '/capture')
      .map((request) => (JSON.parse(request.body) as unknown[]).length)
      .sort((a, b) => b - a);
    expect(sizes).toEqual([100, 50]);
  });

  it('answers 400 for a webhook target that is not a URL', async () => {
    const response = await fetch(`${service.baseUrl}/sandbox/hubspot/__sandbox/webhook-target`, json('POST', { url: 'not a url' }));
    expect(response.status).toBe(400);
  });
});

describe('sandbox start-up', () => {
  it("points the fake at the first organization's global hook unless HubSpot is overridden", async () => {
    const { pointSandboxWebhooksAtService } = await import('@/server/services/sandbox-webhooks');
    expect(pointSandboxWebhooksAtService()).toBe(`${service.baseUrl}${hookPath()}`);
    process.env.CONNECTOR_HUBSPOT_BASE_URL = 'https://api.hubapi.example';
    try {
      expect(pointSandboxWebhooksAtService()).toBeNull();
    } finally {
      delete process.env.CONNECTOR_HUBSPOT_BASE_URL;
    }
  });
});

describe('POST global/main: signature and dedupe', () => {
  async function send(body: string, options: { secret?: string; timestamp?: number; tamperBody?: boolean; tamperQuery?: boolean } = {}) {
    const { signHubspotV3 } = await import('@/server/connectors/hubspot/webhooks');
    const timestamp = String(options.timestamp ?? Date.now());
    const signature = signHubspotV3({
      clientSecret: options.secret ?? 'sandbox-hubspot-secret',
      method: 'POST',
      uri: `${service.baseUrl}${hookPath()}`,
      body,
      timestamp,
    });
    return fetch(`${service.baseUrl}${hookPath()}${options.tamperQuery ? '?portalId=1' : ''}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hubspot-signature-v3': signature, 'x-hubspot-request-timestamp': timestamp },
      body: options.tamperBody ? body.replace('"attemptNumber":0', '"attemptNumber":1') : body,
    });
  }

  const batch = (eventId: number) =>
    JSON.stringify([
      {
        eventId,
        subscriptionId: 1,
        portalId: Number(portalId),
        appId: 1,
        occurredAt: Date.now(),
        subscriptionType: 'contact.creation',
        attemptNumber: 0,
        objectId: 7000 + eventId,
        changeSource: 'CRM',
      },
    ]);

  it('records a valid batch once; the same event ids again record nothing new', async () => {
    const eventId = 880_001;
    const first = await send(batch(eventId));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: 1, recorded: 1, duplicates: 0, unrouted: 0 });
    const before = await outboxSize();
    const again = await send(batch(eventId));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: 1, recorded: 0, duplicates: 1, unrouted: 0 });
    expect(await outboxSize()).toBe(before);
  });

  it.each([
    ['a tampered body', { tamperBody: true }],
    ['a tampered query', { tamperQuery: true }],
    ['a wrong secret', { secret: 'not-the-client-secret' }],
    ['a stale timestamp', { timestamp: Date.now() - 6 * 60_000 }],
  ])('refuses %s with 401 CONNECTOR::WEBHOOK::VALIDATION_FAILED and records nothing', async (_, options) => {
    const before = await outboxSize();
    const result = await errorOf(await send(batch(881_000 + Math.floor(Math.random() * 1000)), options));
    expect(result).toMatchObject({ status: 401, error: 'CONNECTOR::WEBHOOK::VALIDATION_FAILED' });
    expect(await outboxSize()).toBe(before);
  });
});

describe('GET global/cardView', () => {
  const validCard = {
    cards: [
      {
        title: 'Acme account',
        link: 'https://app.example.com/accounts/1',
        contents: [
          { type: 'text', label: 'Plan', value: 'Pro' },
          { type: 'status', label: 'Health', value: 'At risk', status: 'warning' },
        ],
        actions: [{ type: 'openUrlInIframe', label: 'Open', url: 'https://app.example.com/frame/1' }],
      },
    ],
    root: {
      actions: [
        { type: 'openUrl', label: 'Settings', url: 'https://app.example.com/settings' },
        { type: 'openUrl', label: 'Help', url: 'https://app.example.com/help' },
      ],
    },
  };

  const query = (overrides: Record<string, string> = {}) =>
    new URLSearchParams({
      userId: '4242',
      userEmail: 'rep@example.com',
      associatedObjectId: '9001',
      associatedObjectType: 'CONTACT',
      portalId,
      // HubSpot adds the record properties the card asked for.
      firstname: 'Ada',
      ...overrides,
    }).toString();

  async function cardView(options: { query?: string; secret?: string; timestamp?: number; tamperQuery?: boolean } = {}) {
    const { signHubspotV3 } = await import('@/server/connectors/hubspot/webhooks');
    const path = `${cardPath()}?${options.query ?? query()}`;
    const timestamp = String(options.timestamp ?? Date.now());
    const signature = signHubspotV3({
      clientSecret: options.secret ?? 'sandbox-hubspot-secret',
      method: 'GET',
      uri: `${service.baseUrl}${path}`,
      body: '',
      timestamp,
    });
    return fetch(`${service.baseUrl}${options.tamperQuery ? path.replace('9001', '9002') : path}`, {
      headers: { 'x-hubspot-signature-v3': signature, 'x-hubspot-request-timestamp': timestamp },
    });
  }

  it("asks the application with a signed widgetCardView request and answers HubSpot's card format", async () => {
    app.cardAnswer = { kind: 'json', status: 200, body: validCard };
    const from = app.received.length;
    const response = await cardView();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      results: [
        {
          objectId: 1,
          title: 'Acme account',
          link: 'https://app.example.com/accounts/1',
          properties: [
            { label: 'Plan', dataType: 'STRING', value: 'Pro' },
            { label: 'Health', dataType: 'STATUS', value: 'At risk', optionType: 'WARNING' },
          ],
          actions: [{ type: 'IFRAME', width: 890, height: 748, uri: 'https://app.example.com/frame/1', label: 'Open' }],
        },
      ],
      primaryAction: { type: 'IFRAME', width: 890, height: 748, uri: 'https://app.example.com/settings', label: 'Settings' },
      secondaryActions: [{ type: 'IFRAME', width: 890, height: 748, uri: 'https://app.example.com/help', label: 'Help' }],
    });
    const asked = app.received.slice(from).filter((request) => request.path === '/cards');
    expect(asked).toHaveLength(1);
    const request = new Webhook(cardsSecret).verify(asked[0]?.body ?? '', asked[0]?.headers as Record<string, string>);
    expect(request).toEqual({
      object: 'widgetCardView.request',
      id: expect.stringMatching(/^msg_/) as unknown,
      connectorId: 'hubspot',
      ownerId: OWNER,
      data: {
        triggeredBy: {
          object: 'resourceRef',
          model: 'genericUser',
          id: '4242',
          remote: { id: '4242' },
          fields: { email: 'rep@example.com' },
        },
        genericContact: [{ object: 'resourceRef', model: 'genericContact', id: '9001', remote: { id: '9001' } }],
      },
    });
  });

  it('passes a deal as crmOpportunity', async () => {
    app.cardAnswer = { kind: 'json', status: 200, body: validCard };
    const from = app.received.length;
    expect((await cardView({ query: query({ associatedObjectType: 'DEAL', associatedObjectId: '77' }) })).status).toBe(200);
    const asked = app.received.slice(from).find((request) => request.path === '/cards');
    expect((JSON.parse(asked?.body ?? '{}') as { data: unknown }).data).toMatchObject({ crmOpportunity: [{ id: '77' }] });
  });

  const fallbackReason = async (response: Response): Promise<string> => {
    expect(response.status).toBe(200);
    const body = (await response.json()) as { results: { title: string; properties: { label: string; value: string }[] }[] };
    expect(body.results).toHaveLength(1);
    expect(body.results[0]?.title).toBe('Card not available');
    return body.results[0]?.properties[0]?.value ?? '';
  };

  it('answers a fallback card within about the timeout when the application is slow', async () => {
    app.cardAnswer = { kind: 'slow', ms: 10_000 };
    const started = Date.now();
    const reason = await fallbackReason(await cardView());
    const elapsed = Date.now() - started;
    expect(reason).toBe(`The card could not be loaded: the application did not answer within ${CARD_VIEW_TIMEOUT_MS} ms.`);
    expect(elapsed).toBeGreaterThanOrEqual(CARD_VIEW_TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(5_000);
  });

  it.each([
    ['answers 500', { kind: 'json', status: 500, body: { error: 'boom' } }, 'the application answered HTTP 500'],
    ['answers garbage', { kind: 'text', body: '<html>oops' }, 'the answer is not JSON'],
    [
      'answers JSON that is not card content',
      { kind: 'json', status: 200, body: { cards: [{ title: 'x', contents: [{ type: 'chart' }] }] } },
      'the answer is not valid card content',
    ],
  ] as [string, CardAnswer, string][])('answers a fallback card when the application %s', async (_, answer, expected) => {
    app.cardAnswer = answer;
    expect(await fallbackReason(await cardView())).toContain(expected);
  });

  it('answers a fallback card for a portal without a connection', async () => {
    expect(await fallbackReason(await cardView({ query: query({ portalId: '1' }) }))).toBe('No connection is set up for HubSpot portal 1.');
  });

  it('answers a fallback card when no endpoint takes card requests', async () => {
    const { updateWebhookEndpoint } = await import('@/server/services/webhook-endpoints');
    updateWebhookEndpoint({ organizationId, id: cardsEndpointId, enabled: false });
    try {
      expect(await fallbackReason(await cardView())).toBe('No webhook endpoint of this organization receives widgetCardView requests.');
    } finally {
      updateWebhookEndpoint({ organizationId, id: cardsEndpointId, enabled: true });
    }
  });

  it.each([
    ['a tampered query', { tamperQuery: true }],
    ['a wrong secret', { secret: 'not-the-client-secret' }],
    ['a stale timestamp', { timestamp: Date.now() - 6 * 60_000 }],
    ['no signature', { unsigned: true }],
  ] as [string, { secret?: string; timestamp?: number; tamperQuery?: boolean; unsigned?: boolean }][])(
    'refuses %s with 401 CONNECTOR::WEBHOOK::VALIDATION_FAILED without asking the application',
    async (_, options) => {
      app.cardAnswer = { kind: 'json', status: 200, body: validCard };
      const from = app.received.length;
      const response = options.unsigned ? await fetch(`${service.baseUrl}${cardPath()}?${query()}`) : await cardView(options);
      expect(await errorOf(response)).toMatchObject({ status: 401, error: 'CONNECTOR::WEBHOOK::VALIDATION_FAILED' });
      expect(app.received.slice(from)).toEqual([]);
    },
  );

  it('answers 400 naming a missing query field of a signed request', async () => {
    const missing = new URLSearchParams(query());
    missing.delete('portalId');
    expect(await errorOf(await cardView({ query: missing.toString() }))).toEqual({
      status: 400,
      error: 'SERVICE::BAD_REQUEST',
      message: 'query.portalId: is required',
    });
  });

  it('answers 404 WEBHOOK::NOT_FOUND for another connector', async () => {
    const response = await fetch(`${service.baseUrl}/v1/hook/${organizationId}/prod/pipedrive/global/cardView`);
    expect(await errorOf(response)).toMatchObject({ status: 404, error: 'WEBHOOK::NOT_FOUND' });
  });
});
