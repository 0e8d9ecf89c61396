import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../support/api';
import { startTestService, type TestService } from '../support/harness';

import { authorizeInSandbox } from '../support/oauth';

/**
 * Polling subscriptions (HubSpot crmEngagement): passes are driven directly, with a 1 ms interval so every pass
 * finds the subscription due again; nothing waits on the clock.
 */
let service: TestService;
const OPERATIONS = ['crmEngagement::list', 'crmEngagement::create', 'crmEngagement::update'];

// One sandbox portal per owner, so each connection sees only its own engagements.
const authorizedConnection = (ownerId: string) =>
  authorizeInSandbox(service, 'hubspot', ownerId, { operations: OPERATIONS, loginHint: `${ownerId}@polling.example.com` });

const headersOf = (ownerId: string) => ({ 'x-connector-id': 'hubspot', 'x-owner-id': ownerId });

async function subscribe(ownerId: string, events: string[]): Promise<void> {
  expect((await service.call('/v1/webhooks', json('POST', { events }, headersOf(ownerId)))).status).toBe(200);
}

async function createEngagement(ownerId: string, title: string): Promise<string> {
  const response = await service.call(
    '/v1/resources/crmEngagement',
    json('POST', { type: 'call', startedAt: '2026-03-04T09:00:00.000Z', title }, headersOf(ownerId)),
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function updateEngagement(ownerId: string, id: string, title: string): Promise<void> {
  const response = await service.call(`/v1/resources/crmEngagement/${id}`, json('PATCH', { title }, headersOf(ownerId)));
  expect(response.status).toBe(200);
}

async function poll(workerId = 'test-worker') {
  const { runPollingPass } = await import('@/server/services/polling');
  return runPollingPass({ workerId });
}

async function outbox(ownerId: string) {
  const { getRuntime } = await import('@/server/runtime');
  const { events } = await import('@/server/db/schema');
  const { eq } = await import('drizzle-orm');
  return getRuntime().db.select().from(events).where(eq(events.ownerId, ownerId)).all();
}

async function subscriptionsOf(ownerId: string) {
  const { getRuntime } = await import('@/server/runtime');
  const { connections, pollingStates, webhookSubscriptions } = await import('@/server/db/schema');
  const { eq } = await import('drizzle-orm');
  return getRuntime()
    .db.select({ trigger: webhookSubscriptions.trigger, kind: webhookSubscriptions.kind, state: pollingStates })
    .from(webhookSubscriptions)
    .innerJoin(connections, eq(connections.id, webhookSubscriptions.connectionId))
    .innerJoin(pollingStates, eq(pollingStates.subscriptionId, webhookSubscriptions.id))
    .where(eq(connections.ownerId, ownerId))
    .all();
}

beforeAll(async () => {
  service = await startTestService({ POLL_INTERVAL_MS: '1' });
  await authorizedConnection('poll-both');
  await authorizedConnection('poll-created');
  await authorizedConnection('poll-race');
  await authorizedConnection('poll-existing');
});
afterAll(async () => {
  await service.close();
});

describe('polling subscriptions (crmEngagement on HubSpot)', () => {
  it('subscribes crmEngagement::created and ::updated as polling, and refuses ::deleted', async () => {
    await subscribe('poll-both', ['crmEngagement::created', 'crmEngagement::updated']);
    expect((await subscriptionsOf('poll-both')).map((row) => `${row.trigger}:${row.kind}`).sort()).toEqual([
      'created:polling',
      'updated:polling',
    ]);
    const refused = await service.call('/v1/webhooks', json('POST', { events: ['crmEngagement::deleted'] }, headersOf('poll-both')));
    expect(refused.status).toBe(400);
  });

  it('emits exactly one created event for a new engagement, then nothing while it does not change', async () => {
    await poll();
    expect(await outbox('poll-both')).toHaveLength(0);
    const id = await createEngagement('poll-both', 'First call');
    await poll();
    const events = await outbox('poll-both');
    expect(events.map((event) => event.name)).toEqual(['crmEngagement::created']);
    expect(events[0]).toMatchObject({
      connectorId: 'hubspot',
      ownerId: 'poll-both',
      data: { object: 'resourceRef', model: 'crmEngagement', id, fields: { title: 'First call' } },
    });
    await poll();
    await poll();
    expect(await outbox('poll-both')).toHaveLength(1);
  });

  it('emits exactly one updated event when the engagement changes', async () => {
    const [created] = await outbox('poll-both');
    const id = String(created?.data.id);
    await updateEngagement('poll-both', id, 'Renamed call');
    await poll();
    await poll();
    const names = (await outbox('poll-both')).map((event) => event.name);
    expect(names).toEqual(['crmEngagement::created', 'crmEngagement::updated']);
    const updated = (await outbox('poll-both')).find((event) => event.name === 'crmEngagement::updated');
    expect(updated?.data).toMatchObject({ id, fields: { title: 'Renamed call' } });
  });

  it('stores the watermark, the next poll time and no error after a good poll', async () => {
    const before = Date.now();
    await poll();
    const states = await subscriptionsOf('poll-both');
    expect(states).toHaveLength(2);
    for (const { state } of states) {
      expect(state.watermark).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(Date.parse(state.nextPollAt)).toBeGreaterThanOrEqual(before);
      expect(state.lastError).toBeNull();
      expect(state.leaseOwner).toBeNull();
    }
    const [created] = await outbox('poll-both');
    const updated = (await outbox('poll-both')).find((event) => event.name === 'crmEngagement::updated');
    // The watermark is the vendor's latest update time seen, not our clock.
    expect(states.every(({ state }) => state.watermark === (updated?.data.updatedAt ?? created?.data.updatedAt))).toBe(true);
  });

  it('never emits updated for a subscription to created only', async () => {
    await subscribe('poll-created', ['crmEngagement::created']);
    const id = await createEngagement('poll-created', 'Created only');
    await poll();
    await updateEngagement('poll-created', id, 'Changed');
    await poll();
    await poll();
    expect((await outbox('poll-created')).map((event) => event.name)).toEqual(['crmEngagement::created']);
  });

  it('emits once when two workers poll at the same time', async () => {
    await subscribe('poll-race', ['crmEngagement::created']);
    await createEngagement('poll-race', 'Raced call');
    const [first, second] = await Promise.all([poll('worker-a'), poll('worker-b')]);
    // One lease per subscription: whatever the two passes claimed, no subscription was polled twice.
    const claimed = [...(first ?? []), ...(second ?? [])].map((outcome) => outcome.subscriptionId);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.length).toBeGreaterThan(0);
    expect((await outbox('poll-race')).map((event) => event.name)).toEqual(['crmEngagement::created']);
  });

  it("takes over a crashed worker's subscription once its lease has expired", async () => {
    const { claimDuePolls, runPollingPass } = await import('@/server/services/polling');
    await createEngagement('poll-race', 'While a worker was down');
    // A worker claims every due subscription and dies before writing anything.
    expect(claimDuePolls({ workerId: 'crashed-worker', limit: 100 }).length).toBeGreaterThan(0);
    expect(await poll('worker-a')).toEqual([]);
    const later = new Date(Date.now() + 6 * 60_000);
    const outcomes = await runPollingPass({ workerId: 'worker-a', limit: 100, now: later });
    expect(outcomes.length).toBeGreaterThan(0);
    expect((await outbox('poll-race')).map((event) => event.name)).toEqual(['crmEngagement::created', 'crmEngagement::created']);
  });

  it('emits nothing for a record older than the subscription, and updated (not created) when it changes', async () => {
    const id = await createEngagement('poll-existing', 'Before the subscription');
    await subscribe('poll-existing', ['crmEngagement::created', 'crmEngagement::updated']);
    await poll();
    expect(await outbox('poll-existing')).toHaveLength(0);
    await updateEngagement('poll-existing', id, 'After the subscription');
    await poll();
    expect((await outbox('poll-existing')).map((event) => event.name)).toEqual(['crmEngagement::updated']);
  });

  it('keeps the watermark and stores lastError when the vendor fails, then recovers at the next interval', async () => {
    const { getRuntime } = await import('@/server/runtime');
    const { connections } = await import('@/server/db/schema');
    const { eq } = await import('drizzle-orm');
    const [before] = await subscriptionsOf('poll-created');
    // A connection that can no longer call the vendor: the poll fails without touching the watermark.
    getRuntime().db.update(connections).set({ status: 'expired' }).where(eq(connections.ownerId, 'poll-created')).run();
    const outcomes = await poll();
    expect(outcomes.find((outcome) => outcome.subscriptionId === before?.state.subscriptionId)?.error).toMatch(/expired/);
    const [failed] = await subscriptionsOf('poll-created');
    expect(failed?.state.lastError).toMatch(/authorize it/);
    expect(failed?.state.watermark).toBe(before?.state.watermark);
    expect(failed?.state.leaseOwner).toBeNull();
    getRuntime().db.update(connections).set({ status: 'authorized' }).where(eq(connections.ownerId, 'poll-created')).run();
    await createEngagement('poll-created', 'After the outage');
    await poll();
    const [recovered] = await subscriptionsOf('poll-created');
    expect(recovered?.state.lastError).toBeNull();
    expect((await outbox('poll-created')).map((event) => event.name)).toEqual(['crmEngagement::created', 'crmEngagement::created']);
  });
});
