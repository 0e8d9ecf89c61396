#!/usr/bin/env node
// `npm run bench`: load figures of the production build on loopback, with the fake vendor as its own process
// (scripts/sandbox-server.ts), measured with autocannon. Writes docs/benchmarks.md. See that file for the method.
//
//   npm run bench [-- --duration 10 --warmup 2 --connections 1,16 --build --no-profile --no-write --keep]
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { measure } from './bench/load.mjs';
import { summariseProfile } from './bench/profile.mjs';
import { HOST, freePort, loadAverage, machine, snapshotBuild, startFake, startService, stop } from './bench/processes.mjs';
import { renderConsole, renderMarkdown } from './bench/report.mjs';
import { api, clearFakeRequests, connect, directToken, fakeRequests } from './bench/setup.mjs';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    // Rounds: every scenario is measured this many times, the rounds interleaved; the report shows the medians.
    repeat: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '1,16' },
    build: { type: 'boolean', default: false },
    'no-profile': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    out: { type: 'string', default: 'docs/benchmarks.md' },
  },
});
const seconds = Number(options.duration);
const warmupSeconds = Number(options.warmup);
const concurrencies = options.connections.split(',').map(Number);
const rounds = Number(options.repeat);
if (!(Number.isInteger(rounds) && rounds >= 1 && rounds <= 9)) {
  console.error('bench: --repeat 1–9');
  process.exit(2);
}
if (!(seconds > 0 && seconds <= 60) || !(warmupSeconds >= 0 && warmupSeconds <= 30) || concurrencies.some((c) => !(c >= 1 && c <= 256))) {
  console.error('bench: --duration 1–60, --warmup 0–30, --connections a list of 1–256');
  process.exit(2);
}

// The OAuth side of the two connectors the bench can use (server/connectors/<id>/declaration.ts).
const CONNECTORS = {
  hubspot: {
    connectorId: 'hubspot',
    authorizePath: '/oauth/authorize',
    tokenPath: '/oauth/v1/token',
    clientAuth: 'body',
    scopes: ['oauth', 'crm.objects.contacts.read', 'crm.schemas.contacts.read', 'crm.objects.contacts.write', 'crm.schemas.contacts.write'],
    operations: ['genericContact::list', 'genericContact::retrieve', 'genericContact::create'],
    contacts: {
      path: '/crm/v3/objects/contacts',
      seed: (i) => ({ properties: { email: `bench.contact${i}@example.com`, firstname: 'Bench', lastname: `Contact ${i}` } }),
    },
  },
  dialpad: {
    connectorId: 'dialpad',
    authorizePath: '/oauth2/authorize',
    tokenPath: '/oauth2/token',
    clientAuth: 'body',
    scopes: ['offline_access'],
    operations: ['genericContact::list', 'genericContact::retrieve', 'genericContact::create'],
    contacts: {
      path: '/api/v2/contacts',
      seed: (i) => ({ first_name: 'Bench', last_name: `Contact ${i}`, emails: [`bench.contact${i}@example.com`] }),
    },
    fallbackCall: '/api/v2/company',
  },
};

const children = [];
let workDir;

async function cleanUp() {
  for (const child of children.reverse()) await stop(child);
  if (workDir && !options.keep) rmSync(workDir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    void cleanUp().then(() => process.exit(130));
  });
}

function log(message) {
  console.log(`bench: ${message}`);
}

/** The bench needs the production build with app/internal/bench in it. */
async function ensureBuild() {
  // Someone else's `next build` holds .next/lock while it rewrites .next: wait for it (bounded) rather than race it.
  for (let waited = 0; existsSync('.next/lock') && waited < 300; waited += 2) {
    if (waited === 0) log('another next build is running (.next/lock); waiting for it…');
    await new Promise((wake) => setTimeout(wake, 2_000));
  }
  const manifest = '.next/app-path-routes-manifest.json';
  const hasBenchRoute = existsSync(manifest) && readFileSync(manifest, 'utf8').includes('/internal/bench/route');
  if (existsSync('.next/BUILD_ID') && hasBenchRoute && !options.build) return;
  log(options.build ? 'building (--build)…' : 'no production build with /internal/bench: running next build…');
  const build = spawnSync(resolve('node_modules/.bin/next'), ['build'], {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
    timeout: 300_000,
  });
  if (build.status !== 0) throw new Error('next build failed');
}

