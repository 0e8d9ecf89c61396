// The fake vendors as their own process, as a real vendor would be: a plain node:http server answering
// `/sandbox/<connectorId>/…` with server/connectors/sandbox.ts. Used by `npm run bench` (docs/benchmarks.md).
//
//   node --import tsx scripts/sandbox-server.ts --port 4010 [--host 127.0.0.1]
//
// Prints one line `sandbox-server listening on http://<host>:<port>` when ready. State is in memory.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleSandboxRequest } from '../server/connectors/sandbox';

process.env.SANDBOX = '1';

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? process.argv[index + 1] : undefined;
  return value ?? fallback;
}

const host = option('host', '127.0.0.1');
const port = Number(option('port', '0'));
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`sandbox-server: --port must be 0–65535, got ${option('port', '')}`);
  process.exit(2);
}

async function readBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

// The last vendor calls received (method, path with query, status), so the bench can see which raw calls a
// unified request makes: GET /__sandbox-server/requests lists them, DELETE forgets them.
interface RecordedRequest {
  method: string;
  path: string;
  status: number;
}
const recorded: RecordedRequest[] = [];
const RECORDED_MAX = 100;

function serveRecorded(req: IncomingMessage, res: ServerResponse): void {
  if (req.method === 'DELETE') recorded.length = 0;
  res.writeHead(req.method === 'DELETE' ? 204 : 200, { 'content-type': 'application/json' });
  res.end(req.method === 'DELETE' ? undefined : JSON.stringify(recorded));
}

/** node:http → fetch `Request`, run the fake, fetch `Response` → node:http. */
async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.url === '/__sandbox-server/requests') return serveRecorded(req, res);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(key, item));
    else if (value !== undefined) headers.set(key, value);
  }
  const body = await readBody(req);
  const request = new Request(`http://${req.headers.host ?? `${host}:${port}`}${req.url ?? '/'}`, {
    method: req.method ?? 'GET',
    headers,
    ...(body && body.length > 0 ? { body } : {}),
  });
  const response = await handleSandboxRequest(request);
  recorded.push({ method: request.method, path: req.url ?? '/', status: response.status });
  if (recorded.length > RECORDED_MAX) recorded.shift();
  res.statusCode = response.status;
  response.headers.forEach((value, key) => res.setHeader(key, value));
  res.end(req.method === 'HEAD' ? undefined : Buffer.from(await response.arrayBuffer()));
}

const server = createServer((req, res) => {
  serve(req, res).catch((error: unknown) => {
    console.error('sandbox-server: handler failed', error);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
    res.end('sandbox-server: internal error');
  });
});
server.keepAliveTimeout = 65_000;

server.listen(port, host, () => {
  const address = server.address() as AddressInfo;
  console.log(`sandbox-server listening on http://${host}:${address.port}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
