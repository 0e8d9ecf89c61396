import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * The `q` parser of GET /v1/connections (ARCHITECTURE.md, "Connection search"): each whitespace-separated token
 * is an e-mail address, a phone number (normalised to E.164), a URL or bare domain (reduced to its host), an
 * ISO date (a day, or a date-time reduced to its day) or plain text. All tokens must match.
 */
export type SearchToken =
  | { kind: 'email'; value: string }
  | { kind: 'phone'; value: string }
  | { kind: 'domain'; value: string }
  | { kind: 'date'; value: string }
  | { kind: 'text'; value: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

function asDay(token: string): string | undefined {
  if (DAY.test(token)) {
    const date = new Date(`${token}T00:00:00.000Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(token) ? token : undefined;
  }
  if (DATE_TIME.test(token)) {
    const date = new Date(token);
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
  }
  return undefined;
}

function asHost(token: string): string | undefined {
  if (/^https?:\/\//i.test(token)) {
    try {
      return new URL(token).hostname.toLowerCase().replace(/^www\./, '');
    } catch {
      return undefined;
    }
  }
  return DOMAIN.test(token) ? token.toLowerCase().replace(/^www\./, '') : undefined;
}

function asPhone(token: string): string | undefined {
  if (!/^\+?[\d\s().-]{6,}$/.test(token) || !token.startsWith('+')) return undefined;
  const phone = parsePhoneNumberFromString(token);
  return phone?.isValid() ? phone.number : undefined;
}

export function parseSearchQuery(q: string): SearchToken[] {
  // A phone number written with spaces (`+44 20 7946 0958`) is one token, not four.
  return q
    .replace(/\+\d[\d ().-]{5,}\d/g, (phone) => phone.replace(/[\s().-]/g, ''))
    .split(/\s+/)
    .map((raw) => raw.trim().replace(/^[,;]+|[,;]+$/g, ''))
    .filter(Boolean)
    .map((token): SearchToken => {
      if (EMAIL.test(token)) return { kind: 'email', value: token.toLowerCase() };
      const day = asDay(token);
      if (day) return { kind: 'date', value: day };
      const phone = asPhone(token);
      if (phone) return { kind: 'phone', value: phone };
      const host = asHost(token);
      if (host) return { kind: 'domain', value: host };
      return { kind: 'text', value: token.toLowerCase() };
    });
}

/**
 * The words a connection is found by: owner id, connector id and name, and every identity value; e-mails also
 * add their domain and phones their E.164 form, so `q=acme.com` finds `jane@acme.com`.
 */
export function buildSearchText(parts: {
  ownerId: string;
  connectorId: string;
  connectorName: string;
  identity: Record<string, string>;
}): string {
  const words = new Set<string>([parts.connectorId, parts.connectorName.toLowerCase()]);
  for (const value of [parts.ownerId, ...Object.values(parts.identity)]) {
    const lower = value.toLowerCase();
    words.add(lower);
    if (EMAIL.test(lower)) words.add(lower.split('@')[1] ?? '');
    const host = asHost(lower);
    if (host) words.add(host);
    const phone = asPhone(value);
    if (phone) words.add(phone);
  }
  return ` ${[...words].filter(Boolean).join(' ')} `;
}