/** The newest source file that the build in .next does not include yet, if any (the bench measures the build). */
function newerSource() {
  const built = statSync('.next/BUILD_ID').mtimeMs;
  let newest;
  const visit = (path) => {
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry));
    } else if (/\.(ts|tsx|mjs|js|css)$/.test(path) && stat.mtimeMs > built && (!newest || stat.mtimeMs > newest.mtimeMs)) {
      newest = { path, mtimeMs: stat.mtimeMs };
    }
  };
  for (const root of ['app', 'server', 'components', 'instrumentation.ts', 'next.config.mjs']) if (existsSync(root)) visit(root);
  return newest;
}

function serviceEnv(servicePort, fakeBase, extra = {}) {
  const baseUrl = `http://${HOST}:${servicePort}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    DATABASE_URL: `file:${join(workDir, 'bench.db')}`,
    ENCRYPTION_KEY: service.encryptionKey,
    DEFAULT_API_KEY: service.apiKey,
    DEFAULT_API_SECRET: service.apiSecret,
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: `bench-${randomBytes(12).toString('hex')}`,
    PORT: String(servicePort),
    BASE_URL: baseUrl,
    NEXTAUTH_URL: baseUrl,
    SANDBOX: '1',
    LOG_LEVEL: 'warn',
    BENCH_ROUTES: '1',
    ...extra,
  };
  delete env.NEXTAUTH_SECRET;
  for (const connector of Object.values(CONNECTORS)) {
    const prefix = `CONNECTOR_${connector.connectorId.toUpperCase()}`;
    const base = `${fakeBase}/sandbox/${connector.connectorId}`;
    env[`${prefix}_AUTHORIZE_URL`] = `${base}${connector.authorizePath}`;
    env[`${prefix}_TOKEN_URL`] = `${base}${connector.tokenPath}`;
    env[`${prefix}_BASE_URL`] = base;
  }
  return env;
}

const service = {
  baseUrl: '',
  apiKey: `pk_bench_${randomBytes(12).toString('hex')}`,
  apiSecret: `sk_bench_${randomBytes(24).toString('hex')}`,
  encryptionKey: randomBytes(32).toString('base64'),
};

const ownerId = (connectorId) => `bench-${connectorId}`;

/** `/sandbox/<id>/p?a=1&a=2` → `{ path: '/p', query: { a: ['1', '2'] } }`, relative to the connector's API base. */
function vendorCall(connectorId, recordedPath) {
  const url = new URL(recordedPath, 'http://fake');
  const prefix = `/sandbox/${connectorId}`;
  const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) || '/' : url.pathname;
  const query = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    query[key] = all.length === 1 ? all[0] : all;
  }
  return { path, query, search: url.search };
}

async function listContacts(connectorId) {
  return api(service, '/v1/resources/genericContact?limit=20', {
    headers: { 'x-connector-id': connectorId, 'x-owner-id': ownerId(connectorId) },
  });
}

const dataLength = (body) => (Array.isArray(body?.data) ? body.data.length : Array.isArray(body?.results) ? body.results.length : -1);

/** Finds a connector whose `GET /v1/resources/genericContact` works, seeded with 20 contacts; else undefined. */
async function chooseContactsConnector(fakeBase, notes) {
  for (const connector of Object.values(CONNECTORS)) {
    const { connectorId } = connector;
    let listed = await listContacts(connectorId);
    if (listed.status !== 200) {
      notes.push(`${connectorId}: GET /v1/resources/genericContact answered ${listed.status} (${listed.body?.error ?? ''}).`);
      continue;
    }
    if (dataLength(listed.body) < 20) {
      for (let i = 1; i <= 20; i += 1) {
        const created = await api(service, '/v1/proxy', {
          method: 'POST',
          headers: { 'x-connector-id': connectorId, 'x-owner-id': ownerId(connectorId) },
          body: JSON.stringify({ method: 'POST', path: connector.contacts.path, data: connector.contacts.seed(i) }),
        });
        if (created.status >= 300)
          throw new Error(`seeding ${connectorId} contact ${i}: ${created.status} ${JSON.stringify(created.body)}`);
      }
      listed = await listContacts(connectorId);
    }
    if (dataLength(listed.body) < 20) notes.push(`${connectorId}: the list answered ${dataLength(listed.body)} contacts, not 20.`);
    // The calls of a list in steady state: the lists above warmed what the connector caches (HubSpot's property
    // definitions, one minute per connection), as a busy service would have.
    await clearFakeRequests(fakeBase);
    await listContacts(connectorId);
    const calls = (await fakeRequests(fakeBase)).filter((call) => call.path.startsWith(`/sandbox/${connectorId}/`));
    const gets = calls.filter((call) => call.method === 'GET' && call.status >= 200 && call.status < 300);
    if (gets.length === 0 || gets.length !== calls.length) {
      throw new Error(`${connectorId}: the unified list made calls the bench cannot replay: ${JSON.stringify(calls)}`);
    }
    return { connector, calls, raw: gets.map((call) => vendorCall(connectorId, call.path)), count: dataLength(listed.body) };
  }
  return undefined;
}

/** autocannon targets for every scenario. */
function targets({ contacts, proxied, tokens, fakeBase }) {
  const keyPair = { 'x-api-key': service.apiKey, 'x-api-secret': service.apiSecret };
  const direct = (connectorId, call) => ({
    url: `${fakeBase}/sandbox/${connectorId}${call.path}${call.search}`,
    headers: { authorization: `Bearer ${tokens[connectorId]}`, accept: 'application/json' },
  });
  const list = [];
  list.push({ id: 'd', label: '(d) bare route handler (ceiling)', side: 'service', target: { url: `${service.baseUrl}/internal/bench` } });
  // The ceiling of the /v1 fast path (scripts/serve.mjs): node:http and the same fetch adapter, a constant answer.
  list.push({
    id: 'd-fast',
    label: "(d') bare handler on the /v1 fast path (ceiling of /v1)",
    side: 'service',
    target: { url: `${service.baseUrl}/internal/bench-fast` },
  });
  const { connectorId, call } = proxied;
  list.push({
    id: 'a-direct',
    label: `(a) direct: GET ${call.path}${call.search} (${connectorId} fake)`,
    side: 'fake',
    target: direct(connectorId, call),
  });
  list.push({
    id: 'a-proxy',
    label: `(a) POST /v1/proxy → GET ${call.path}`,
    side: 'service',
    baseline: 'a-direct',
    target: {
      url: `${service.baseUrl}/v1/proxy`,
      method: 'POST',
      headers: { ...keyPair, 'x-connector-id': connectorId, 'x-owner-id': ownerId(connectorId), 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'GET', path: call.path, query: call.query }),
    },
  });
  if (contacts) {
    const id = contacts.connector.connectorId;
    const [first] = contacts.raw;
    const same = contacts.raw.length === 1 && id === connectorId && first.path === call.path && first.search === call.search;
    if (!same) {
      const one = direct(id, first);
      list.push({
        id: 'b-direct',
        label: `(b) direct: ${contacts.raw.map((raw) => `GET ${raw.path}${raw.search}`).join(' + ')} (${id} fake)`,
        side: 'fake',
        target:
          contacts.raw.length === 1
            ? one
            : {
                url: `${fakeBase}/`,
                requests: contacts.raw.map((raw) => ({
                  method: 'GET',
                  path: `/sandbox/${id}${raw.path}${raw.search}`,
                  headers: one.headers,
                })),
              },
      });
    }
    list.push({
      id: 'b-unified',
      label: `(b) GET /v1/resources/genericContact?limit=20 (${id})`,
      side: 'service',
      baseline: same ? 'a-direct' : 'b-direct',
      target: {
        url: `${service.baseUrl}/v1/resources/genericContact?limit=20`,
        headers: { ...keyPair, 'x-connector-id': id, 'x-owner-id': ownerId(id) },
      },
    });
  }
  const connectionOf = contacts?.connector.connectorId ?? connectorId;
  list.push({
    id: 'c',
    label: `(c) GET /v1/connections/${connectionOf}/${ownerId(connectionOf)}`,
    side: 'service',
    target: { url: `${service.baseUrl}/v1/connections/${connectionOf}/${ownerId(connectionOf)}`, headers: keyPair },
  });
  return list;
}

const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The rounds of one scenario at one concurrency as one result: medians of the figures, sums of the counts. */
function medianOfRuns(list) {
  const statuses = {};
  for (const run of list) for (const [status, count] of Object.entries(run.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  const sum = (key) => list.reduce((total, run) => total + run[key], 0);
  return {
    ...list[0],
    rounds: list.length,
    seconds: sum('seconds'),
    requests: sum('requests'),
    ok: sum('ok'),
    errors: sum('errors'),
    timeouts: sum('timeouts'),
    statuses,
    rps: median(list.map((run) => run.rps)),
    p50: median(list.map((run) => run.p50)),
    p99: median(list.map((run) => run.p99)),
    serviceCpuMs: median(list.map((run) => run.serviceCpuMs)),
    fakeCpuMs: median(list.map((run) => run.fakeCpuMs)),
    serviceCpuUtil: median(list.map((run) => run.serviceCpuUtil)),
  };
}

/** One request of each scenario before any load: it must answer 2xx. Answers the body size in bytes. */
async function sanityCheck(scenario) {
  const { target } = scenario;
  const calls = target.requests
    ? target.requests.map((request) => ({ ...request, url: new URL(request.path, target.url).toString() }))
    : [target];
  let bytes = 0;
  for (const call of calls) {
    const response = await fetch(call.url, {
      method: call.method ?? 'GET',
      headers: call.headers,
      ...(call.body !== undefined ? { body: call.body } : {}),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${scenario.label}: HTTP ${response.status} ${text.slice(0, 400)}`);
    bytes += Buffer.byteLength(text);
  }
  return bytes;
}

