import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createKeyring, DecryptionError, needsReencryption } from '@/server/crypto/encryption';

const key = () => randomBytes(32).toString('base64');

function reasonOf(action: () => unknown): string | undefined {
  try {
    action();
    return undefined;
  } catch (error) {
    return error instanceof DecryptionError ? error.reason : 'other';
  }
}

describe('encryption at rest', () => {
  it('round-trips a secret bound to its row and purpose', () => {
    const keyring = createKeyring(key());
    const sealed = keyring.encrypt('vendor-credentials', 'access-token-ü', 'connections:con_1');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{8}\./);
    expect(sealed).not.toContain('access-token');
    expect(keyring.decrypt('vendor-credentials', sealed, 'connections:con_1')).toBe('access-token-ü');
  });

  it('uses a fresh IV for every ciphertext', () => {
    const keyring = createKeyring(key());
    expect(keyring.encrypt('api-key-secret', 'same', 'row')).not.toBe(keyring.encrypt('api-key-secret', 'same', 'row'));
  });

  it('refuses a ciphertext sealed with an unknown key id', () => {
    const sealed = createKeyring(key()).encrypt('api-key-secret', 'secret', 'api_keys:key_1');
    expect(reasonOf(() => createKeyring(key()).decrypt('api-key-secret', sealed, 'api_keys:key_1'))).toBe('unknown-key-id');
  });

  it('refuses a tampered ciphertext', () => {
    const keyring = createKeyring(key());
    const sealed = keyring.encrypt('api-key-secret', 'secret', 'api_keys:key_1');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 0xff;
    const tampered = [...parts.slice(0, 3), body.toString('base64url')].join('.');
    expect(reasonOf(() => keyring.decrypt('api-key-secret', tampered, 'api_keys:key_1'))).toBe('authentication-failed');
  });

  it('refuses a ciphertext moved to another row', () => {
    const keyring = createKeyring(key());
    const sealed = keyring.encrypt('api-key-secret', 'secret', 'api_keys:key_1');
    expect(reasonOf(() => keyring.decrypt('api-key-secret', sealed, 'api_keys:key_2'))).toBe('authentication-failed');
  });

  it('refuses a ciphertext read for another purpose', () => {
    const keyring = createKeyring(key());
    const sealed = keyring.encrypt('api-key-secret', 'secret', 'row');
    expect(reasonOf(() => keyring.decrypt('webhook-secret', sealed, 'row'))).toBe('authentication-failed');
  });

  it('still refuses another row, another purpose and a tampered copy after opening the ciphertext once', () => {
    const keyring = createKeyring(key());
    const sealed = keyring.encrypt('api-key-secret', 'secret', 'api_keys:key_1');
    // The first opening is remembered (every /v1 call opens the same API key secret)…
    expect(keyring.decrypt('api-key-secret', sealed, 'api_keys:key_1')).toBe('secret');
    expect(keyring.decrypt('api-key-secret', sealed, 'api_keys:key_1')).toBe('secret');
    // …but only for exactly that ciphertext, purpose and row.
    expect(reasonOf(() => keyring.decrypt('api-key-secret', sealed, 'api_keys:key_2'))).toBe('authentication-failed');
    expect(reasonOf(() => keyring.decrypt('webhook-secret', sealed, 'api_keys:key_1'))).toBe('authentication-failed');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[body.length - 1] = (body[body.length - 1] ?? 0) ^ 0x01;
    const tampered = [...parts.slice(0, 3), body.toString('base64url')].join('.');
    expect(reasonOf(() => keyring.decrypt('api-key-secret', tampered, 'api_keys:key_1'))).toBe('authentication-failed');
  });

  it('opens more ciphertexts than it remembers', () => {
    const keyring = createKeyring(key());
    const sealed = Array.from({ length: 2_100 }, (_, index) => keyring.encrypt('vendor-credentials', `token-${index}`, `row-${index}`));
    sealed.forEach((value, index) => expect(keyring.decrypt('vendor-credentials', value, `row-${index}`)).toBe(`token-${index}`));
    // The oldest were dropped from memory and are opened again from the ciphertext.
    expect(keyring.decrypt('vendor-credentials', sealed[0] ?? '', 'row-0')).toBe('token-0');
  });

  it('refuses malformed input', () => {
    expect(reasonOf(() => createKeyring(key()).decrypt('api-key-secret', 'plain text', 'row'))).toBe('malformed');
  });

  it('still decrypts with a retired key after rotation and reports the row for re-encryption', () => {
    const oldKey = key();
    const sealed = createKeyring(oldKey).encrypt('webhook-secret', 'whsec_abc', 'row');
    const rotated = createKeyring(key(), [oldKey]);
    expect(rotated.decrypt('webhook-secret', sealed, 'row')).toBe('whsec_abc');
    expect(needsReencryption(rotated, sealed)).toBe(true);
    expect(needsReencryption(rotated, rotated.encrypt('webhook-secret', 'x', 'row'))).toBe(false);
  });

  it('derives distinct sub-keys per purpose', () => {
    const keyring = createKeyring(key());
    expect(keyring.deriveKey('session-token').equals(keyring.deriveKey('dashboard-session'))).toBe(false);
    expect(keyring.deriveKey('session-token')).toHaveLength(32);
  });

  it('rejects a master key that is not 32 bytes', () => {
    expect(() => createKeyring(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });
});
