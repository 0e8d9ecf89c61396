import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { intParam, listParam, parsePart, queryToObject } from '@/server/http/validate';

function messageOf(action: () => unknown): string {
  try {
    action();
    return 'no error';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('parsePart', () => {
  const body = z.strictObject({ operations: z.array(z.enum(['genericContact::list'], { error: 'not an operation' })) });

  it('names the part, the field and the index', () => {
    expect(messageOf(() => parsePart('body', body, { operations: ['genericContact::list', 'nope'] }))).toBe(
      'body.operations[1]: not an operation',
    );
  });

  it('names an unknown field in a strict object', () => {
    expect(messageOf(() => parsePart('body', body, { operations: [], extra: 1 }))).toBe('body.extra: is not a known field');
  });

  it('names a query parameter', () => {
    const query = z.strictObject({ limit: intParam(1, 100).optional() });
    expect(messageOf(() => parsePart('query', query, { limit: '500' }))).toBe('query.limit: must be at most 100');
    expect(messageOf(() => parsePart('query', query, { limit: 'ten' }))).toBe('query.limit: must be an integer');
  });

  it('returns the parsed value', () => {
    expect(parsePart('query', z.strictObject({ limit: intParam(1, 100) }), { limit: '20' })).toEqual({ limit: 20 });
  });
});

describe('query helpers', () => {
  it('keeps repeated keys as arrays', () => {
    expect(queryToObject(new URLSearchParams('fields=a&fields=b&limit=1'))).toEqual({ fields: ['a', 'b'], limit: '1' });
  });

  it('accepts list parameters repeated or comma-separated', () => {
    const schema = listParam(z.string());
    expect(schema.parse(['a', 'b,c'])).toEqual(['a', 'b', 'c']);
    expect(schema.parse('a, b')).toEqual(['a', 'b']);
  });
});
