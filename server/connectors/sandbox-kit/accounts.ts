import { createHash } from 'node:crypto';

/**
 * A sandbox account: whoever is "signed in" on a fake's consent page, identified by an e-mail address. Every
 * vendor id is derived from that address (and the connector), so the same e-mail always maps to the same
 * portal, org, company, workspace or tenant, across restarts and processes.
 */
export interface SandboxAccount {
  connectorId: string;
  email: string;
  domain: string;
  /** The company, named after the e-mail domain: `acme-corp.example` → `Acme Corp`. */
  companyName: string;
  /** A lowercase slug of the company name: `acme-corp`. */
  companySlug: string;
  /** The person, named after the e-mail's local part: `jane.doe@…` → `Jane Doe`. */
  userName: string;
  firstName: string;
  lastName: string;
  /** A stable positive integer with `digits` digits (at most 15, so it stays a safe JSON number). */
  number: (label: string, digits: number) => number;
  /** A stable UUID (version 4 layout). */
  uuid: (label: string) => string;
  /** A stable string of `length` characters from `alphabet`. */
  chars: (label: string, length: number, alphabet: string) => string;
  /** A stable moment in the past (2019–2023) when the vendor account was created. */
  createdAt: Date;
}

export const EMAIL_PATTERN =
  /^[^\s@<>"',;]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

export function defaultSandboxEmail(connectorId: string): string {
  return `sandbox.user@${connectorId}.example.com`;
}

function digest(...parts: string[]): Buffer {
  return createHash('sha256').update(parts.join('\0')).digest();
}

/** A stable integer of `digits` digits (1–15) from a seed. */
export function stableNumber(seed: string, digits: number): number {
  const width = Math.min(Math.max(digits, 1), 15);
  const low = 10 ** (width - 1);
  const span = 9 * low;
  // 48 bits are plenty for 15 digits and stay exact in a double.
  return low + (digest(seed).readUIntBE(0, 6) % span);
}

function stableUuid(bytes: Buffer): string {
  const b = Buffer.from(bytes.subarray(0, 16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function stableChars(bytes: Buffer, length: number, alphabet: string): string {
  let out = '';
  let pool = bytes;
  let index = 0;
  while (out.length < length) {
    if (index >= pool.length) {
      pool = digest(pool.toString('hex'));
      index = 0;
    }
    out += alphabet[(pool[index] ?? 0) % alphabet.length] ?? '';
    index += 1;
  }
  return out;
}

const words = (value: string) => value.split(/[^A-Za-z0-9]+/).filter(Boolean);
const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

export function sandboxAccount(connectorId: string, rawEmail: string): SandboxAccount {
  const email = rawEmail.trim().toLowerCase();
  const [localPart = 'user', domain = `${connectorId}.example.com`] = email.split('@');
  const companyWords = words(domain.split('.')[0] ?? connectorId);
  const personWords = words(localPart.split('+')[0] ?? localPart);
  const firstName = capitalize(personWords[0] ?? 'Sandbox');
  const lastName = personWords.slice(1).map(capitalize).join(' ') || 'User';
  const seed = (label: string) => digest(connectorId, label, email);
  const created = 1_546_300_800_000 + (seed('created').readUIntBE(0, 6) % (5 * 365 * 86_400_000));
  return {
    connectorId,
    email,
    domain,
    companyName: companyWords.map(capitalize).join(' ') || 'Sandbox',
    companySlug: companyWords.join('-').toLowerCase() || 'sandbox',
    userName: `${firstName} ${lastName}`,
    firstName,
    lastName,
    number: (label, digits) => stableNumber(`${connectorId}\0${label}\0${email}`, digits),
    uuid: (label) => stableUuid(seed(label)),
    chars: (label, length, alphabet) => stableChars(seed(label), length, alphabet),
    createdAt: new Date(Math.floor(created / 1000) * 1000),
  };
}
