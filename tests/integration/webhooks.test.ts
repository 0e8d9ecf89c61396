import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnection, errorOf, json } from '../support/api';
import { startTestService, type TestService } from '../support/harness';
import { get, location, startAuthorization, type AuthorizationView } from '../support/oauth';

let service: TestService;
let portalId = '';
const hubspotHeaders = { 'x-connector-id': 'hubspot', 'x-owner-id': 'hooks-owner' };

beforeAll(async () => {
  service = await startTestService();
  await createConnection(service, 'hubspot', 'hooks-owner');
  const authorization = (await (await startAuthorization(service, 'hubspot', 'hooks-owner')).json()) as AuthorizationView;
  const url = new URL(authorization.authorizationUrl ?? '');
  url.searchParams.set('prompt', 'none');
  expect(location(await get(location(await get(url.toString())).toString())).searchParams.get('status')).toBe('authorized');
  const { getConnectionDetail } = await import('@/server/services/connections');
  const { firstOrganization } = await import('../support/organization');
  portalId = getConnectionDetail({ ...firstOrganization(), connectorId: 'hubspot', ownerId: 'hooks-owner' }).identity.portalId ?? '';
});
afterAll(async () => {
  await service.close();
});

const webhooks = (method: string, body?: unknown, headers: Record<string, string> = hubspotHeaders) =>
  service.call('/v1/webhooks', body === undefined ? { method, headers } : json(method, body, headers));

describe('POST /v1/webhooks', () => {
  it('answers one webhook object per event, and subscribing twice changes nothing', async () => {
    const first = await webhooks('POST', { events: ['genericContact::created', 'genericContact::deleted'] });
    expect(first.status).toBe(200);
    const created = (await first.json()) as { object: string; model: string; trigger: string; createdAt: string }[];
    expect(created.map(({ object, model, trigger }) => ({ object, model, trigger }))).toEqual([
      { object: 'webhook', model: 'genericContact', trigger: 'created' },
      { object: 'webhook', model: 'genericContact', trigger: 'deleted' },
    ]);
    const again = (await (await webhooks('POST', { events: ['genericContact::created'] })).json()) as { createdAt: string }[];
    expect(again[0]?.createdAt).toBe(created[0]?.createdAt);
  });

  it('names a bad event and refuses an empty list', async () => {
    expect((await errorOf(await webhooks('POST', { events: ['genericContact::created', 'genericContact::exploded'] }))).message).toBe(
      'body.events[1]: "genericContact::exploded" is not an event (<model>::created|updated|deleted)',
    );
    expect((await errorOf(await webhooks('POST', { events: [] }))).message).toBe('body.events: must name at least one event');
  });

  it('answers CONNECTOR::WEBHOOKS_NOT_SUPPORTED for what the connector cannot send', async () => {
    expect(await errorOf(await webhooks('POST', { events: ['telephonyCall::created'] }))).toEqual({
      status: 400,
      error: 'CONNECTOR::WEBHOOKS_NOT_SUPPORTED',
      message: 'body.events[0]: HubSpot cannot send telephonyCall::created',
    });
  });

  it('needs the connection headers or a session', async () => {
    expect((await errorOf(await webhooks('POST', { events: ['genericContact::created'] }, {}))).message).toMatch(/^header x-connector-id/);
    const session = (await (await service.call('/v1/connections/hubspot/hooks-owner/sessions', json('POST', {}))).json()) as {
      sessionToken: string;
    };
    const response = await service.call('/v1/webhooks', {
      ...json('POST', { events: ['crmOpportunity::updated'] }, { 'x-session-token': session.sessionToken }),
      auth: false,
    });
    expect(response.status).toBe(200);
  });
});

describe('GET and DELETE /v1/webhooks', () => {
  it('lists, removes, and answers WEBHOOK::NOT_FOUND for what is not subscribed', async () => {
    const listed = (await (await webhooks('GET')).json()) as { object: string; data: { model: string; trigger: string }[] };
    expect(listed.object).toBe('list');
    expect(listed.data.map((webhook) => `${webhook.model}::${webhook.trigger}`)).toEqual([
      'crmOpportunity::updated',
      'genericContact::created',
      'genericContact::deleted',
    ]);
    expect((await webhooks('DELETE', { events: ['crmOpportunity::updated'] })).status).toBe(204);
    expect(await errorOf(await webhooks('DELETE', { events: ['crmOpportunity::updated'] }))).toEqual({
      status: 404,
      error: 'WEBHOOK::NOT_FOUND',
      message: 'body.events[0]: the connection is not subscribed to crmOpportunity::updated',
    });
  });
});

