import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '@/server/crypto/password';
import { redact } from '@/server/log';

describe('operator password hashing (scrypt)', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('Correct horse battery staple', hash)).toBe(false);
  });

  it('refuses a malformed stored hash', async () => {
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
  });
});

describe('log redaction', () => {
  it('replaces secret-looking keys at any depth', () => {
    expect(redact({ headers: { 'x-api-secret': 'sk_1', accept: 'a' }, token: 't', list: [{ password: 'p' }] })).toEqual({
      headers: { 'x-api-secret': '[redacted]', accept: 'a' },
      token: '[redacted]',
      list: [{ password: '[redacted]' }],
    });
  });
});
