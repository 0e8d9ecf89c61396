import 'server-only';
import { DecryptionError } from '../crypto/encryption';
import { AppError } from '../errors';
import { getRuntime } from '../runtime';

/** What a connection holds to call its vendor: OAuth tokens or an API key. Only ever stored encrypted. */
export type StoredCredentials =
  { kind: 'oauth2'; accessToken: string; refreshToken?: string; expiresAt?: string; scope?: string } | { kind: 'apiKey'; apiKey: string };

const context = (connectionId: string) => `connections:${connectionId}`;

export function sealCredentials(connectionId: string, credentials: StoredCredentials): string {
  return getRuntime().keyring.encrypt('vendor-credentials', JSON.stringify(credentials), context(connectionId));
}

export function openCredentials(row: { id: string; credentialsCiphertext: string | null }): StoredCredentials | null {
  if (!row.credentialsCiphertext) return null;
  try {
    return JSON.parse(getRuntime().keyring.decrypt('vendor-credentials', row.credentialsCiphertext, context(row.id))) as StoredCredentials;
  } catch (error) {
    // A ciphertext that does not open means a wrong or missing ENCRYPTION_KEY or a tampered row: never guess.
    throw new AppError('SERVICE::ADAPTER::AUTHORIZATION_DATA_INVALID', 'The stored credentials of this connection cannot be read', {
      cause: error instanceof DecryptionError ? error : new Error('credentials are not valid JSON'),
    });
  }
}
