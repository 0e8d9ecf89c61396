// Shared pieces of the reliability scenarios (docs/reliability.md): the production server on loopback with a fresh
// SQLite file, a local webhook receiver that checks Standard Webhooks signatures, a HubSpot connection authorized
// through the sandbox, signed HubSpot global-hook events, and clean-up of every process and folder by pid/path.
import { spawn } from 'node:child_process';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';

export const HOST = '127.0.0.1';
// The app to serve: this checkout, or a copy of it (RELIABILITY_APP_DIR) so a build does not replace one in use.
export const APP_DIR = resolve(process.env.RELIABILITY_APP_DIR ?? '.');
export const API_KEY = 'pk_reliability_0123456789abcdef';
export const API_SECRET = 'sk_reliability_0123456789abcdefghijklmnop';
// The sandbox's HubSpot app secret: the global hook verifies signatures with it (server/connectors/hubspot/webhooks.ts).
export const HUBSPOT_CLIENT_SECRET = 'sandbox-hubspot-secret';
export const WEBHOOK_SECRET = `whsec_${randomBytes(32).toString('base64')}`;

const cleanups = [];

/** Registers a clean-up step; all run once, in reverse order, on exit, on a signal and on the hard timeout. */
export function onCleanup(step) {
  cleanups.push(step);
}

let cleaned = false;
export function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  for (const step of cleanups.reverse()) {
    try {
      step();
    } catch {
      // Clean-up is best effort: one failing step must not keep the others from running.
    }
  }
}

/** Bounds the whole scenario: past `ms` every child is killed, temp folders removed, and the script exits 2. */
export function hardTimeout(ms, name) {
  const timer = setTimeout(() => {
    process.stderr.write(`${name}: hard timeout after ${ms / 1000} s, stopping\n`);
    cleanUp();
    process.exit(2);
  }, ms);
  timer.unref();
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      cleanUp();
      process.exit(130);
    });
  }
  process.once('exit', cleanUp);
}

export const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

