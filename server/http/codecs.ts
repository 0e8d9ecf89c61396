import { CompactSign, compactVerify } from 'jose';
import { AppError } from '../errors';

/**
 * Body codecs of every /v1 route (ARCHITECTURE.md, "Wire formats"): the same JSON document travels as
 * `application/json`, as `text/plain`, or as the payload of a compact HS256 JWS (`application/jwt`) keyed by
 * the credential the caller holds (the API secret, or the session token on session routes).
 */
export type MediaType = 'application/json' | 'application/jwt' | 'text/plain';
const SUPPORTED: readonly MediaType[] = ['application/json', 'application/jwt', 'text/plain'];

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

function mediaTypeOf(header: string): string {
  return (header.split(';')[0] ?? '').trim().toLowerCase();
}

/** The request's body codec, from `Content-Type`; a missing header means JSON. */
export function requestMediaType(contentType: string | null): MediaType {
  if (!contentType) return 'application/json';
  const type = mediaTypeOf(contentType);
  if ((SUPPORTED as readonly string[]).includes(type)) return type as MediaType;
  throw new AppError(
    'SERVICE::BAD_REQUEST',
    `header content-type: "${type}" is not supported; send application/json, application/jwt or text/plain`,
  );
}

/** The response codec, from `Accept` (quality values honoured); JSON when absent or `*\/*`. */
export function responseMediaType(accept: string | null): MediaType {
  if (!accept) return 'application/json';
  const ranges = accept
    .split(',')
    .map((part, order) => {
      const [type = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { type: type.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1, order };
    })
    .filter((range) => range.type && range.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const range of ranges) {
    if ((SUPPORTED as readonly string[]).includes(range.type)) return range.type as MediaType;
    if (range.type === '*/*' || range.type === 'application/*') return 'application/json';
    if (range.type === 'text/*') return 'text/plain';
  }
  throw new AppError(
    'SERVICE::BAD_REQUEST',
    `header accept: none of "${accept}" can be produced; accept application/json, application/jwt or text/plain`,
  );
}

function parseJsonDocument(text: string, what: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('SERVICE::BAD_REQUEST', `body: ${what} is not valid JSON`);
  }
}

/**
 * Decodes a request body. `signingKey` is the caller's credential for `application/jwt`; without one a JWT
 * body cannot be checked and is refused. An empty body decodes to `undefined`.
 */
export async function decodeBody(bytes: Uint8Array, type: MediaType, signingKey: string | undefined): Promise<unknown> {
  if (bytes.length === 0) return undefined;
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw new AppError('SERVICE::BAD_REQUEST', 'body: is not valid UTF-8');
  }
  if (type !== 'application/jwt') return parseJsonDocument(text, 'the document');
  if (!signingKey) throw new AppError('SERVICE::BAD_REQUEST', 'body: application/jwt needs a credential to verify it against');
  let payload: Uint8Array;
  try {
    const verified = await compactVerify(text.trim(), encoder.encode(signingKey), { algorithms: ['HS256'] });
    payload = verified.payload;
  } catch {
    throw new AppError(
      'SERVICE::BAD_REQUEST',
      'body: the JWS signature is invalid or the token is malformed (expected compact HS256 signed with your credential)',
    );
  }
  let payloadText: string;
  try {
    payloadText = decoder.decode(payload);
  } catch {
    throw new AppError('SERVICE::BAD_REQUEST', 'body: the JWS payload is not valid UTF-8');
  }
  return parseJsonDocument(payloadText, 'the JWS payload');
}

export interface EncodedBody {
  body: string;
  contentType: string;
}

/** Encodes a response document; falls back to JSON when JWT is asked for but no key is known (auth failed). */
/**
 * A body that is JSON text already (the proxy's vendor answer): sent as it came, without a parse and a
 * re-serialisation of what may be a large document.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

export async function encodeBody(document: unknown, type: MediaType, signingKey: string | undefined): Promise<EncodedBody> {
  const json = document instanceof JsonText ? document.text : JSON.stringify(document);
  if (type === 'application/jwt' && signingKey) {
    const jws = await new CompactSign(encoder.encode(json))
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(encoder.encode(signingKey));
    return { body: jws, contentType: 'application/jwt' };
  }
  if (type === 'text/plain') return { body: json, contentType: 'text/plain; charset=utf-8' };
  return { body: json, contentType: 'application/json; charset=utf-8' };
}

// Bodies the node fast path (server/http/node-server.ts) has read already: the Request it builds carries none, so
// the bytes are not copied into a web stream and read back out of it.
const bufferedBodies = new WeakMap<Request, Uint8Array>();

export function attachBufferedBody(request: Request, body: Uint8Array): void {
  bufferedBodies.set(request, body);
}

/** Reads a request body, refusing one larger than `limit` bytes before buffering it all. */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) throw tooLarge(limit);
  const buffered = bufferedBodies.get(request);
  if (buffered) {
    if (buffered.byteLength > limit) throw tooLarge(limit);
    return buffered;
  }
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function tooLarge(limit: number): AppError {
  // The rest of the body is not read: close the connection rather than leave it half-consumed for reuse.
  return new AppError('SERVICE::BAD_REQUEST', `body: larger than the limit of ${limit} bytes`, { headers: { connection: 'close' } });
}
