import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors';
import { getRuntime } from '../runtime';

/**
 * Opaque list cursors: the vendor's cursor wrapped with the model and connection it belongs to, signed so a
 * caller can neither forge one nor use it on another model or connection (spec/connectors.md).
 */
interface CursorBody {
  m: string;
  c: string;
  v: string;
}

function sign(payload: string): string {
  return createHmac('sha256', getRuntime().keyring.deriveKey('cursor')).update(payload).digest('base64url').slice(0, 22);
}

export function encodeResourceCursor(model: string, connectionId: string, vendorCursor: string): string {
  const payload = Buffer.from(JSON.stringify({ m: model, c: connectionId, v: vendorCursor } satisfies CursorBody)).toString('base64url');
  return `${payload}.${sign(payload)}`;
}

export function decodeResourceCursor(cursor: string, model: string, connectionId: string): string {
  const refuse = () => new AppError('SERVICE::BAD_REQUEST', 'query.cursor: was not issued for this model and connection');
  const [payload = '', signature = ''] = cursor.split('.');
  const expected = sign(payload);
  if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) throw refuse();
  const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<CursorBody>;
  if (body.m !== model || body.c !== connectionId || typeof body.v !== 'string') throw refuse();
  return body.v;
}
