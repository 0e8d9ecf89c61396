#!/usr/bin/env node
// Serves the built app (`next build` must have run) for the Playwright tests: a fresh SQLite file in a temporary
// folder, a random master key, a known operator and key pair, on 127.0.0.1:3100. The folder is removed on exit.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const PORT = '3100';
const HOST = '127.0.0.1';
const baseUrl = `http://${HOST}:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'uis-e2e-'));

const env = {
  ...process.env,
  NODE_ENV: 'production',
  NEXT_TELEMETRY_DISABLED: '1',
  DATABASE_URL: `file:${join(dataDir, 'e2e.db')}`,
  ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  ADMIN_EMAIL: 'admin@example.com',
  ADMIN_PASSWORD: 'e2e-password-123',
  DEFAULT_API_KEY: 'pk_e2e_0123456789abcdefghij',
  DEFAULT_API_SECRET: 'sk_e2e_0123456789abcdefghijklmnopqrstuv',
  PORT,
  BASE_URL: baseUrl,
  // next-auth builds its callback URLs from this; it must match the address actually served.
  NEXTAUTH_URL: baseUrl,
  SANDBOX: '1',
};
// A secret from the developer's shell would outlive the fresh database; the service derives one instead.
delete env.NEXTAUTH_SECRET;

const server = spawn(process.execPath, [resolve('scripts/serve.mjs'), '-p', PORT, '-H', HOST], { stdio: 'inherit', env });

function cleanUp() {
  rmSync(dataDir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}

server.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 1 : 0));
});
