#!/usr/bin/env node
// `npm start`: the production server (run `next build` first). Next.js serves the dashboard, its API routes and
// the sandbox fakes as usual; /v1 is answered straight from node:http by the same pipeline the route handler
// app/v1/[[...path]]/route.ts uses, which saves Next.js's per-request routing on every API call
// (docs/decisions.md, "The /v1 fast path"; figures in docs/benchmarks.md).
//
//   node scripts/serve.mjs [-p PORT] [-H HOST]      (or PORT / HOST in the environment; default 3000, 0.0.0.0)
import { createServer } from 'node:http';

process.env.NODE_ENV = 'production';
process.env.NEXT_TELEMETRY_DISABLED ??= '1';

function option(short, long, fallback) {
  for (const name of [short, long]) {
    const index = process.argv.indexOf(name);
    if (index >= 0 && process.argv[index + 1]) return process.argv[index + 1];
  }
  return fallback;
}

const port = Number(option('-p', '--port', process.env.PORT ?? '3000'));
// HOST, not HOSTNAME: shells and containers set HOSTNAME to the machine's name.
const hostname = option('-H', '--hostname', process.env.HOST ?? '0.0.0.0');
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`serve: the port must be 0–65535, got ${port}`);
  process.exit(2);
}
process.env.PORT = String(port);

const { default: next } = await import('next');
// The project folder is the working directory, as for `next start` (`npm start` runs from the project root).
const app = next({ dev: false, dir: process.cwd(), hostname, port });
const handleWithNext = app.getRequestHandler();
// Runs instrumentation.ts: configuration check, migrations, first-start bootstrap, the in-process worker, and
// the registration of the /v1 handler used below.
await app.prepare();

const FAST_V1 = Symbol.for('uis.serveV1');
// Registered only with BENCH_ROUTES=1 (npm run bench): a constant answer through the fast path's adapter.
const BENCH = Symbol.for('uis.serveBench');
const isV1 = (url) => url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');

const server = createServer((req, res) => {
  const serveV1 = globalThis[FAST_V1];
  if (serveV1 && isV1(req.url ?? '')) void serveV1(req, res);
  else if (globalThis[BENCH] && req.url === '/internal/bench-fast') void globalThis[BENCH](req, res);
  else void handleWithNext(req, res);
});

server.listen(port, hostname, () => {
  console.log(`▲ ready on http://${hostname}:${server.address().port}`);
});

function shutDown() {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 10_000).unref();
}
process.once('SIGTERM', shutDown);
process.once('SIGINT', shutDown);
