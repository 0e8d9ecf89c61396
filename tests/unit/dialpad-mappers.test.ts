import { describe, expect, it } from 'vitest';
import { callFromDialpad, callStatus } from '@/server/connectors/dialpad/mappers/call';
import { contactFromDialpad, contactToDialpad } from '@/server/connectors/dialpad/mappers/contact';
import { epochMsToIso, int64Id, msToSeconds } from '@/server/connectors/dialpad/mappers/shared';
import { transcriptFromDialpad } from '@/server/connectors/dialpad/mappers/transcript';
import { userFromDialpad } from '@/server/connectors/dialpad/mappers/user';
import { classifyDialpadError } from '@/server/connectors/dialpad/module';

// Typed stand-ins for vitest's asymmetric matchers (which are `any`).
const like = (value: Record<string, unknown>) => expect.objectContaining(value) as unknown;

describe('Dialpad value conversions', () => {
  it('turns epoch milliseconds, as strings or numbers, into ISO 8601 UTC with milliseconds', () => {
    expect(epochMsToIso('1727784000000')).toBe('2024-10-01T12:00:00.000Z');
    expect(epochMsToIso(1727784000123)).toBe('2024-10-01T12:00:00.123Z');
    expect(epochMsToIso(null)).toBeUndefined();
    expect(epochMsToIso('yesterday')).toBeUndefined();
  });

  it('reads int64 ids and millisecond durations', () => {
    expect(int64Id('5835806903417856')).toBe('5835806903417856');
    expect(int64Id(42)).toBe('42');
    expect(int64Id('4.2')).toBeUndefined();
    expect(msToSeconds('61400')).toBe(61);
    expect(msToSeconds(61600)).toBe(62);
  });
});

describe('Dialpad contact mapper', () => {
  it('reads the primary e-mail and phone, falling back to the first of each list', () => {
    expect(
      contactFromDialpad({
        id: 'c1',
        first_name: 'Ada',
        last_name: 'King',
        primary_email: 'a@x.example',
        emails: ['b@x.example'],
        phones: ['+15550100'],
      }),
    ).toEqual({
      id: 'c1',
      remoteId: 'c1',
      fields: { firstName: 'Ada', lastName: 'King', email: 'a@x.example', phone: '+15550100' },
      raw: like({}),
    });
    expect(contactFromDialpad({ id: 'c2', first_name: null, emails: [], phones: null }).fields).toEqual({});
  });

  it('writes names, and puts a new primary address first while keeping the others', () => {
    expect(contactToDialpad({ firstName: 'Ada', lastName: 'King', email: 'a@x.example', phone: '+15550100' })).toEqual({
      first_name: 'Ada',
      last_name: 'King',
      emails: ['a@x.example'],
      phones: ['+15550100'],
    });
    expect(
      contactToDialpad({ email: 'new@x.example' }, { primary_email: 'old@x.example', emails: ['old@x.example', 'other@x.example'] }),
    ).toEqual({
      emails: ['new@x.example', 'other@x.example'],
    });
    expect(contactToDialpad({ lastName: 'Only' })).toEqual({ last_name: 'Only' });
  });
});

describe('Dialpad user mapper', () => {
  it('maps names, the first e-mail and the date added', () => {
    expect(
      userFromDialpad({ id: '77', first_name: 'Ava', last_name: 'Patel', emails: ['ava@x.example'], date_added: '2021-03-04T05:06:07Z' }),
    ).toMatchObject({
      id: '77',
      remoteId: '77',
      fields: { firstName: 'Ava', lastName: 'Patel', email: 'ava@x.example' },
      createdAt: '2021-03-04T05:06:07.000Z',
    });
  });
});

