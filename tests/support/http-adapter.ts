import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

export type FetchHandler = (request: Request) => Promise<Response>;

/** Converts a node:http request into a fetch `Request`, runs the handler, and writes its `Response` back. */
export async function forward(req: IncomingMessage, res: ServerResponse, handle: FetchHandler): Promise<void> {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(key, item));
    else if (value !== undefined) headers.set(key, value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
    method: req.method ?? 'GET',
    headers,
    ...(hasBody ? { body: Readable.toWeb(req), duplex: 'half' } : {}),
  } as RequestInit);
  let response: Response;
  try {
    response = await handle(request);
  } catch (error) {
    // A handler that throws is a bug under test: answer 500 rather than leaving the client hanging.
    res.writeHead(500, { 'content-type': 'text/plain' }).end(error instanceof Error ? error.message : String(error));
    return;
  }
  res.statusCode = response.status;
  response.headers.forEach((value, key) => res.setHeader(key, value));
  res.end(Buffer.from(await response.arrayBuffer()));
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
