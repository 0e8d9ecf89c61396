import 'server-only';
import { EnvError, getEnv } from './env';
import { errorFields, log } from './log';
import { ensureReady } from './services/bootstrap';
import { pointSandboxWebhooksAtService } from './services/sandbox-webhooks';

/** Start-up of the web process (called from instrumentation.ts). Exits the process when it cannot serve safely. */
export async function startService(): Promise<void> {
  try {
    const env = getEnv();
    process.env.NEXTAUTH_URL ??= env.baseUrl;
    await ensureReady();
    const sandboxWebhookTarget = pointSandboxWebhooksAtService();
    if (sandboxWebhookTarget) log.info('sandbox HubSpot webhooks go to the global hook', { target: sandboxWebhookTarget });
    if (env.WORKER_IN_PROCESS) {
      const { startWorker } = await import('./worker');
      const worker = startWorker();
      process.once('SIGTERM', () => void worker.stop());
    }
    log.info('service ready', { baseUrl: env.baseUrl, sandbox: env.SANDBOX, database: env.databasePath });
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`\n${error.message}\nThe service did not start. See docs/configuration.md.\n\n`);
    } else {
      log.error('start-up failed', errorFields(error));
    }
    process.exit(1);
  }
}
