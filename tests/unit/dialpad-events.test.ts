import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { callStatesFor, dialpadChanges, parseDialpadHook, verifyDialpadToken } from '@/server/connectors/dialpad/events';
import type { InboundChange } from '@/server/connectors/framework';

const SECRET = 'hook-secret-0123456789abcdefghijklmnop';
const NOW = Date.UTC(2026, 10, 22, 9, 0, 0);
const seconds = (ms: number) => Math.floor(ms / 1000);

/** The changes of an event that must parse. */
function changes(claims: Record<string, unknown>): InboundChange[] {
  const result = dialpadChanges(claims, NOW);
  if (!Array.isArray(result)) throw new Error(result.error);
  return result;
}

function sign(payload: Record<string, unknown>, claims: { iat?: number; exp?: number } = { iat: seconds(NOW) }) {
  let jwt = new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' });
  if (claims.iat !== undefined) jwt = jwt.setIssuedAt(claims.iat);
  if (claims.exp !== undefined) jwt = jwt.setExpirationTime(claims.exp);
  return jwt.sign(new TextEncoder().encode(SECRET));
}

describe('verifyDialpadToken', () => {
  it('takes a token with only exp while it is valid, and refuses it once expired (30 s leeway)', async () => {
    const token = await sign({ event: 'Created' }, { exp: seconds(NOW) + 60 });
    expect(verifyDialpadToken(token, SECRET, NOW)).toEqual({ claims: { event: 'Created', exp: seconds(NOW) + 60 } });
    expect(verifyDialpadToken(token, SECRET, NOW + 85_000)).toEqual({ claims: expect.any(Object) as unknown });
    expect(verifyDialpadToken(token, SECRET, NOW + 95_000)).toEqual({ error: 'the token has expired' });
  });

  it('accepts an iat up to 5 minutes away from our clock', async () => {
    const token = await sign({ event: 'Created' });
    expect('claims' in verifyDialpadToken(token, SECRET, NOW + 299_000)).toBe(true);
    expect(verifyDialpadToken(token, SECRET, NOW + 301_000)).toEqual({ error: 'the token was issued outside the 5-minute window' });
  });

  it('refuses a malformed signature segment', async () => {
    const [header, payload] = (await sign({ event: 'Created' })).split('.');
    expect(verifyDialpadToken(`${header}.${payload}.***`, SECRET, NOW)).toEqual({ error: 'the body is not a compact JWT' });
    expect(verifyDialpadToken(`${header}.${payload}.c2hvcnQ`, SECRET, NOW)).toEqual({ error: 'the token signature does not match' });
  });
});

describe('Dialpad events → changes', () => {
  it('makes the first call states telephonyCall::created and later ones ::updated, one id per call, state and moment', () => {
    const call = { call_id: '5001', direction: 'outbound', date_started: '1767225600000' };
    const [calling] = changes({ ...call, state: 'calling', event_timestamp: '1767225600000' });
    const [ringing] = changes({ ...call, state: 'ringing', event_timestamp: 1767225600100 });
    const [hangup] = changes({ ...call, state: 'hangup', event_timestamp: '1767225660000', date_ended: '1767225660000' });
    expect(calling?.trigger).toBe('created');
    expect(ringing?.trigger).toBe('created');
    expect(hangup).toMatchObject({
      vendorEventId: 'call:5001:hangup:1767225660000',
      model: 'telephonyCall',
      trigger: 'updated',
      remoteId: '5001',
      occurredAt: '2026-01-01T00:01:00.000Z',
      record: { id: '5001', fields: { direction: 'outbound', endedAt: '2026-01-01T00:01:00.000Z' } },
    });
  });

  it('maps contact events by their `event` and gives a deletion no record', () => {
    const contact = { id: '42', type: 'shared', first_name: 'Ada', last_name: 'Lovelace', emails: ['ada@example.com'] };
    expect(dialpadChanges({ event: 'Updated', contact, iat: seconds(NOW) }, NOW)).toEqual([
      expect.objectContaining({
        model: 'genericContact',
        trigger: 'updated',
        remoteId: '42',
        occurredAt: new Date(seconds(NOW) * 1000).toISOString(),
        record: expect.objectContaining({ fields: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' } }) as unknown,
      }),
    ]);
    const [deleted] = changes({ event: 'Deleted', contact });
    expect(deleted?.trigger).toBe('deleted');
    expect(deleted?.record).toBeUndefined();
    expect(dialpadChanges({ event: 'Merged', contact }, NOW)).toEqual({ error: 'the contact event has no known event type or contact id' });
  });

  it('gives no change for an event kind it does not subscribe to (an SMS event)', async () => {
    expect(parseDialpadHook({ rawBody: await sign({ text: 'hi', direction: 'inbound' }), secret: SECRET, now: NOW })).toEqual([]);
  });

  it('asks Dialpad for the call states of the wanted triggers', () => {
    expect(callStatesFor([{ model: 'telephonyCall', trigger: 'created' }])).toEqual(['calling', 'ringing']);
    expect(callStatesFor([{ model: 'genericContact', trigger: 'created' }])).toEqual([]);
  });
});
