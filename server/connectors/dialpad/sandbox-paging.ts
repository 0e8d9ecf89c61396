import { json } from '../sandbox-kit/http';
import { badRequest } from './sandbox-errors';

/** Dialpad's `{ items, cursor }` pagination and phone normalisation, shared by the fake's routes. */
export const DIALPAD_PAGE_SIZE = 10;

// Cursors are opaque to clients; the fake's is the offset of the next item.
const encodeCursor = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url');

export function page<T>(items: readonly T[], url: URL, map: (item: T) => unknown): Response {
  const cursor = url.searchParams.get('cursor');
  let offset = 0;
  if (cursor) {
    const match = /^offset:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!match?.[1]) return badRequest('Invalid cursor');
    offset = Number(match[1]);
  }
  const slice = items.slice(offset, offset + DIALPAD_PAGE_SIZE);
  const next = offset + DIALPAD_PAGE_SIZE < items.length ? encodeCursor(offset + DIALPAD_PAGE_SIZE) : undefined;
  return json({ items: slice.map(map), ...(next ? { cursor: next } : {}) });
}

/** Dialpad stores phone numbers in E.164 and refuses what it cannot read as one. */
export function toE164(value: string): string | undefined {
  if (!/^\+?[\d\s().-]+$/.test(value)) return undefined;
  const digits = value.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return undefined;
  if (value.trim().startsWith('+')) return `+${digits}`;
  return digits.length === 10 ? `+1${digits}` : `+${digits}`;
}
