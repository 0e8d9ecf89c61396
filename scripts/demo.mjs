#!/usr/bin/env node
// `npm run demo`: build, then serve in sandbox mode on the embedded SQLite default. The database is created or
// migrated and the first organization bootstrapped when the server starts (instrumentation.ts).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', SANDBOX: process.env.SANDBOX ?? '1' };
env.PORT ??= '3000';
env.DATABASE_URL ??= 'file:./data/unified.db';
env.BASE_URL ??= `http://localhost:${env.PORT}`;
env.NEXTAUTH_URL ??= env.BASE_URL;
env.NODE_ENV = 'production';

const dataDir = dirname(resolve(env.DATABASE_URL.replace(/^file:(\/\/)?/, '')));
mkdirSync(dataDir, { recursive: true });

if (!env.ENCRYPTION_KEY) {
  const keyFile = resolve(dataDir, 'encryption.key');
  if (!existsSync(keyFile)) {
    writeFileSync(keyFile, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    console.log(`demo: generated a new ENCRYPTION_KEY into ${keyFile} (keep it: without it the stored secrets cannot be read)`);
  }
  env.ENCRYPTION_KEY = readFileSync(keyFile, 'utf8').trim();
}

const nextBin = resolve('node_modules/.bin/next');
console.log('demo: building the application (next build)…');
const build = spawnSync(nextBin, ['build'], { stdio: 'inherit', env });
if (build.status !== 0) {
  console.error('demo: the build failed');
  process.exit(build.status ?? 1);
}

console.log(`demo: serving on ${env.BASE_URL} (sandbox mode ${env.SANDBOX === '1' ? 'on' : 'off'})`);
const server = spawn(process.execPath, [resolve('scripts/serve.mjs'), '-p', env.PORT], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
