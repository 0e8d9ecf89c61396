#!/usr/bin/env node
// Scenario (a): SIGKILL the server in the middle of a burst of 1,000 signed HubSpot hook events, restart it on the
// same database, re-send what was not answered 200 (as HubSpot retries), and check that every accepted event
// reaches the webhook receiver: none lost, duplicates allowed (at least once). See docs/reliability.md.
import { writeFileSync, mkdirSync } from 'node:fs';
import {
  ensureBuild,
  freePort,
  hardTimeout,
  hubspotConnection,
  machine,
  newEncryptionKey,
  printTable,
  readDatabase,
  runBounded,
  sendHubspotCreation,
  startService,
  tempDir,
  waitFor,
  webhookReceiver,
  WEBHOOK_SECRET,
} from './lib.mjs';

const TOTAL = 1_000;
const KILL_AFTER_ACCEPTED = 400;
const CONCURRENCY = 16;
const DRAIN_TIMEOUT_MS = 180_000;
hardTimeout(360_000, 'crash-restart');

const buildId = await ensureBuild();
const dataDir = tempDir('uis-reliability-a-');
const encryptionKey = newEncryptionKey();
// The endpoint answers after 100 ms, so deliveries are in flight when the server dies: their outcome is never
// recorded, their lease (60 s) expires after the restart and they are sent again (at least once).
const RECEIVER_DELAY_MS = 100;
const receiver = webhookReceiver(await freePort(), { delayMs: RECEIVER_DELAY_MS });
await receiver.start();
const port = await freePort();
const env = {
  DEFAULT_WEBHOOK_URL: receiver.url,
  DEFAULT_WEBHOOK_SECRET: WEBHOOK_SECRET,
  // Fast retries, so an attempt cut off by the kill is retried within the run.
  WEBHOOK_RETRY_SCHEDULE: '0s,1s,2s,5s,10s,30s',
};
let service = await startService({ port, dataDir, encryptionKey, env });
const { organizationId, portalId } = await hubspotConnection({
  baseUrl: service.baseUrl,
  dataDir,
  ownerId: 'crash-owner',
  events: ['genericContact::created'],
});

// HubSpot event ids and object ids are distinct per event, so each accepted event must arrive as its object id.
const events = Array.from({ length: TOTAL }, (_, index) => ({ eventId: 5_000_000 + index, objectId: 7_000_000 + index }));
const accepted = new Set();
let killed = false;
let killedAt = 0;
let deduplicatedOnResend = 0;
const send = async (event) => {
  const { status, answer } = await sendHubspotCreation({ baseUrl: service.baseUrl, organizationId, portalId, ...event });
  if (status === 200) accepted.add(event.objectId);
  // Recorded before the kill, but the 200 never reached the sender: the re-send is recognised by its event id.
  if (status === 200 && answer.duplicates > 0) deduplicatedOnResend += 1;
  if (!killed && accepted.size >= KILL_AFTER_ACCEPTED) {
    killed = true;
    killedAt = performance.now();
    // No warning, no shutdown hook: the process dies between two statements, as on a power cut.
    process.kill(service.pid, 'SIGKILL');
  }
};
const burstStarted = performance.now();
await runBounded(events, CONCURRENCY, send, () => killed);
await new Promise((done) =>
  service.child.exitCode !== null || service.child.signalCode !== null ? done() : service.child.once('exit', done),
);
const acceptedBeforeKill = accepted.size;
const deliveredBeforeKill = new Set(receiver.received.map((row) => row.objectId)).size;

service = await startService({ port, dataDir, encryptionKey, env });
const restartedAt = performance.now();
// HubSpot retries what it did not see answered 200; a retried event the service had already recorded is dropped
// by its event id, so a retry can never create a second event.
let resendRounds = 0;
let pending = events.filter((event) => !accepted.has(event.objectId));
const resent = pending.length;
while (pending.length > 0 && resendRounds < 5) {
  resendRounds += 1;
  await runBounded(pending, CONCURRENCY, send);
  pending = events.filter((event) => !accepted.has(event.objectId));
}
const resendDoneAt = performance.now();