function newestProfile(dir) {
  if (!existsSync(dir)) return undefined;
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => join(dir, name))
    .sort((a, b) => statSync(b).size - statSync(a).size);
  return files[0];
}

async function main() {
  const startedAt = new Date();
  await ensureBuild();
  const loadBefore = loadAverage();
  const stale = newerSource();
  workDir = mkdtempSync(join(tmpdir(), 'uis-bench-'));
  if (options.keep) log(`keeping ${workDir} (database, CPU profile)`);
  const projectDir = snapshotBuild(join(workDir, 'build'));
  const fakePort = await freePort();
  const fakeBase = `http://${HOST}:${fakePort}`;
  const fake = await startFake(fakePort);
  children.push(fake);
  log(`fake vendor process pid ${fake.pid} on ${fakeBase}`);

  const servicePort = await freePort();
  service.baseUrl = `http://${HOST}:${servicePort}`;
  let next = await startService(servicePort, serviceEnv(servicePort, fakeBase), [], projectDir);
  children.push(next);
  log(`service (scripts/serve.mjs) pid ${next.pid} on ${service.baseUrl}`);

  const notes = [];
  if (stale) {
    const message = `The build in .next (${statSync('.next/BUILD_ID').mtime.toISOString()}) is older than ${stale.path} (${new Date(stale.mtimeMs).toISOString()}): the figures are for the build; \`npm run bench -- --build\` rebuilds first.`;
    notes.push(message);
    log(`warning: ${message}`);
  }
  for (const connector of Object.values(CONNECTORS)) {
    await connect(service, {
      connectorId: connector.connectorId,
      ownerId: ownerId(connector.connectorId),
      operations: connector.operations,
    });
  }
  log('connections created and authorized through the API (OAuth, prompt=none)');

  const contacts = await chooseContactsConnector(fakeBase, notes);
  let proxied;
  if (contacts) {
    // (a) proxies the list call itself (not a helper call such as a field-definition lookup).
    const listCall = contacts.raw.find((raw) => raw.path === contacts.connector.contacts.path) ?? contacts.raw[contacts.raw.length - 1];
    proxied = { connectorId: contacts.connector.connectorId, call: listCall };
    log(
      `(b) uses ${contacts.connector.connectorId}: the unified list makes ${contacts.calls.length} vendor call(s): ${contacts.calls.map((c) => `${c.method} ${c.path}`).join(', ')}`,
    );
  } else {
    notes.push('No connector answered GET /v1/resources/genericContact yet: (b) was not measured.');
    proxied = { connectorId: 'dialpad', call: { path: CONNECTORS.dialpad.fallbackCall, query: {}, search: '' } };
  }
  const tokens = {};
  for (const connector of Object.values(CONNECTORS)) tokens[connector.connectorId] = await directToken(fakeBase, connector);

  const scenarios = targets({ contacts, proxied, tokens, fakeBase });
  for (const scenario of scenarios) scenario.bytes = await sanityCheck(scenario);

  // Every scenario of one concurrency is measured in turn, the direct run just before the one through the service;
  // the whole sequence runs `rounds` times, so a slow moment of the shared machine hits one round, not one scenario.
  const pids = { service: next.pid, fake: fake.pid };
  const runs = new Map();
  for (let round = 1; round <= rounds; round += 1) {
    for (const connections of concurrencies) {
      for (const scenario of scenarios) {
        const result = await measure(scenario.target, { connections, warmupSeconds, seconds, pids });
        const key = `${scenario.id}@${connections}`;
        runs.set(key, [...(runs.get(key) ?? []), { ...result, id: scenario.id }]);
        log(
          `round ${round}/${rounds} ${scenario.id.padEnd(9)} c=${String(connections).padEnd(2)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${result.p50.toFixed(2)} ms  p99 ${result.p99.toFixed(2)} ms  service CPU ${result.serviceCpuMs.toFixed(3)} ms/req${result.ok === result.requests ? '' : `  NON-2XX ${JSON.stringify(result.statuses)}`}`,
        );
        if (result.ok !== result.requests || result.errors > 0) {
          notes.push(
            `${scenario.id} at c=${connections}, round ${round}: statuses ${JSON.stringify(result.statuses)}, errors ${result.errors}, timeouts ${result.timeouts}.`,
          );
        }
      }
    }
  }
  const results = [...runs.values()].map(medianOfRuns);
  for (const connections of concurrencies) {
    const proxy = runs.get(`a-proxy@${connections}`);
    if (proxy && rounds > 1) {
      notes.push(
        `(a) proxy at c=${connections}, service CPU per request in each round: ${proxy.map((run) => run.serviceCpuMs.toFixed(3)).join(', ')} ms (the tables show the median).`,
      );
    }
  }

  let profile;
  if (!options['no-profile']) {
    await stop(next);
    children.splice(children.indexOf(next), 1);
    const profileDir = join(workDir, 'cpu-profile');
    mkdirSync(profileDir, { recursive: true });
    // --cpu-prof is refused in NODE_OPTIONS on Node 20: it goes on the command line of the service process.
    next = await startService(servicePort, serviceEnv(servicePort, fakeBase), ['--cpu-prof', `--cpu-prof-dir=${profileDir}`], projectDir);
    children.push(next);
    const scenario = scenarios.find((candidate) => candidate.id === 'a-proxy');
    // A longer warm-up: Next loads the other route modules lazily after its first requests; keep that out of the window.
    const run = await measure(scenario.target, {
      connections: 1,
      warmupSeconds: Math.max(warmupSeconds, 4),
      seconds,
      pids: { service: next.pid, fake: fake.pid },
    });
    await stop(next);
    children.splice(children.indexOf(next), 1);
    const file = newestProfile(profileDir);
    if (file) {
      profile = summariseProfile(file, { root: projectDir, requests: run.requests, windowUs: run.windowUs });
      profile.run = run;
      log(
        `profile ${file} (windowed: ${profile.windowed}) of (a) proxy at c=1 under --cpu-prof: ${run.requests} requests, ${(profile.busyMs / run.requests).toFixed(3)} ms busy per request`,
      );
    } else notes.push('--cpu-prof wrote no profile.');
  }

  const report = {
    startedAt,
    machine: machine(),
    load: { before: loadBefore, after: loadAverage() },
    command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
    seconds,
    warmupSeconds,
    rounds,
    concurrencies,
    scenarios: scenarios.map(({ id, label, side, baseline, bytes }) => ({ id, label, side, baseline, bytes })),
    results,
    contacts: contacts ? { connectorId: contacts.connector.connectorId, calls: contacts.calls, count: contacts.count } : undefined,
    proxied,
    notes,
    profile,
  };
  console.log(renderConsole(report));
  if (!options['no-write']) {
    const out = resolve(options.out);
    const previous = existsSync(out) ? readFileSync(out, 'utf8') : '';
    writeFileSync(out, renderMarkdown(report, previous));
    // The repository's formatter has the last word on tables (`npm run lint` checks docs/ too).
    spawnSync(resolve('node_modules/.bin/prettier'), ['--write', out], { stdio: 'ignore', timeout: 60_000 });
    log(`wrote ${options.out}`);
  }
}

// Every load run is bounded by autocannon's duration; this bounds the whole bench as well.
const watchdog = setTimeout(() => {
  console.error('bench: still running after 9 minutes; stopping');
  void cleanUp().then(() => process.exit(1));
}, 9 * 60_000);
watchdog.unref();

try {
  await main();
  await cleanUp();
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  for (const child of children) if (child.output) console.error(child.output());
  await cleanUp();
  process.exit(1);
}
