import 'server-only';
import { hostname } from 'node:os';
import { newId } from '../crypto/random';
import { errorFields, log } from '../log';
import { runDeliveryPass } from '../services/delivery';
import { runEnrichmentPass } from '../services/enrichment';
import { onOutboxWrite } from '../services/events';
import { pruneInboundEvents } from '../services/inbound-hooks';
import { runPollingPass } from '../services/polling';

export interface Worker {
  id: string;
  stop(): Promise<void>;
}

const IDLE_POLL_MS = 500;
const HOUSEKEEPING_MS = 10 * 60_000;

/**
 * The background worker: delivers due webhook attempts, runs due polling subscriptions and fetches the records
 * of reference-only vendor events. It runs in the web
 * process by default (started from instrumentation.ts) or alone (`npm run worker`); any number may run, the
 * leases in the database share the work.
 *
 * Each job family has its own loop, so a slow vendor list never holds back deliveries.
 */
export function startWorker(options: { pollMs?: number } = {}): Worker {
  const id = `${hostname()}:${process.pid}:${newId('wrk', 6)}`;
  let running = true;
  const wakers = new Set<() => void>();
  const idle = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        wakers.delete(done);
        resolve();
      };
      wakers.add(done);
      setTimeout(done, options.pollMs ?? IDLE_POLL_MS).unref();
    });
  const lane = async (name: string, pass: () => Promise<number>) => {
    while (running) {
      let claimed = 0;
      try {
        claimed = await pass();
      } catch (error) {
        log.error(`worker ${name} pass failed`, errorFields(error));
      }
      // Busy: go again at once; idle: wait, but wake early on stop.
      if (claimed === 0 && running) await idle();
    }
  };
  // A recorded event wakes the delivery lane at once (recordEvent may run inside an outer transaction: the
  // microtask it schedules runs after that transaction commits, since better-sqlite3 transactions are synchronous).
  const stopListening = onOutboxWrite(() => {
    for (const wake of [...wakers]) wake();
  });
  // Housekeeping at most every ten minutes, from the delivery lane (cheap, idempotent, safe in any process).
  let lastHousekeeping = 0;
  const housekeeping = () => {
    if (Date.now() - lastHousekeeping < HOUSEKEEPING_MS) return;
    lastHousekeeping = Date.now();
    const pruned = pruneInboundEvents();
    if (pruned > 0) log.info('pruned vendor event ids past the dedupe window', { pruned });
  };
  const loops = Promise.all([
    lane('delivery', async () => {
      housekeeping();
      return runDeliveryPass({ workerId: id });
    }),
    lane('polling', async () => (await runPollingPass({ workerId: id })).length),
    // Record fetches for reference-only vendor events (a slow vendor must not hold back deliveries either).
    lane('enrichment', () => runEnrichmentPass({ workerId: id })),
  ]);
  log.info('worker started', { workerId: id });
  return {
    id,
    async stop() {
      running = false;
      stopListening();
      for (const wake of [...wakers]) wake();
      await loops;
    },
  };
}
