import 'server-only';
import { hostname } from 'node:os';
import { newId } from '../crypto/random';
import { errorFields, log } from '../log';
import { runDeliveryPass } from '../services/delivery';

export interface Worker {
  id: string;
  stop(): Promise<void>;
}

const IDLE_POLL_MS = 500;

/**
 * The background worker: delivers due webhook attempts. It runs in the web process by default (started from
 * instrumentation.ts) or alone (`npm run worker`); any number may run, the leases in the database share the work.
 */
export function startWorker(options: { pollMs?: number } = {}): Worker {
  const id = `${hostname()}:${process.pid}:${newId('wrk', 6)}`;
  let running = true;
  let wake: (() => void) | undefined;
  const loop = (async () => {
    while (running) {
      let claimed = 0;
      try {
        claimed = await runDeliveryPass({ workerId: id });
      } catch (error) {
        log.error('worker pass failed', errorFields(error));
      }
      // Busy: go again at once; idle: wait, but wake early on stop.
      if (claimed === 0 && running) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, options.pollMs ?? IDLE_POLL_MS).unref();
        });
      }
    }
  })();
  log.info('worker started', { workerId: id });
  return {
    id,
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
  };
}
