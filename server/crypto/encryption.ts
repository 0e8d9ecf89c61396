import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption at rest (ARCHITECTURE.md, "Encryption at rest"): AES-256-GCM with a sub-key per purpose derived by
 * HKDF from the master key, a key id in every ciphertext (so a new master key can be rolled in while old rows
 * still decrypt with a retired one), and associated data binding each ciphertext to its row: a ciphertext
 * copied into another row, or read for another purpose, fails authentication.
 *
 * Wire form: `v1.<keyId>.<iv>.<ciphertext+tag>` (base64url parts).
 */
export type Purpose =
  'api-key-secret' | 'vendor-credentials' | 'connector-client-secret' | 'webhook-secret' | 'session-token' | 'dashboard-session' | 'cursor';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HKDF_SALT = Buffer.from('unified-integration-service/v1');

export class DecryptionError extends Error {
  constructor(readonly reason: 'malformed' | 'unknown-key-id' | 'authentication-failed') {
    super(`cannot decrypt: ${reason}`);
    this.name = 'DecryptionError';
  }
}

interface MasterKey {
  id: string;
  material: Buffer;
  subKeys: Map<Purpose, Buffer>;
}

function toMasterKey(base64: string): MasterKey {
  const material = Buffer.from(base64, 'base64');
  if (material.length !== 32) throw new Error('an encryption key must be exactly 32 bytes');
  // The id is a hash of the key, never the key: it names which key sealed a row without revealing it.
  const id = createHash('sha256').update('key-id:').update(material).digest('base64url').slice(0, 8);
  return { id, material, subKeys: new Map() };
}

function subKey(master: MasterKey, purpose: Purpose): Buffer {
  let key = master.subKeys.get(purpose);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', master.material, HKDF_SALT, `purpose:${purpose}`, 32));
    master.subKeys.set(purpose, key);
  }
  return key;
}

function associatedData(purpose: Purpose, context: string): Buffer {
  return Buffer.from(`${purpose}\u0000${context}`);
}

export interface Keyring {
  /** Id of the key new ciphertexts are sealed with. */
  readonly currentKeyId: string;
  encrypt(purpose: Purpose, plaintext: string, context: string): string;
  decrypt(purpose: Purpose, sealed: string, context: string): string;
  /** A 32-byte key for a non-encryption use (JWT signing, cookies), derived from the current master key. */
  deriveKey(purpose: Purpose): Buffer;
}

const OPENED_MAX = 2_000;

export function createKeyring(currentKey: string, retiredKeys: readonly string[] = []): Keyring {
  const current = toMasterKey(currentKey);
  const byId = new Map<string, MasterKey>([[current.id, current]]);
  for (const retired of retiredKeys) {
    const key = toMasterKey(retired);
    if (!byId.has(key.id)) byId.set(key.id, key);
  }

  // Every /v1 call opens the API key's secret and usually a connection's credentials: the plaintexts of the most
  // recent ciphertexts are kept (least recently used dropped first). A ciphertext is never reused (random IV), so a
  // rotated secret or refreshed token is a new entry; only successful openings are kept.
  const opened = new Map<string, string>();
  return {
    currentKeyId: current.id,
    encrypt(purpose, plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', subKey(current, purpose), iv);
      cipher.setAAD(associatedData(purpose, context));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return [VERSION, current.id, iv.toString('base64url'), body.toString('base64url')].join('.');
    },
    decrypt(purpose, sealed, context) {
      const memoKey = `${purpose}\u0000${context}\u0000${sealed}`;
      const remembered = opened.get(memoKey);
      if (remembered !== undefined) {
        opened.delete(memoKey);
        opened.set(memoKey, remembered);
        return remembered;
      }
      const parts = sealed.split('.');
      if (parts.length !== 4 || parts[0] !== VERSION) throw new DecryptionError('malformed');
      const [, keyId, ivText, bodyText] = parts as [string, string, string, string];
      const master = byId.get(keyId);
      if (!master) throw new DecryptionError('unknown-key-id');
      const iv = Buffer.from(ivText, 'base64url');
      const body = Buffer.from(bodyText, 'base64url');
      if (iv.length !== IV_BYTES || body.length < TAG_BYTES) throw new DecryptionError('malformed');
      const decipher = createDecipheriv('aes-256-gcm', subKey(master, purpose), iv);
      decipher.setAAD(associatedData(purpose, context));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      let plaintext: string;
      try {
        plaintext = Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new DecryptionError('authentication-failed');
      }
      opened.set(memoKey, plaintext);
      if (opened.size > OPENED_MAX) opened.delete(opened.keys().next().value as string);
      return plaintext;
    },
    deriveKey(purpose) {
      return subKey(current, purpose);
    },
  };
}

/** Whether a stored ciphertext was sealed with an older key and should be re-encrypted. */
export function needsReencryption(keyring: Keyring, sealed: string): boolean {
  return sealed.split('.')[1] !== keyring.currentKeyId;
}
