// `npm run worker`: the background worker as its own process (the web process runs one too unless
// WORKER_IN_PROCESS=0). Same environment as the service.
import { EnvError } from '../server/env';
import { ensureReady } from '../server/services/bootstrap';
import { startWorker } from '../server/worker';

async function main(): Promise<void> {
  try {
    await ensureReady();
  } catch (error) {
    process.stderr.write(`${error instanceof EnvError ? error.message : String(error)}\nThe worker did not start.\n`);
    process.exit(1);
  }
  const worker = startWorker();
  const stop = () => {
    void worker.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
