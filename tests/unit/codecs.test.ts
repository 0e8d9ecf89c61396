import { CompactSign, compactVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { decodeBody, encodeBody, readBodyBytes, requestMediaType, responseMediaType } from '@/server/http/codecs';
import { AppError } from '@/server/errors';

const KEY = 'sk_test_secret_value';
const bytes = (text: string) => new TextEncoder().encode(text);
const doc = { operations: ['genericContact::list'], nested: { n: 1 } };

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return error instanceof AppError ? `${error.code} ${error.status}: ${error.message}` : 'other';
  }
}

describe('request media type', () => {
  it('takes the three declared types, with parameters, and JSON when absent', () => {
    expect(requestMediaType('application/json; charset=utf-8')).toBe('application/json');
    expect(requestMediaType('APPLICATION/JWT')).toBe('application/jwt');
    expect(requestMediaType('text/plain')).toBe('text/plain');
    expect(requestMediaType(null)).toBe('application/json');
  });

  it('refuses any other type naming the header', () => {
    expect(() => requestMediaType('application/x-www-form-urlencoded')).toThrow(/header content-type/);
  });
});

describe('response media type', () => {
  it('follows Accept with quality values and defaults to JSON', () => {
    expect(responseMediaType(null)).toBe('application/json');
    expect(responseMediaType('*/*')).toBe('application/json');
    expect(responseMediaType('application/jwt')).toBe('application/jwt');
    expect(responseMediaType('text/plain;q=0.5, application/jwt;q=0.9')).toBe('application/jwt');
    expect(responseMediaType('text/*')).toBe('text/plain');
  });

  it('refuses an Accept it cannot satisfy', () => {
    expect(() => responseMediaType('application/xml')).toThrow(/header accept/);
  });
});

describe('JSON codec', () => {
  it('decodes and encodes the document', async () => {
    expect(await decodeBody(bytes(JSON.stringify(doc)), 'application/json', undefined)).toEqual(doc);
    const encoded = await encodeBody(doc, 'application/json', undefined);
    expect(encoded.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(encoded.body)).toEqual(doc);
  });

  it('refuses malformed JSON with SERVICE::BAD_REQUEST', async () => {
    expect(await codeOf(decodeBody(bytes('{"a":'), 'application/json', undefined))).toMatch(/^SERVICE::BAD_REQUEST 400: body/);
  });

  it('treats an empty body as absent', async () => {
    expect(await decodeBody(new Uint8Array(), 'application/json', undefined)).toBeUndefined();
  });
});

describe('text/plain codec', () => {
  it('carries the same JSON document both ways', async () => {
    expect(await decodeBody(bytes(JSON.stringify(doc)), 'text/plain', undefined)).toEqual(doc);
    const encoded = await encodeBody(doc, 'text/plain', undefined);
    expect(encoded.contentType).toMatch(/^text\/plain/);
    expect(JSON.parse(encoded.body)).toEqual(doc);
  });
});

describe('application/jwt codec', () => {
  it('decodes an HS256 JWS signed with the caller credential', async () => {
    const jws = await new CompactSign(bytes(JSON.stringify(doc))).setProtectedHeader({ alg: 'HS256' }).sign(bytes(KEY));
    expect(await decodeBody(bytes(jws), 'application/jwt', KEY)).toEqual(doc);
  });

  it('encodes a response as a JWS verifiable with the same credential', async () => {
    const encoded = await encodeBody(doc, 'application/jwt', KEY);
    expect(encoded.contentType).toBe('application/jwt');
    const { payload } = await compactVerify(encoded.body, bytes(KEY));
    expect(JSON.parse(new TextDecoder().decode(payload))).toEqual(doc);
  });

  it('refuses a JWS signed with another key', async () => {
    const jws = await new CompactSign(bytes(JSON.stringify(doc))).setProtectedHeader({ alg: 'HS256' }).sign(bytes('another key'));
    expect(await codeOf(decodeBody(bytes(jws), 'application/jwt', KEY))).toMatch(/^SERVICE::BAD_REQUEST 400: body: the JWS signature/);
  });

  it('refuses an unsigned (alg none) token', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify(doc)).toString('base64url');
    expect(await codeOf(decodeBody(bytes(`${header}.${payload}.`), 'application/jwt', KEY))).toMatch(/^SERVICE::BAD_REQUEST 400/);
  });

  it('refuses a JWS whose payload is not JSON', async () => {
    const jws = await new CompactSign(bytes('not json')).setProtectedHeader({ alg: 'HS256' }).sign(bytes(KEY));
    expect(await codeOf(decodeBody(bytes(jws), 'application/jwt', KEY))).toMatch(/JWS payload is not valid JSON/);
  });
});

describe('body size limit', () => {
  it('refuses a body over the limit by its declared length', async () => {
    const request = new Request('http://x/', { method: 'POST', body: 'x'.repeat(20), headers: { 'content-length': '20' } });
    expect(await codeOf(readBodyBytes(request, 10))).toMatch(/^SERVICE::BAD_REQUEST 400: body: larger than the limit of 10 bytes/);
  });

  it('refuses a streamed body that grows over the limit', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < 5; index += 1) controller.enqueue(bytes('0123456789'));
        controller.close();
      },
    });
    const request = new Request('http://x/', { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
    expect(await codeOf(readBodyBytes(request, 25))).toMatch(/larger than the limit/);
  });
});
