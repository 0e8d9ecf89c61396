import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorFields, log } from '../log';
import { getRuntime } from '../runtime';
import { attachBufferedBody } from './codecs';
import type { V1Reply } from './pipeline';
import { handleV1RequestReply } from './routes';

export type FetchHandler = (request: Request) => Promise<Response>;

/**
 * Serves /v1 straight from `node:http`: the production server's fast path (scripts/serve.mjs answers /v1 without
 * Next.js's per-request routing; docs/decisions.md, "The /v1 fast path"). The integration tests serve /v1 through
 * this same function.
 *
 * The body is buffered here (it is needed whole anyway: JSON, or the raw bytes a vendor signed), up to one byte
 * past MAX_BODY_BYTES: the pipeline then refuses it with its declared error, and the rest is never read.
 */
export function serveV1(req: IncomingMessage, res: ServerResponse): Promise<void> {
  return guarded(req, res, async () => {
    const body = await readCapped(req, getRuntime().env.MAX_BODY_BYTES + 1);
    const request = toRequest(req);
    // The pipeline reads the body through readBodyBytes, which takes these bytes instead of a web stream.
    if (body) attachBufferedBody(request, body);
    writeReply(req, res, await handleV1RequestReply(request));
  });
}

/** Any fetch-style handler from `node:http` (the tests serve the sandbox fakes with it), the body in the Request. */
export function serveFetchRequest(req: IncomingMessage, res: ServerResponse, handle: FetchHandler, maxBodyBytes: number): Promise<void> {
  return guarded(req, res, async () => {
    const body = await readCapped(req, maxBodyBytes + 1);
    const response = await handle(toRequest(req, body));
    const payload = response.body === null ? null : Buffer.from(await response.arrayBuffer());
    writeReply(req, res, { status: response.status, headers: response.headers, body: payload });
  });
}

async function guarded(req: IncomingMessage, res: ServerResponse, serve: () => Promise<void>): Promise<void> {
  try {
    await serve();
  } catch (error) {
    // The pipeline turns every error into a declared body; reaching here is a bug of ours, never the caller's.
    log.error('unhandled error serving a request', { path: req.url, ...errorFields(error) });
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const body = JSON.stringify({ error: 'SERVICE::UNKNOWN_ERROR', message: 'The request could not be processed' });
    res.writeHead(500, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)) }).end(body);
  }
}

function toRequest(req: IncomingMessage, body?: Uint8Array | null): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) headers.append(raw[index] as string, raw[index + 1] as string);
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
    method: req.method ?? 'GET',
    headers,
    ...(body && body.byteLength > 0 ? { body: new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength) } : {}),
  });
}

function writeReply(req: IncomingMessage, res: ServerResponse, reply: Omit<V1Reply, 'body'> & { body: string | Buffer | null }): void {
  const out: Record<string, string | string[]> = {};
  reply.headers.forEach((value, key) => {
    out[key] = key === 'set-cookie' ? reply.headers.getSetCookie() : value;
  });
  const payload =
    req.method === 'HEAD' || reply.body === null ? null : typeof reply.body === 'string' ? Buffer.from(reply.body) : reply.body;
  if (payload) out['content-length'] = String(payload.byteLength);
  res.writeHead(reply.status, out);
  res.end(payload ?? undefined);
}

/** The request body (null when there is none), but never more than `cap` bytes of it. */
function readCapped(req: IncomingMessage, cap: number): Promise<Buffer | null> {
  if (req.method === 'GET' || req.method === 'HEAD') return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = () => {
      req.off('data', onData);
      req.off('end', finish);
      // The error listener stays: a client that goes away after this must not become an unhandled 'error'.
      resolve(size === 0 ? null : chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.byteLength;
      if (size >= cap) {
        req.pause();
        finish();
      }
    };
    req.on('data', onData);
    req.on('end', finish);
    req.on('error', reject);
  });
}