describe('HubSpot global hook', () => {
  const hookPath = async () => {
    const { firstOrganization } = await import('../support/organization');
    return `/v1/hook/${firstOrganization().organizationId}/prod/hubspot/global/main`;
  };

  async function send(events: unknown[], options: { secret?: string; timestamp?: number; tamper?: boolean } = {}) {
    const { signHubspotV3 } = await import('@/server/connectors/hubspot/webhooks');
    const path = await hookPath();
    const body = JSON.stringify(events);
    const timestamp = String(options.timestamp ?? Date.now());
    const signature = signHubspotV3({
      clientSecret: options.secret ?? 'sandbox-hubspot-secret',
      method: 'POST',
      uri: `${service.baseUrl}${path}`,
      body,
      timestamp,
    });
    return fetch(`${service.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hubspot-signature-v3': signature, 'x-hubspot-request-timestamp': timestamp },
      body: options.tamper ? body.replace('creation', 'deletion') : body,
    });
  }

  const event = (eventId: number, subscriptionType: string, objectId = 901) => ({
    eventId,
    subscriptionId: 1,
    portalId: Number(portalId),
    appId: 1,
    occurredAt: Date.now(),
    subscriptionType,
    attemptNumber: 0,
    objectId,
    changeSource: 'CRM',
  });

  async function outbox() {
    const { getRuntime } = await import('@/server/runtime');
    const { events } = await import('@/server/db/schema');
    return getRuntime().db.select().from(events).all();
  }

  it('records a verified, subscribed change in the outbox for its connection', async () => {
    const response = await send([event(1001, 'contact.creation')]);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: 1, recorded: 1, duplicates: 0, unrouted: 0 });
    const recorded = (await outbox()).find((row) => row.name === 'genericContact::created');
    expect(recorded).toMatchObject({
      connectorId: 'hubspot',
      ownerId: 'hooks-owner',
      data: { model: 'genericContact', id: '901', remote: { id: '901' } },
    });
  });

  it('drops a redelivered vendor event id', async () => {
    const before = (await outbox()).length;
    expect(await (await send([event(1001, 'contact.creation')])).json()).toEqual({ received: 1, recorded: 0, duplicates: 1, unrouted: 0 });
    expect((await outbox()).length).toBe(before);
  });

  it('ignores changes nobody subscribed to', async () => {
    expect(await (await send([event(1002, 'company.creation')])).json()).toEqual({ received: 1, recorded: 0, duplicates: 0, unrouted: 1 });
  });

  it('carries only the reference for a deletion', async () => {
    await send([event(1003, 'contact.deletion', 902)]);
    expect((await outbox()).find((row) => row.name === 'genericContact::deleted')?.data).toMatchObject({
      object: 'resourceRef',
      id: '902',
    });
  });

  it.each([
    ['a tampered body', { tamper: true }],
    ['a wrong secret', { secret: 'not-the-client-secret' }],
    ['a stale timestamp', { timestamp: Date.now() - 6 * 60_000 }],
  ])('refuses %s with 401 CONNECTOR::WEBHOOK::VALIDATION_FAILED and records nothing', async (_, options) => {
    const before = (await outbox()).length;
    const result = await errorOf(await send([event(2000 + Math.floor(Math.random() * 1000), 'contact.creation')], options));
    expect(result.status).toBe(401);
    expect(result.error).toBe('CONNECTOR::WEBHOOK::VALIDATION_FAILED');
    expect((await outbox()).length).toBe(before);
  });

  it('answers 404 WEBHOOK::NOT_FOUND for an unknown organization or a connector without a global hook', async () => {
    expect(
      (await errorOf(await fetch(`${service.baseUrl}/v1/hook/org_nope/prod/hubspot/global/main`, { method: 'POST', body: '[]' }))).error,
    ).toBe('WEBHOOK::NOT_FOUND');
  });
});

describe('deleting the connection', () => {
  it('removes its subscriptions', async () => {
    await createConnection(service, 'hubspot', 'short-lived-hooks');
    const headers = { 'x-connector-id': 'hubspot', 'x-owner-id': 'short-lived-hooks' };
    expect((await webhooks('POST', { events: ['genericCompany::created'] }, headers)).status).toBe(200);
    await service.call('/v1/connections/hubspot/short-lived-hooks', { method: 'DELETE' });
    const { getRuntime } = await import('@/server/runtime');
    const { webhookSubscriptions } = await import('@/server/db/schema');
    const { eq } = await import('drizzle-orm');
    expect(getRuntime().db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.model, 'genericCompany')).all()).toEqual([]);
  });
});

describe('dedupe retention', () => {
  it('keeps vendor event ids for 30 days, then drops them', async () => {
    const { pruneInboundEvents } = await import('@/server/services/inbound-hooks');
    const { getRuntime } = await import('@/server/runtime');
    const { inboundEvents } = await import('@/server/db/schema');
    const { firstOrganization } = await import('../support/organization');
    const { db } = getRuntime();
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    db.insert(inboundEvents)
      .values({ connectorId: 'hubspot', vendorEventId: 'ancient-1', ...firstOrganization(), receivedAt: old })
      .run();
    const before = db.select().from(inboundEvents).all().length;
    expect(pruneInboundEvents()).toBe(1);
    expect(db.select().from(inboundEvents).all().length).toBe(before - 1);
    expect(pruneInboundEvents()).toBe(0);
  });
});