export function tempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export function freePort() {
  return new Promise((done, fail) => {
    const server = createNetServer();
    server.once('error', fail);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** Waits until `check()` is truthy, polling every `everyMs`; throws past `timeoutMs`. */
export async function waitFor(check, { timeoutMs, everyMs = 100, what }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

function newestSourceMs(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceMs(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** The production build's id; `next build` runs first when `.next` is missing or older than the sources. */
export async function ensureBuild() {
  const buildIdFile = join(APP_DIR, '.next/BUILD_ID');
  const sources = ['app', 'server', 'components', 'instrumentation.ts'].map((name) => join(APP_DIR, name)).filter(existsSync);
  const newest = Math.max(...sources.map((path) => (statSync(path).isDirectory() ? newestSourceMs(path) : statSync(path).mtimeMs)));
  if (existsSync(buildIdFile) && statSync(buildIdFile).mtimeMs >= newest) return readFileSync(buildIdFile, 'utf8').trim();
  process.stdout.write(`the production build in ${APP_DIR} is missing or older than the sources: running next build\n`);
  await new Promise((done, fail) => {
    const child = spawn(join(APP_DIR, 'node_modules/.bin/next'), ['build'], {
      cwd: APP_DIR,
      stdio: 'inherit',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    });
    onCleanup(() => child.exitCode === null && child.kill('SIGKILL'));
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`next build exited ${code}`))));
  });
  return readFileSync(buildIdFile, 'utf8').trim();
}

/**
 * Starts the service on `port` against the SQLite file in `dataDir` and resolves when it answers an authenticated
 * request. The same `dataDir` and `encryptionKey` restart it on the same database.
 */
export async function startService({ port, dataDir, encryptionKey, env = {} }) {
  const baseUrl = `http://${HOST}:${port}`;
  // `npm start`'s server (scripts/serve.mjs).
  const child = spawn(process.execPath, [join(APP_DIR, 'scripts/serve.mjs'), '-p', String(port), '-H', HOST], {
    cwd: APP_DIR,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      DATABASE_URL: `file:${join(dataDir, 'service.db')}`,
      ENCRYPTION_KEY: encryptionKey,
      DEFAULT_API_KEY: API_KEY,
      DEFAULT_API_SECRET: API_SECRET,
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'reliability-password-123',
      BASE_URL: baseUrl,
      NEXTAUTH_URL: baseUrl,
      SANDBOX: '1',
      WORKER_IN_PROCESS: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  onCleanup(() => child.exitCode === null && child.signalCode === null && process.kill(child.pid, 'SIGKILL'));
  const started = Date.now();
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`the service exited ${child.exitCode}:\n${output.join('').slice(-2000)}`);
      try {
        return (await fetch(`${baseUrl}/v1/connections`, { headers: { 'x-api-key': API_KEY, 'x-api-secret': API_SECRET } })).status === 200;
      } catch {
        return false;
      }
    },
    { timeoutMs: 60_000, everyMs: 100, what: 'the service to answer' },
  );
  return { child, pid: child.pid, baseUrl, readyMs: Date.now() - started, output: () => output.join('') };
}

export function api(baseUrl, path, { method = 'GET', body, headers = {} } = {}) {
  return fetch(`${baseUrl}${path}`, {
    method,
    redirect: 'manual',
    headers: { 'x-api-key': API_KEY, 'x-api-secret': API_SECRET, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

/**
 * A HubSpot connection authorized through the sandbox fake (prompt=none approves at once), subscribed to `events`.
 * Answers the organization id and the portal id the global hook routes by, read from the database (read-only).
 */
export async function hubspotConnection({ baseUrl, dataDir, ownerId, events }) {
  const expectStatus = async (response, status, what) => {
    if (response.status !== status) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
    return response;
  };
  await expectStatus(
    await api(baseUrl, '/v1/connections', {
      method: 'POST',
      body: { connectorId: 'hubspot', ownerId, operations: ['genericContact::list'] },
    }),
    201,
    'create connection',
  );
  const authorization = await (
    await expectStatus(
      await api(baseUrl, `/v1/connections/hubspot/${ownerId}/authorization`, { method: 'POST', body: {} }),
      200,
      'authorize',
    )
  ).json();
  const vendorUrl = new URL(authorization.authorizationUrl);
  vendorUrl.searchParams.set('prompt', 'none');
  vendorUrl.searchParams.set('login_hint', `${ownerId}@reliability.example.com`);
  const toCallback = await fetch(vendorUrl, { redirect: 'manual' });
  const back = await fetch(toCallback.headers.get('location'), { redirect: 'manual' });
  const final = new URL(back.headers.get('location'), baseUrl);
  if (final.searchParams.get('status') !== 'authorized') throw new Error(`authorization did not complete: ${final}`);
  await expectStatus(
    await api(baseUrl, '/v1/webhooks', {
      method: 'POST',
      body: { events },
      headers: { 'x-connector-id': 'hubspot', 'x-owner-id': ownerId },
    }),
    200,
    'subscribe',
  );
  const db = new Database(join(dataDir, 'service.db'), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        `select organization_id as organizationId, json_extract(identity, '$.portalId') as portalId from connections where owner_id = ?`,
      )
      .get(ownerId);
    return { organizationId: row.organizationId, portalId: Number(row.portalId) };
  } finally {
    db.close();
  }
}

/** Reads the service's database read-only (WAL lets it run beside the live server). */
export function readDatabase(dataDir, query, ...params) {
  const db = new Database(join(dataDir, 'service.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(query).all(...params);
  } finally {
    db.close();
  }
}

/** HubSpot's v3 signature: base64 HMAC-SHA256 of method + URI + body + timestamp with the app's client secret. */
function signV3(uri, body, timestamp) {
  return createHmac('sha256', HUBSPOT_CLIENT_SECRET).update(`POST${uri}${body}${timestamp}`).digest('base64');
}

/**
 * Sends one HubSpot `contact.creation` event for `objectId` to the organization's global hook, freshly signed (as
 * HubSpot signs each retry anew). Answers the HTTP status (0 when the connection failed) and the service's answer.
 */
export async function sendHubspotCreation({ baseUrl, organizationId, portalId, eventId, objectId, timeoutMs = 15_000 }) {
  const path = `/v1/hook/${organizationId}/prod/hubspot/global/main`;
  const body = JSON.stringify([
    {
      eventId,
      subscriptionId: 1,
      portalId,
      appId: 1,
      occurredAt: Date.now(),
      subscriptionType: 'contact.creation',
      attemptNumber: 0,
      objectId,
      changeSource: 'CRM',
    },
  ]);
  const timestamp = String(Date.now());
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hubspot-signature-v3': signV3(`${baseUrl}${path}`, body, timestamp),
        'x-hubspot-request-timestamp': timestamp,
      },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let answer = {};
    try {
      answer = JSON.parse(text);
    } catch {
      // Not JSON: only the status counts.
    }
    return { status: response.status, answer };
  } catch {
    return { status: 0, answer: {} };
  }
}

/** Standard Webhooks check: `v1,<base64 HMAC-SHA256(id.timestamp.body)>` keyed by the base64 part of whsec_…. */
function isSignedBy(secret, headers, body) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const expected = Buffer.from(
    `v1,${createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64'))
      .update(`${id}.${timestamp}.${body}`)
      .digest('base64')}`,
  );
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .some((candidate) => candidate.length === expected.length && timingSafeEqual(Buffer.from(candidate), expected));
}

/**
 * A local webhook endpoint: records every delivery (arrival time, delivery id, event id, object id) and answers
 * 204, after `delayMs` (a slower endpoint keeps more attempts in flight). `start()` and `stop()` let a scenario
 * take it down and bring it back on the same port.
 */
export function webhookReceiver(port, { secret = WEBHOOK_SECRET, delayMs = 0 } = {}) {
  const received = [];
  let badSignatures = 0;
  let server;
  const sockets = new Set();
  const handle = (req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const at = performance.now();
      const body = Buffer.concat(chunks).toString('utf8');
      if (!isSignedBy(secret, req.headers, body)) badSignatures += 1;
      let event = {};
      try {
        event = JSON.parse(body);
      } catch {
        // Counted as a bad signature or ignored: the service only sends JSON.
      }
      received.push({ at, wallAt: Date.now(), deliveryId: req.headers['webhook-id'], eventId: event.id, objectId: event.data?.remote?.id });
      if (delayMs > 0) setTimeout(() => res.writeHead(204).end(), delayMs);
      else res.writeHead(204).end();
    });
  };
  const receiver = {
    url: `http://${HOST}:${port}/hooks`,
    received,
    badSignatures: () => badSignatures,
    start: () =>
      new Promise((done, fail) => {
        server = createServer(handle);
        server.on('connection', (socket) => {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
        });
        server.once('error', fail);
        server.listen(port, HOST, done);
      }),
    stop: () =>
      new Promise((done) => {
        if (!server) return done();
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
        server = undefined;
      }),
  };
  onCleanup(() => server?.close());
  return receiver;
}

/** Runs `task(item)` over items with at most `limit` in flight; `shouldStop()` ends dispatching early. */
export async function runBounded(items, limit, task, shouldStop = () => false) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length && !shouldStop()) {
        const item = items[next++];
        await task(item);
      }
    }),
  );
}

export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The machine, with the 1-minute load average: other work on it inflates every figure. */
export function machine() {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return `${cpus().length} cores (${cpu}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${process.platform}, load ${loadavg()[0]?.toFixed(2)}`;
}

/** Prints rows as an aligned two-column table. */
export function printTable(title, rows) {
  const width = Math.max(...rows.map(([key]) => key.length));
  process.stdout.write(`\n${title}\n${'-'.repeat(title.length)}\n`);
  for (const [key, value] of rows) process.stdout.write(`${key.padEnd(width)}  ${value}\n`);
}

export function newEncryptionKey() {
  return randomBytes(32).toString('base64');
}
