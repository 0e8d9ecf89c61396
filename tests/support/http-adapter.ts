import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FetchHandler = (request: Request) => Promise<Response>;

// The sandbox fakes take bodies up to this size in tests (the service's own limit applies to /v1).
const FAKE_MAX_BODY_BYTES = 16 * 1024 * 1024;

/** Serves a fetch handler from node:http with the production adapter (server/http/node-server.ts). */
export async function forward(req: IncomingMessage, res: ServerResponse, handle: FetchHandler): Promise<void> {
  const { serveFetchRequest } = await import('@/server/http/node-server');
  await serveFetchRequest(req, res, handle, FAKE_MAX_BODY_BYTES);
}

export interface HttpTestServer {
  baseUrl: string;
  close(): Promise<void>;
}

/** Serves one fetch handler on 127.0.0.1 with an ephemeral port. */
export async function serveFetchHandler(handle: FetchHandler): Promise<HttpTestServer> {
  const server = createServer((req, res) => void forward(req, res, handle));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