const deliveredIds = () => new Set(receiver.received.map((row) => row.objectId).filter(Boolean));
let drained = true;
try {
  await waitFor(() => [...accepted].every((id) => deliveredIds().has(String(id))), {
    timeoutMs: DRAIN_TIMEOUT_MS,
    everyMs: 200,
    what: 'every accepted event to be delivered',
  });
} catch {
  drained = false;
}
const drainedAt = performance.now();
// Attempts cut off by the kill are still leased to the dead process: they are sent again once the lease expires
// (at least once). The run ends when the outbox has no pending delivery left.
let settled = true;
try {
  await waitFor(() => readDatabase(dataDir, `select count(*) as pending from deliveries where status <> 'succeeded'`)[0].pending === 0, {
    timeoutMs: DRAIN_TIMEOUT_MS,
    everyMs: 500,
    what: 'the outbox to settle',
  });
} catch {
  settled = false;
}
const settledAt = performance.now();
const outbox = readDatabase(dataDir, `select count(*) as events from events`)[0].events;

const delivered = deliveredIds();
const byEvent = new Map();
for (const row of receiver.received) byEvent.set(row.eventId, (byEvent.get(row.eventId) ?? 0) + 1);
const eventsPerObject = new Map();
for (const row of receiver.received) {
  const set = eventsPerObject.get(row.objectId) ?? new Set();
  set.add(row.eventId);
  eventsPerObject.set(row.objectId, set);
}
const lost = [...accepted].filter((id) => !delivered.has(String(id)));
const result = {
  scenario: 'crash-restart',
  machine: machine(),
  buildId,
  endpointAnswersAfterMs: RECEIVER_DELAY_MS,
  eventsSent: TOTAL,
  acceptedBeforeKill,
  deliveredBeforeKill,
  burstSecondsUntilKill: +((killedAt - burstStarted) / 1000).toFixed(2),
  restartReadyMs: service.readyMs,
  resentAfterRestart: resent,
  resendRounds,
  resentAlreadyRecorded: deduplicatedOnResend,
  totalAccepted: accepted.size,
  deliveredUniqueObjects: delivered.size,
  requestsReceived: receiver.received.length,
  duplicateDeliveries: [...byEvent.values()].reduce((sum, count) => sum + count - 1, 0),
  objectsWithTwoEvents: [...eventsPerObject.values()].filter((set) => set.size > 1).length,
  badSignatures: receiver.badSignatures(),
  lost: lost.length,
  drainedWithinTimeout: drained,
  secondsFromRestartToAllDelivered: +((drainedAt - restartedAt) / 1000).toFixed(2),
  secondsFromLastResendToAllDelivered: +((drainedAt - resendDoneAt) / 1000).toFixed(2),
  outboxEvents: outbox,
  outboxSettled: settled,
  secondsFromRestartToOutboxSettled: +((settledAt - restartedAt) / 1000).toFixed(2),
};
printTable('Reliability (a): SIGKILL mid-burst, restart on the same database', [
  ['machine', result.machine],
  ['build', result.buildId],
  ['endpoint answers after (ms)', result.endpointAnswersAfterMs],
  ['events sent (signed HubSpot hooks)', result.eventsSent],
  ['accepted (200) before the kill', result.acceptedBeforeKill],
  ['delivered before the kill', result.deliveredBeforeKill],
  ['seconds from burst start to kill', result.burstSecondsUntilKill],
  ['restart: ready after (ms)', result.restartReadyMs],
  ['re-sent after restart (not answered 200)', `${result.resentAfterRestart} in ${result.resendRounds} round(s)`],
  ['re-sent events already recorded before the kill (deduplicated)', result.resentAlreadyRecorded],
  ['total accepted', result.totalAccepted],
  ['delivered unique events (object ids)', result.deliveredUniqueObjects],
  ['requests received by the endpoint', result.requestsReceived],
  ['duplicate deliveries (same event id again)', result.duplicateDeliveries],
  ['objects recorded as two events', result.objectsWithTwoEvents],
  ['bad signatures', result.badSignatures],
  ['LOST', result.lost],
  ['seconds from restart to all delivered', result.secondsFromRestartToAllDelivered],
  ['seconds from last re-send to all delivered', result.secondsFromLastResendToAllDelivered],
  ['events in the outbox', result.outboxEvents],
  ['seconds from restart until no delivery is pending', result.secondsFromRestartToOutboxSettled],
]);
mkdirSync('reports', { recursive: true });
writeFileSync('reports/reliability-crash-restart.json', `${JSON.stringify(result, null, 2)}\n`);
process.exit(
  result.lost === 0 && drained && settled && outbox === TOTAL && result.totalAccepted === TOTAL && result.objectsWithTwoEvents === 0
    ? 0
    : 1,
);
