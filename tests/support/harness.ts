import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { forward } from './http-adapter';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const TEST_API_KEY = 'pk_test_0123456789abcdefghij';
export const TEST_API_SECRET = 'sk_test_0123456789abcdefghijklmnopqrstuv';

export interface TestService {
  baseUrl: string;
  dataDir: string;
  /** fetch against the service with the bootstrap key pair unless headers say otherwise. */
  call(path: string, init?: RequestInit & { auth?: boolean }): Promise<Response>;
  close(): Promise<void>;
}

/**
 * Boots the real /v1 pipeline on a real HTTP server against a fresh SQLite file. The environment is set before
 * the service modules load, exactly as `next start` would see it.
 */
export interface TestServiceOptions {
  /** Wraps the sandbox fakes' handler, e.g. to validate every vendor request and response against a vendor spec. */
  wrapSandbox?: (handler: (request: Request) => Promise<Response>) => (request: Request) => Promise<Response>;
}

export async function startTestService(env: Record<string, string> = {}, options: TestServiceOptions = {}): Promise<TestService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'uis-test-'));
  Object.assign(process.env, {
    NODE_ENV: 'test',
    DATABASE_URL: `file:${join(dataDir, 'test.db')}`,
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    DEFAULT_API_KEY: TEST_API_KEY,
    DEFAULT_API_SECRET: TEST_API_SECRET,
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'correct horse battery staple',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SANDBOX: '1',
    ...env,
  });
  // Listen first: the service's BASE_URL (its OAuth callback address) is this server's own address.
  const ready: {
    handlers?: { v1: (req: IncomingMessage, res: ServerResponse) => Promise<void>; sandbox: (request: Request) => Promise<Response> };
  } = {};
  const server: Server = createServer((req, res) => {
    // The same split as the production server (scripts/serve.mjs): /v1 is the API, /sandbox the fake vendors.
    if (!ready.handlers) res.writeHead(503).end();
    else if (req.url?.startsWith('/sandbox/')) void forward(req, res, ready.handlers.sandbox);
    else void ready.handlers.v1(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  // Vite sets BASE_URL to '/' in every test process; the service reads it as its public address.
  process.env.BASE_URL = baseUrl;

  // /v1 through the production server's own adapter (server/http/node-server.ts).
  const { serveV1 } = await import('@/server/http/node-server');
  const { handleSandboxRequest } = await import('@/server/connectors/sandbox');
  // As instrumentation.ts does at server start: migrate and bootstrap before the first request.
  const { ensureReady } = await import('@/server/services/bootstrap');
  await ensureReady();
  ready.handlers = { v1: serveV1, sandbox: options.wrapSandbox ? options.wrapSandbox(handleSandboxRequest) : handleSandboxRequest };
  return {
    baseUrl,
    dataDir,
    call(path, init = {}) {
      const headers = new Headers(init.headers);
      if (init.auth !== false) {
        if (!headers.has('x-api-key')) headers.set('x-api-key', TEST_API_KEY);
        if (!headers.has('x-api-secret')) headers.set('x-api-secret', TEST_API_SECRET);
      }
      return fetch(`${baseUrl}${path}`, { ...init, headers });
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      const { flushRequestLog } = await import('@/server/services/request-log');
      flushRequestLog();
      const { closeDb } = await import('@/server/db/client');
      closeDb();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