describe('Dialpad call mapper', () => {
  const call = {
    call_id: '900',
    direction: 'inbound',
    state: 'hangup',
    date_started: '1727784000000',
    date_connected: '1727784008000',
    date_ended: '1727784069400',
    duration: 61400,
    internal_number: '+14155550100',
    external_number: '+14155550181',
    target: { id: '77', type: 'user', name: 'Ava Patel' },
    contact: { id: 'c1', type: 'contact', name: 'Grace Hopper' },
    recording_details: [
      { recording_type: 'voicemail', url: 'https://x.example/vm' },
      { recording_type: 'callrecording', url: 'https://x.example/rec' },
    ],
  };

  it('maps a completed call', () => {
    expect(callFromDialpad(call)).toEqual({
      id: '900',
      remoteId: '900',
      createdAt: '2024-10-01T12:00:00.000Z',
      fields: {
        direction: 'inbound',
        status: 'completed',
        startedAt: '2024-10-01T12:00:00.000Z',
        answeredAt: '2024-10-01T12:00:08.000Z',
        endedAt: '2024-10-01T12:01:09.400Z',
        duration: 61,
        recordingUrl: 'https://x.example/rec',
        users: [{ id: '77' }],
        contacts: [{ id: 'c1' }],
        internalNumber: '+14155550100',
        externalNumber: '+14155550181',
        transcript: { id: '900' },
      },
      raw: call,
    });
  });

  it('treats an internal call party as a user, not a contact', () => {
    const fields = callFromDialpad({ ...call, contact: { id: '78', type: 'user' } }).fields;
    expect(fields.users).toEqual([{ id: '77' }, { id: '78' }]);
    expect(fields.contacts).toBeUndefined();
  });

  it.each([
    [{ state: 'ringing' }, 'inProgress'],
    [{ state: 'connected' }, 'inProgress'],
    [{ state: 'missed' }, 'missed'],
    [{ state: 'voicemail' }, 'voicemail'],
    [{ state: 'hangup', date_connected: '1' }, 'completed'],
    [{ state: 'hangup' }, 'missed'],
    [{ state: 'hangup', voicemail_share_link: 'https://x.example/v' }, 'voicemail'],
    [{ state: 'something-new' }, undefined],
  ])('maps state %j to %s', (input, status) => {
    expect(callStatus(input)).toBe(status);
  });
});

describe('Dialpad transcript mapper', () => {
  it('keeps speech lines only, in seconds from the call start, each ending where the next starts', () => {
    const record = transcriptFromDialpad(
      {
        call_id: '900',
        lines: [
          { type: 'transcript', time: '2024-10-01T12:00:12.500Z', content: 'Hi', name: 'Grace', contact_id: 'c1' },
          { type: 'moment', time: '2024-10-01T12:00:11.000Z', content: 'pricing', name: 'Dialpad Ai' },
          { type: 'transcript', time: '2024-10-01T12:00:09.000Z', content: 'Hello', name: 'Ava', user_id: '77' },
          { type: 'transcript', time: '2024-10-01T12:00:20.000Z', content: 'Who is this?', name: 'Someone' },
        ],
      },
      { call_id: '900', date_started: '1727784000000', date_ended: '1727784069400', duration: 61400 },
    );
    expect(record.id).toBe('900');
    expect(record.fields).toEqual({
      call: { id: '900' },
      duration: 61,
      speakers: [
        {
          id: 'user:77',
          origin: 'internal',
          name: 'Ava',
          user: like({ id: '77', model: 'genericUser', object: 'resourceRef' }),
        },
        { id: 'contact:c1', origin: 'external', name: 'Grace', contact: like({ id: 'c1', model: 'genericContact' }) },
        { id: 'name:Someone', origin: 'unknown', name: 'Someone' },
      ],
      segments: [
        { start: 9, end: 12.5, text: 'Hello', speakerId: 'user:77' },
        { start: 12.5, end: 20, text: 'Hi', speakerId: 'contact:c1' },
        { start: 20, end: 69.4, text: 'Who is this?', speakerId: 'name:Someone' },
      ],
    });
  });
});

describe('Dialpad error classification', () => {
  const body = (status: number, reason: string, message: string) => ({
    error: { code: status, message, errors: [{ domain: 'global', reason, message }] },
  });

  it.each([
    [400, 'badRequest', 'badRequest'],
    [401, 'required', 'unauthorized'],
    [403, 'forbidden', 'forbidden'],
    [403, 'rateLimitExceeded', 'rateLimited'],
    [404, 'notFound', 'notFound'],
    [409, 'conflict', 'conflict'],
    [429, 'rateLimitExceeded', 'rateLimited'],
    [500, 'backendError', 'server'],
    [503, 'backendError', 'server'],
  ])('classifies %i with reason %s as %s, passing the message on', (status, reason, kind) => {
    expect(classifyDialpadError(status, body(status, reason, 'what Dialpad said'))).toEqual({ kind, message: 'what Dialpad said' });
  });

  it('copes with bodies that are not Dialpad errors', () => {
    expect(classifyDialpadError(502, '<html>Bad gateway</html>')).toEqual({ kind: 'server', message: 'the vendor answered HTTP 502' });
    expect(classifyDialpadError(400, { error: 'invalid_request' })).toEqual({ kind: 'badRequest', message: 'invalid_request' });
    expect(classifyDialpadError(404, null)).toEqual({ kind: 'notFound', message: 'the vendor answered HTTP 404' });
  });
});
