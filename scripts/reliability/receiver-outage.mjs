#!/usr/bin/env node
// Scenario (b): the customer's endpoint is down for two minutes while 100 events are accepted, then comes back.
// Every delivery must arrive, retried on the schedule, in the order of each delivery's next attempt time.
// The production schedule (0s, 5s, 5m, …) would make the run last over five minutes, so this run uses
// WEBHOOK_RETRY_SCHEDULE=0s,5s,30s,60s,120s,300s: attempts at about 0 s, 5 s, 35 s, 95 s and 215 s. See docs/reliability.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import {
  ensureBuild,
  freePort,
  hardTimeout,
  hubspotConnection,
  machine,
  newEncryptionKey,
  percentile,
  printTable,
  readDatabase,
  runBounded,
  sendHubspotCreation,
  sleep,
  startService,
  tempDir,
  waitFor,
  webhookReceiver,
  WEBHOOK_SECRET,
} from './lib.mjs';

const TOTAL = 100;
const OUTAGE_MS = Number(process.env.RELIABILITY_OUTAGE_MS ?? 120_000);
const SCHEDULE = '0s,5s,30s,60s,120s,300s';
hardTimeout(OUTAGE_MS + 360_000, 'receiver-outage');

const buildId = await ensureBuild();
const dataDir = tempDir('uis-reliability-b-');
const receiver = webhookReceiver(await freePort());
const service = await startService({
  port: await freePort(),
  dataDir,
  encryptionKey: newEncryptionKey(),
  env: { DEFAULT_WEBHOOK_URL: receiver.url, DEFAULT_WEBHOOK_SECRET: WEBHOOK_SECRET, WEBHOOK_RETRY_SCHEDULE: SCHEDULE },
});
const { organizationId, portalId } = await hubspotConnection({
  baseUrl: service.baseUrl,
  dataDir,
  ownerId: 'outage-owner',
  events: ['genericContact::created'],
});

// The receiver is not listening: every attempt meets a refused connection (a network error, retried).
const downAt = performance.now();
const events = Array.from({ length: TOTAL }, (_, index) => ({ eventId: 8_000_000 + index, objectId: 9_000_000 + index }));
let accepted = 0;
await runBounded(events, 8, async (event) => {
  if ((await sendHubspotCreation({ baseUrl: service.baseUrl, organizationId, portalId, ...event })).status === 200) accepted += 1;
});
await sleep(Math.max(0, OUTAGE_MS - (performance.now() - downAt)));

// The schedule each delivery is waiting on at the moment the endpoint comes back.
const scheduled = new Map(
  readDatabase(dataDir, `select id, next_attempt_at as nextAttemptAt, attempts from deliveries`).map((row) => [
    row.id,
    { nextAttemptAt: Date.parse(row.nextAttemptAt), attemptsWhileDown: row.attempts },
  ]),
);
await receiver.start();
const upAt = performance.now();
await waitFor(() => new Set(receiver.received.map((row) => row.objectId)).size >= accepted, {
  timeoutMs: 330_000,
  everyMs: 250,
  what: 'every delivery after the endpoint came back',
});
const allAt = performance.now();
// The endpoint has a request before the worker has written its outcome: read attempts once nothing is pending.
await waitFor(() => readDatabase(dataDir, `select count(*) as pending from deliveries where status = 'pending'`)[0].pending === 0, {
  timeoutMs: 30_000,
  everyMs: 250,
  what: 'the outcomes to be written',
});

const deliveries = readDatabase(dataDir, `select id, status, attempts from deliveries`);
const attempts = deliveries.map((row) => row.attempts);
const histogram = {};
for (const count of attempts) histogram[count] = (histogram[count] ?? 0) + 1;
// Order check: walking the arrivals, how far back in scheduled time did any arrival go? A worker sends a claimed
// batch concurrently, so arrivals within one batch may swap; anything beyond that would be a real reordering.
let maxRegressionMs = 0;
let latestScheduled = -Infinity;
let outOfOrder = 0;
for (const row of receiver.received) {
  const due = scheduled.get(row.deliveryId)?.nextAttemptAt ?? NaN;
  if (due < latestScheduled) {
    outOfOrder += 1;
    maxRegressionMs = Math.max(maxRegressionMs, latestScheduled - due);
  }
  latestScheduled = Math.max(latestScheduled, due);
}
const lateness = receiver.received.map((row) => row.wallAt - (scheduled.get(row.deliveryId)?.nextAttemptAt ?? NaN));
const result = {
  scenario: 'receiver-outage',
  machine: machine(),
  buildId,
  retrySchedule: SCHEDULE,
  eventsAccepted: accepted,
  outageSeconds: +((upAt - downAt) / 1000).toFixed(1),
  attemptsWhileDown: [...new Set([...scheduled.values()].map((row) => row.attemptsWhileDown))].sort(),
  delivered: new Set(receiver.received.map((row) => row.objectId)).size,
  requestsReceived: receiver.received.length,
  succeeded: deliveries.filter((row) => row.status === 'succeeded').length,
  failed: deliveries.filter((row) => row.status === 'failed').length,
  attemptsPerDelivery: histogram,
  secondsFromEndpointUpToAllDelivered: +((allAt - upAt) / 1000).toFixed(2),
  arrivalsBeforeAnEarlierScheduledOne: outOfOrder,
  maxOrderRegressionMs: Math.round(maxRegressionMs),
  arrivalAfterScheduledMs: { p50: Math.round(percentile(lateness, 50)), p99: Math.round(percentile(lateness, 99)) },
  badSignatures: receiver.badSignatures(),
};
printTable('Reliability (b): endpoint down, then back', [
  ['machine', result.machine],
  ['build', result.buildId],
  ['WEBHOOK_RETRY_SCHEDULE', result.retrySchedule],
  ['events accepted while the endpoint was down', result.eventsAccepted],
  ['endpoint down for (s)', result.outageSeconds],
  ['failed attempts per delivery while down', result.attemptsWhileDown.join(', ')],
  ['delivered (unique events)', `${result.delivered} / ${result.eventsAccepted}`],
  ['requests received', result.requestsReceived],
  ['deliveries succeeded / failed', `${result.succeeded} / ${result.failed}`],
  ['attempts per delivery (attempts: deliveries)', JSON.stringify(result.attemptsPerDelivery)],
  ['seconds from endpoint up to all delivered', result.secondsFromEndpointUpToAllDelivered],
  ['arrivals after the scheduled time, p50 / p99 (ms)', `${result.arrivalAfterScheduledMs.p50} / ${result.arrivalAfterScheduledMs.p99}`],
  ['arrivals earlier in order than a sooner-due one', result.arrivalsBeforeAnEarlierScheduledOne],
  ['largest such inversion (ms of scheduled time)', result.maxOrderRegressionMs],
  ['bad signatures', result.badSignatures],
]);
mkdirSync('reports', { recursive: true });
writeFileSync('reports/reliability-receiver-outage.json', `${JSON.stringify(result, null, 2)}\n`);
process.exit(result.delivered === accepted && accepted === TOTAL && result.failed === 0 ? 0 : 1);
