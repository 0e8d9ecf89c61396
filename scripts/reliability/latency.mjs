#!/usr/bin/env node
// Scenario (c): inbound hook → delivered latency and sustained events per second. Signed HubSpot events are sent
// at increasing fixed rates (open loop, bounded in flight) for a bounded time on loopback; the latency of an event
// is the time from the hook's 200 to the endpoint receiving it, both measured by this process's clock.
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
  sendHubspotCreation,
  sleep,
  startService,
  tempDir,
  waitFor,
  webhookReceiver,
  WEBHOOK_SECRET,
} from './lib.mjs';

const RATES = (process.env.RELIABILITY_RATES ?? '25,50,100,200,300').split(',').map(Number);
const STEP_MS = Number(process.env.RELIABILITY_STEP_MS ?? 4_000);
const MAX_IN_FLIGHT = 64;
hardTimeout(RATES.length * STEP_MS + 240_000, 'latency');

const buildId = await ensureBuild();
const dataDir = tempDir('uis-reliability-c-');
const receiver = webhookReceiver(await freePort());
await receiver.start();
const service = await startService({
  port: await freePort(),
  dataDir,
  encryptionKey: newEncryptionKey(),
  env: { DEFAULT_WEBHOOK_URL: receiver.url, DEFAULT_WEBHOOK_SECRET: WEBHOOK_SECRET },
});
const { organizationId, portalId } = await hubspotConnection({
  baseUrl: service.baseUrl,
  dataDir,
  ownerId: 'latency-owner',
  events: ['genericContact::created'],
});

const acceptedAt = new Map();
const stepOf = new Map();
const hookMs = [];
let nextId = 0;
let inFlight = 0;
let refusedForBackpressure = 0;
const steps = [];

async function fire(step) {
  const id = nextId++;
  const objectId = 3_000_000 + id;
  inFlight += 1;
  const started = performance.now();
  const { status } = await sendHubspotCreation({ baseUrl: service.baseUrl, organizationId, portalId, eventId: 2_000_000 + id, objectId });
  const answered = performance.now();
  inFlight -= 1;
  if (status !== 200) return;
  acceptedAt.set(String(objectId), answered);
  stepOf.set(String(objectId), step);
  hookMs.push({ step, ms: answered - started });
}

for (const [index, rate] of RATES.entries()) {
  const started = performance.now();
  const sends = [];
  let sent = 0;
  // Open loop: event n leaves at start + n/rate, whatever the answers do, unless MAX_IN_FLIGHT are outstanding.
  while (performance.now() - started < STEP_MS) {
    const due = started + (sent * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    if (inFlight >= MAX_IN_FLIGHT) refusedForBackpressure += 1;
    else sends.push(fire(index));
    sent += 1;
  }
  await Promise.all(sends);
  steps.push({ rate, started, ended: performance.now(), offered: sent });
}
const sendingDoneAt = performance.now();
await waitFor(() => [...acceptedAt.keys()].every((id) => receiver.received.some((row) => row.objectId === id)), {
  timeoutMs: 180_000,
  everyMs: 250,
  what: 'every accepted event to be delivered',
}).catch(() => undefined);
const drainSeconds = (performance.now() - sendingDoneAt) / 1000;

const arrival = new Map();
for (const row of receiver.received) if (!arrival.has(row.objectId)) arrival.set(row.objectId, row.at);
const rows = steps.map((step, index) => {
  const ids = [...stepOf.entries()].filter(([, value]) => value === index).map(([id]) => id);
  const latencies = ids.filter((id) => arrival.has(id)).map((id) => arrival.get(id) - acceptedAt.get(id));
  const seconds = (step.ended - step.started) / 1000;
  const deliveredInStep = ids.filter((id) => (arrival.get(id) ?? Infinity) <= step.ended).length;
  const hooks = hookMs.filter((row) => row.step === index).map((row) => row.ms);
  return {
    offeredPerSecond: step.rate,
    acceptedPerSecond: +(ids.length / seconds).toFixed(1),
    deliveredWithinStepPerSecond: +(deliveredInStep / seconds).toFixed(1),
    accepted: ids.length,
    deliveredInStep,
    delivered: latencies.length,
    hookP50Ms: +percentile(hooks, 50).toFixed(1),
    hookP99Ms: +percentile(hooks, 99).toFixed(1),
    deliveredP50Ms: +percentile(latencies, 50).toFixed(1),
    deliveredP99Ms: +percentile(latencies, 99).toFixed(1),
  };
});
// Sustained: the highest offered rate whose events were (nearly) all accepted and whose delivery backlog at the end
// of the step was under one second's worth of events.
const keepsUp = (row) =>
  row.accepted >= 0.98 * row.offeredPerSecond * (STEP_MS / 1000) && row.accepted - row.deliveredInStep <= row.offeredPerSecond;
const sustained = rows.filter(keepsUp);
const result = {
  scenario: 'latency',
  machine: machine(),
  buildId,
  stepSeconds: STEP_MS / 1000,
  maxInFlight: MAX_IN_FLIGHT,
  skippedForBackpressure: refusedForBackpressure,
  steps: rows,
  sustainedEventsPerSecond: sustained.length ? Math.max(...sustained.map((row) => row.acceptedPerSecond)) : 0,
  lost: [...acceptedAt.keys()].filter((id) => !arrival.has(id)).length,
  drainSecondsAfterLastSend: +drainSeconds.toFixed(2),
  badSignatures: receiver.badSignatures(),
};
printTable('Reliability (c): hook 200 → endpoint latency, stepped rates', [
  ['machine', result.machine],
  ['build', result.buildId],
  ['step length (s) / max in flight', `${result.stepSeconds} / ${result.maxInFlight}`],
  ...rows.map((row) => [
    `offered ${row.offeredPerSecond}/s`,
    `accepted ${row.acceptedPerSecond}/s, delivered in step ${row.deliveredWithinStepPerSecond}/s; hook p50 ${row.hookP50Ms} ms p99 ${row.hookP99Ms} ms; hook→delivered p50 ${row.deliveredP50Ms} ms p99 ${row.deliveredP99Ms} ms`,
  ]),
  ['sends skipped (in-flight cap)', result.skippedForBackpressure],
  ['sustained events/s (all delivered within the step)', result.sustainedEventsPerSecond],
  ['lost', result.lost],
  ['drain after the last send (s)', result.drainSecondsAfterLastSend],
  ['bad signatures', result.badSignatures],
]);
mkdirSync('reports', { recursive: true });
writeFileSync('reports/reliability-latency.json', `${JSON.stringify(result, null, 2)}\n`);
process.exit(result.lost === 0 ? 0 : 1);
