import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
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
    // The production server (scripts/serve.mjs) answers /v1 with this, without Next.js's per-request routing.
    const { serveFetchRequest, serveV1 } = await import('./http/node-server');
    const handlers = globalThis as Record<symbol, unknown>;
    handlers[Symbol.for('uis.serveV1')] = serveV1;
    if (process.env.BENCH_ROUTES === '1') {
      // npm run bench's ceiling of the fast path: the same adapter around a constant answer (never in production).
      const constant = () => Promise.resolve(Response.json({ ok: true }, { headers: { 'cache-control': 'no-store' } }));
      handlers[Symbol.for('uis.serveBench')] = (req: IncomingMessage, res: ServerResponse) => serveFetchRequest(req, res, constant, 0);
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
