import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, json } from '../support/api';
import { startTestService, type TestService } from '../support/harness';

import { authorizeInSandbox } from '../support/oauth';
import { isInt64AsString, vendorSpecCheck, type SpecAllowance, type VendorSpecCheck } from '../support/vendor-spec';

// Typed stand-ins for vitest's asymmetric matchers (which are `any`).
const anyString = expect.any(String) as unknown;
const like = (value: Record<string, unknown>) => expect.objectContaining(value) as unknown;
const matching = (pattern: RegExp) => expect.stringMatching(pattern) as unknown;

/**
 * Dialpad through /v1/resources over real HTTP against the Dialpad fake, with every request the connector sends
 * and every response the fake returns checked against Dialpad's own OpenAPI file (last describe block).
 */
const SPEC_FILE = join(process.cwd(), '..', 'shared', 'vendor-specs', 'dialpad', 'openapi.json');

// Known inaccuracies of Dialpad's OpenAPI file (never edited: vendor-specs/README.md).
const ALLOW: readonly SpecAllowance[] = [
  {
    // The file types ids and epoch milliseconds as `integer` / `int64`, but the API serialises int64 in the proto3
    // JSON way, as decimal strings (`"call_id": "…"`, `"date_started": "1727784000000"`); its dropped examples
    // show the same. Only a type error on an int64 field whose value is a digit string is accepted.
    reason: 'int64 sent as a decimal string (proto3 JSON)',
    matches: (violation, error) => violation.direction === 'response' && isInt64AsString(error),
  },
];

// Team-written (the vendor documents no error bodies): Dialpad's Google Cloud Endpoints style error.
const DIALPAD_ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'integer' },
        message: { type: 'string' },
        errors: {
          type: 'array',
          items: {
            type: 'object',
            required: ['reason', 'message'],
            properties: { reason: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
  },
};

const ALL_OPERATIONS = [
  'genericContact::list',
  'genericContact::retrieve',
  'genericContact::create',
  'genericContact::update',
  'genericContact::delete',
  'genericUser::list',
  'genericUser::retrieve',
  'telephonyCall::list',
  'telephonyCall::retrieve',
  'telephonyCallTranscript::retrieve',
];

interface Ref {
  id: string;
  object: string;
  model: string;
  fields: Record<string, unknown> | null;
  rawResource: Record<string, unknown> | null;
  remote: { id: string };
}
interface Resource {
  object: string;
  model: string;
  id: string;
  fields: Record<string, unknown>;
  createdAt: string | null;
  updatedAt: string | null;
  remote: { id: string };
  rawResource: Record<string, unknown> | null;
  warnings: { code: string; message: string }[];
}
interface Page {
  object: string;
  data: Resource[];
  next: string | null;
}

let service: TestService;
let check: VendorSpecCheck;
const OWNER = 'dialpad-owner';
const headersOf = (ownerId = OWNER) => ({ 'x-connector-id': 'dialpad', 'x-owner-id': ownerId });

beforeAll(async () => {
  check = await vendorSpecCheck({
    specFile: SPEC_FILE,
    sandboxPrefix: '/sandbox/dialpad',
    apiPrefix: '/api/v2/',
    allow: ALLOW,
    errorSchema: DIALPAD_ERROR_SCHEMA,
  });
  service = await startTestService({}, { wrapSandbox: check.wrap });
  await authorize(OWNER, ALL_OPERATIONS);
  await authorize('limited-owner', ['genericContact::list']);
});
afterAll(async () => {
  await service.close();
});

const authorize = (ownerId: string, operations: string[]) => authorizeInSandbox(service, 'dialpad', ownerId, { operations });

const call = (path: string, init: RequestInit = {}, ownerId = OWNER) =>
  service.call(`/v1/resources/${path}`, { ...init, headers: { ...headersOf(ownerId), ...(init.headers as Record<string, string>) } });
const send = (method: string, path: string, body: unknown) => call(path, json(method, body));

async function ok<T>(response: Response, status = 200): Promise<T> {
  const body = (await response.json()) as T;
  expect(response.status, JSON.stringify(body)).toBe(status);
  return body;
}
const list = async (query: string) => ok<Page>(await call(query));
const retrieve = async (model: string, id: string, query = '') => ok<Resource>(await call(`${model}/${id}${query}`));

/** Every record of a model, walking `next` with the given page size. */
async function walk(model: string, limit: number, extra = ''): Promise<{ pages: Page[]; records: Resource[] }> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const page = await list(`${model}?limit=${limit}${extra}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    pages.push(page);
    cursor = page.next;
  } while (cursor && pages.length < 50);
  return { pages, records: pages.flatMap((page) => page.data) };
}

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('genericContact on Dialpad', () => {
  it('creates, retrieves, lists, updates and deletes a contact', async () => {
    const created = await ok<Record<string, unknown>>(
      await send('POST', 'genericContact', {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@analytical.example',
        phone: '+44 20 7946 0958',
      }),
      201,
    );
    expect(created).toEqual({ object: 'resource', model: 'genericContact', id: anyString, remote: { id: created.id } });
    const id = created.id as string;

    const read = await retrieve('genericContact', id);
    expect(read).toMatchObject({ object: 'resource', model: 'genericContact', id, remote: { id }, warnings: [] });
    // Dialpad stores phone numbers in E.164.
    expect(read.fields).toEqual({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@analytical.example', phone: '+442079460958' });
    expect(read.rawResource).toMatchObject({ id, first_name: 'Ada', emails: ['ada@analytical.example'], type: 'shared' });

    const { records } = await walk('genericContact', 100);
    expect(records.filter((record) => record.id === id)).toHaveLength(1);

    const updated = await ok<Record<string, unknown>>(
      await send('PATCH', `genericContact/${id}`, { lastName: 'King', email: 'ada@engine.example' }),
    );
    expect(updated).toEqual({ object: 'resource', model: 'genericContact', id, remote: { id } });
    const reread = await retrieve('genericContact', id);
    expect(reread.fields).toEqual({ firstName: 'Ada', lastName: 'King', email: 'ada@engine.example', phone: '+442079460958' });
    // The new address replaced the primary one; Dialpad replaces the whole list on PATCH.
    expect(reread.rawResource?.emails).toEqual(['ada@engine.example']);

    const deleted = await call(`genericContact/${id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(await errorOf(await call(`genericContact/${id}`))).toMatchObject({
      status: 404,
      error: 'CONNECTOR::OPERATION::RESOURCE_NOT_FOUND',
      message: `Dialpad: Contact ${id} not found`,
    });
  });

  it('keeps the other e-mail addresses when the primary one changes', async () => {
    const id = (
      await ok<{ id: string }>(await send('POST', 'genericContact', { firstName: 'Multi', lastName: 'Mail', email: 'one@a.example' }), 201)
    ).id;
    // Give the contact a second address through Dialpad directly, then change the primary through /v1.
    const proxied = await service.call(
      '/v1/proxy',
      json('POST', { method: 'PATCH', path: `/api/v2/contacts/${id}`, data: { emails: ['one@a.example', 'two@a.example'] } }, headersOf()),
    );
    expect(proxied.status).toBe(200);
    await ok(await send('PATCH', `genericContact/${id}`, { email: 'new@a.example' }));
    expect((await retrieve('genericContact', id)).rawResource?.emails).toEqual(['new@a.example', 'two@a.example']);
  });

  it('answers only the fields asked for', async () => {
    const page = await list('genericContact?fields=firstName,email&limit=5');
    expect(page.data.length).toBeGreaterThan(0);
    for (const record of page.data) expect(Object.keys(record.fields).every((key) => ['firstName', 'email'].includes(key))).toBe(true);
    const first = page.data[0] as Resource;
    const one = await retrieve('genericContact', first.id, '?fields=lastName');
    expect(Object.keys(one.fields)).toEqual(['lastName']);
  });

  it('filters by owner (Dialpad owner_id: the user whose local contacts to list)', async () => {
    const users = await list('genericUser?limit=100');
    const owner = users.data.find((user) => user.fields.firstName === 'Ava') as Resource;
    const page = await list(`genericContact?filter[ownerId]=${owner.id}`);
    expect(page.data.map((record) => record.fields.lastName)).toEqual(['Johnson']);
    expect(page.data[0]?.rawResource).toMatchObject({ owner_id: owner.id, type: 'local' });
  });

  it('refuses a filter Dialpad cannot serve, naming it', async () => {
    expect(await errorOf(await call('genericContact?filter[email]=a@b.example'))).toEqual({
      status: 400,
      error: 'SERVICE::BAD_REQUEST',
      message: 'query.filter[email]: not a filter of genericContact on dialpad (use ownerId)',
    });
  });

  it('refuses values that break the model constraints, naming the field', async () => {
    const email = await errorOf(await send('POST', 'genericContact', { firstName: 'A', lastName: 'B', email: 'not-an-email' }));
    expect(email).toMatchObject({ status: 400, error: 'SERVICE::BAD_REQUEST' });
    expect(email.message).toMatch(/^body\.email: /);
    const phone = await errorOf(await send('POST', 'genericContact', { firstName: 'A', lastName: 'B', phone: '123' }));
    expect(phone).toMatchObject({ status: 400, error: 'SERVICE::BAD_REQUEST' });
    expect(phone.message).toMatch(/^body\.phone: /);
    const update = await errorOf(await send('PATCH', 'genericContact/1', { email: 'not-an-email' }));
    expect(update.message).toMatch(/^body\.email: /);
  });

  it('refuses what Dialpad cannot store before calling it', async () => {
    expect(await errorOf(await send('POST', 'genericContact', { firstName: 'Only' }))).toEqual({
      status: 400,
      error: 'CONNECTOR::OPERATION::BAD_REQUEST',
      message: 'body: Dialpad needs firstName and lastName to create a contact',
    });
    expect(await errorOf(await send('POST', 'genericContact', { firstName: 'A', lastName: 'B', companies: [{ id: '1' }] }))).toEqual({
      status: 400,
      error: 'CONNECTOR::OPERATION::BAD_REQUEST',
      message: 'body.companies: Dialpad contacts have no company references',
    });
  });

  it("maps Dialpad's 400 and 404 answers", async () => {
    expect(await errorOf(await send('POST', 'genericContact', { firstName: 'A', lastName: 'B', phone: 'call me now' }))).toEqual({
      status: 400,
      error: 'CONNECTOR::OPERATION::BAD_REQUEST',
      message: 'Dialpad: Invalid phone number: call me now',
    });
    for (const response of [
      await call('genericContact/404404'),
      await send('PATCH', 'genericContact/404404', { firstName: 'X' }),
      await call('genericContact/404404', { method: 'DELETE' }),
    ]) {
      expect(await errorOf(response)).toEqual({
        status: 404,
        error: 'CONNECTOR::OPERATION::RESOURCE_NOT_FOUND',
        message: 'Dialpad: Contact 404404 not found',
      });
    }
  });

  it('returns vendor data that breaks a constraint, with a FIELD_CONSTRAINT warning', async () => {
    const { records } = await walk('genericContact', 100);
    const legacy = records.find((record) => record.fields.lastName === 'Import') as Resource;
    expect(legacy.fields.email).toBe('front desk at globex');
    expect(legacy.warnings).toEqual([{ code: 'FIELD_CONSTRAINT', message: 'fields.email: must be an e-mail address' }]);
    const one = await retrieve('genericContact', legacy.id);
    expect(one.warnings).toEqual(legacy.warnings);
  });
});

describe('genericUser on Dialpad', () => {
  it('lists and retrieves users', async () => {
    const page = await list('genericUser');
    expect(page).toMatchObject({ object: 'list', next: null });
    expect(page.data).toHaveLength(5);
    for (const user of page.data) {
      expect(user).toMatchObject({ object: 'resource', model: 'genericUser', id: matching(/^\d+$/), warnings: [] });
      expect(user.fields).toEqual({ firstName: anyString, lastName: anyString, email: anyString });
      expect(user.createdAt).toMatch(ISO_MS);
    }
    const first = page.data[0] as Resource;
    expect(first.fields.email).toBe('sandbox.user@dialpad.example.com');
    const one = await retrieve('genericUser', first.id);
    expect(one).toMatchObject({ id: first.id, remote: { id: first.id }, fields: first.fields });
  });

  it('filters by e-mail (Dialpad `email`)', async () => {
    const page = await list('genericUser?filter[email]=ava.patel@dialpad.example.com');
    expect(page.data.map((user) => user.fields.lastName)).toEqual(['Patel']);
  });

  it('answers 404 for an unknown user, with or without a Dialpad-shaped id', async () => {
    for (const id of ['123', 'not-a-number']) {
      expect(await errorOf(await call(`genericUser/${id}`))).toMatchObject({
        status: 404,
        error: 'CONNECTOR::OPERATION::RESOURCE_NOT_FOUND',
      });
    }
  });
});

describe('telephonyCall on Dialpad', () => {
  it('walks every call once across pages smaller than Dialpad pages', async () => {
    const { pages, records } = await walk('telephonyCall', 7);
    expect(pages.map((page) => page.data.length)).toEqual([7, 7, 7, 4]);
    expect(new Set(records.map((record) => record.id)).size).toBe(25);
    expect(pages.at(-1)?.next).toBeNull();
    const big = await list('telephonyCall?limit=100');
    expect(big.data.map((record) => record.id)).toEqual(records.map((record) => record.id));
    expect(big.next).toBeNull();
  });

  it('maps a completed call: times in ISO UTC with ms, seconds, recording, participants, numbers, transcript', async () => {
    const { records } = await walk('telephonyCall', 100);
    const completed = records.find((record) => record.fields.status === 'completed') as Resource;
    const one = await retrieve('telephonyCall', completed.id);
    const raw = one.rawResource as Record<string, string | number | Record<string, string>>;
    expect(one.fields).toEqual({
      direction: raw.direction,
      status: 'completed',
      startedAt: new Date(Number(raw.date_started)).toISOString(),
      answeredAt: new Date(Number(raw.date_connected)).toISOString(),
      endedAt: new Date(Number(raw.date_ended)).toISOString(),
      duration: Math.round(Number(raw.duration) / 1000),
      recordingUrl: `https://sandbox.dialpad.com/r/${one.id}.mp3`,
      users: [like({ id: (raw.target as Record<string, string>).id, object: 'resourceRef', model: 'genericUser' })],
      contacts: [like({ id: (raw.contact as Record<string, string>).id, object: 'resourceRef', model: 'genericContact' })],
      internalNumber: raw.internal_number,
      externalNumber: raw.external_number,
      transcript: {
        id: one.id,
        object: 'resourceRef',
        model: 'telephonyCallTranscript',
        fields: null,
        rawResource: null,
        remote: { id: one.id },
      },
    });
    expect(one.fields.startedAt).toMatch(ISO_MS);
    expect(one.createdAt).toBe(one.fields.startedAt);
    expect(one.warnings).toEqual([]);
  });

  it('maps missed and voicemail calls, which have no transcript', async () => {
    const { records } = await walk('telephonyCall', 100);
    const missed = records.find((record) => record.fields.status === 'missed') as Resource;
    const voicemail = records.find((record) => record.fields.status === 'voicemail') as Resource;
    for (const record of [missed, voicemail]) {
      expect(record.fields.transcript).toBeUndefined();
      expect(record.fields.answeredAt).toBeUndefined();
      expect(record.fields.duration).toBe(0);
    }
    expect(await errorOf(await call(`telephonyCallTranscript/${missed.id}`))).toMatchObject({
      status: 404,
      error: 'CONNECTOR::OPERATION::RESOURCE_NOT_FOUND',
      message: `Dialpad: No transcript for call ${missed.id}`,
    });
  });

  it('filters by start time and user (Dialpad started_after, started_before, target_id)', async () => {
    const { records } = await walk('telephonyCall', 100);
    const pivot = records[4]?.fields.startedAt as string;
    const after = await walk('telephonyCall', 100, `&filter[startedAfter]=${encodeURIComponent(pivot)}`);
    expect(after.records.map((record) => record.id)).toEqual(records.slice(0, 4).map((record) => record.id));
    const before = await walk('telephonyCall', 100, `&filter[startedBefore]=${encodeURIComponent(pivot)}`);
    expect(before.records.map((record) => record.id)).toEqual(records.slice(5).map((record) => record.id));
    const userId = (records[0]?.fields.users as Ref[])[0]?.id ?? '';
    const mine = await walk('telephonyCall', 100, `&filter[userId]=${userId}`);
    expect(mine.records).toHaveLength(5);
    expect(mine.records.every((record) => (record.fields.users as Ref[]).some((user) => user.id === userId))).toBe(true);
  });

  it('refuses a malformed or unknown filter, naming it', async () => {
    expect(await errorOf(await call('telephonyCall?filter[startedAfter]=soon'))).toEqual({
      status: 400,
      error: 'SERVICE::BAD_REQUEST',
      message: 'query.filter[startedAfter]: must be an ISO 8601 date-time',
    });
    expect((await errorOf(await call('telephonyCall?filter[direction]=inbound'))).message).toBe(
      'query.filter[direction]: not a filter of telephonyCall on dialpad (use startedAfter, startedBefore, userId)',
    );
  });

  it('expands the transcript and the participants', async () => {
    const { records } = await walk('telephonyCall', 100);
    const completed = records.find((record) => record.fields.status === 'completed') as Resource;
    const one = await retrieve('telephonyCall', completed.id, '?expand=transcript,users&fields=status');
    expect(Object.keys(one.fields).sort()).toEqual(['status', 'transcript', 'users']);
    const transcript = one.fields.transcript as Ref;
    expect(transcript).toMatchObject({
      id: completed.id,
      object: 'resourceRef',
      model: 'telephonyCallTranscript',
      remote: { id: completed.id },
    });
    expect((transcript.fields?.segments as unknown[]).length).toBe(4);
    expect((one.fields.users as Ref[])[0]?.fields).toEqual({
      firstName: anyString,
      lastName: anyString,
      email: anyString,
    });
  });

  it('answers 404 for unknown calls and for actions Dialpad cannot do', async () => {
    expect(await errorOf(await call('telephonyCall/123456'))).toEqual({
      status: 404,
      error: 'CONNECTOR::OPERATION::RESOURCE_NOT_FOUND',
      message: 'Dialpad: Call 123456 not found',
    });
    expect(await errorOf(await call('telephonyCall/abc'))).toMatchObject({
      status: 404,
      error: 'CONNECTOR::OPERATION::RESOURCE_NOT_FOUND',
    });
    expect(await errorOf(await send('POST', 'telephonyCall', { direction: 'outbound' }))).toEqual({
      status: 404,
      error: 'CONNECTOR::OPERATION::NOT_FOUND',
      message: 'Dialpad cannot create telephonyCall',
    });
  });
});

describe('telephonyCallTranscript on Dialpad', () => {
  it('retrieves a transcript by call id: speakers and segments in seconds from the call start', async () => {
    const { records } = await walk('telephonyCall', 100);
    const completed = records.find((record) => record.fields.status === 'completed') as Resource;
    const transcript = await retrieve('telephonyCallTranscript', completed.id);
    expect(transcript).toMatchObject({
      object: 'resource',
      model: 'telephonyCallTranscript',
      id: completed.id,
      remote: { id: completed.id },
      warnings: [],
    });
    const userId = (completed.fields.users as Ref[])[0]?.id ?? '';
    const contactId = (completed.fields.contacts as Ref[])[0]?.id ?? '';
    expect(transcript.fields.call).toMatchObject({ id: completed.id, object: 'resourceRef', model: 'telephonyCall' });
    expect(transcript.fields.duration).toBe(completed.fields.duration);
    expect(transcript.fields.speakers).toEqual([
      {
        id: `user:${userId}`,
        origin: 'internal',
        name: anyString,
        user: like({ id: userId, model: 'genericUser' }),
      },
      {
        id: `contact:${contactId}`,
        origin: 'external',
        name: anyString,
        contact: like({ id: contactId, model: 'genericContact' }),
      },
    ]);
    // Seeded lines: 8 s of ringing, then speech at +1, +4.5, +9 and +14.2 s after the answer (a Dialpad Ai moment is skipped).
    const endedAt = (Date.parse(completed.fields.endedAt as string) - Date.parse(completed.fields.startedAt as string)) / 1000;
    expect(transcript.fields.segments).toEqual([
      { start: 9, end: 12.5, text: matching(/^Hello/), speakerId: `user:${userId}` },
      { start: 12.5, end: 17, text: anyString, speakerId: `contact:${contactId}` },
      { start: 17, end: 22.2, text: anyString, speakerId: `user:${userId}` },
      { start: 22.2, end: endedAt, text: anyString, speakerId: `contact:${contactId}` },
    ]);
  });

  it('expands its call', async () => {
    const { records } = await walk('telephonyCall', 100);
    const completed = records.find((record) => record.fields.status === 'completed') as Resource;
    const transcript = await retrieve('telephonyCallTranscript', completed.id, '?expand=call');
    expect(transcript.fields.call).toMatchObject({
      id: completed.id,
      model: 'telephonyCall',
      fields: { status: 'completed', direction: completed.fields.direction },
    });
  });

  it('has no list on Dialpad', async () => {
    expect(await errorOf(await call('telephonyCallTranscript'))).toMatchObject({ status: 404, error: 'CONNECTOR::OPERATION::NOT_FOUND' });
  });
});

describe('gating and credentials', () => {
  it('answers 404 CONNECTOR::RESOURCE_MODEL::NOT_FOUND for a model Dialpad does not serve', async () => {
    expect(await errorOf(await call('crmOpportunity'))).toEqual({
      status: 404,
      error: 'CONNECTOR::RESOURCE_MODEL::NOT_FOUND',
      message: 'Dialpad does not serve crmOpportunity',
    });
  });

  it("refuses operations outside the connection's, with the key pair", async () => {
    expect((await list('genericContact?limit=1')).object).toBe('list');
    expect(await errorOf(await call('genericContact/1', {}, 'limited-owner'))).toEqual({
      status: 400,
      error: 'SERVICE::BAD_REQUEST',
      message: "The connection does not allow genericContact::retrieve: add it to the connection's operations",
    });
    expect((await ok<Page>(await call('genericContact?limit=1', {}, 'limited-owner'))).object).toBe('list');
  });

  it("refuses operations outside the session's", async () => {
    const session = await ok<{ sessionToken: string }>(
      await service.call(
        `/v1/connections/dialpad/${OWNER}/sessions`,
        json('POST', { connection: { operations: ['telephonyCall::list'] } }),
      ),
      201,
    );
    const withSession = (path: string) =>
      service.call(`/v1/resources/${path}`, { auth: false, headers: { 'x-session-token': session.sessionToken } });
    const page = await ok<Page>(await withSession('telephonyCall?limit=2'));
    expect(page.data).toHaveLength(2);
    expect(await errorOf(await withSession(`telephonyCall/${page.data[0]?.id ?? ''}`))).toEqual({
      status: 400,
      error: 'SERVICE::BAD_REQUEST',
      message: 'This session does not allow telephonyCall::retrieve; create a session that includes it',
    });
  });

  it('refreshes an expired access token in the middle of a request', async () => {
    const { expireSandboxAccessTokens, sandboxStats } = await import('@/server/connectors/sandbox');
    expireSandboxAccessTokens('dialpad');
    const before = sandboxStats('dialpad').refreshGrants;
    expect((await list('genericContact?limit=3')).data).toHaveLength(3);
    expect(sandboxStats('dialpad').refreshGrants - before).toBe(1);
  });
});

describe("Dialpad's OpenAPI description", () => {
  it('holds every request the connector sent and every response the fake returned', () => {
    const summary = {
      requests: check.counts.requests,
      responses: check.counts.responses,
      errorResponses: check.counts.errorResponses,
      allowed: check.allowed.length,
      allowedFields: [
        ...new Set(check.allowed.map((violation) => `${violation.operationId} ${violation.message.replace(/\/\d+\//g, '/*/')}`)),
      ].length,
      operations: Object.fromEntries(check.operations),
    };
    console.info('Dialpad spec check', JSON.stringify(summary));
    expect(check.violations).toEqual([]);
    expect(check.counts.requests).toBeGreaterThan(50);
    expect(check.counts.responses).toBe(check.counts.requests);
    expect([...check.operations.keys()].sort()).toEqual(
      [
        'call.get_call_info',
        'call.list',
        // Identity capture at authorization (not a resource call, checked all the same).
        'company.get',
        'contacts.create',
        'contacts.delete',
        'contacts.get',
        'contacts.list',
        'contacts.update',
        'transcripts.get',
        'users.get',
        'users.list',
      ].sort(),
    );
    // Every accepted violation is the int64-as-string inaccuracy, never anything else.
    expect(check.allowed.every((violation) => violation.reason === ALLOW[0]?.reason)).toBe(true);
  });

  it('catches a request and a response that break it (the check itself works)', async () => {
    const probe = await vendorSpecCheck({ specFile: SPEC_FILE, sandboxPrefix: '/sandbox/dialpad', apiPrefix: '/api/v2/', allow: ALLOW });
    const handler = probe.wrap(() => Promise.resolve(Response.json({ items: 'not a list', cursor: 7 })));
    await handler(new Request('http://fake/sandbox/dialpad/api/v2/call?started_after=yesterday'));
    await handler(
      new Request('http://fake/sandbox/dialpad/api/v2/contacts', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ first_name: 'Only' }),
      }),
    );
    await handler(new Request('http://fake/sandbox/dialpad/api/v2/nowhere'));
    const seen = probe.violations.map(({ direction, operationId, message }) => `${direction} ${operationId} ${message}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        matching(/^request call\.list \/query\/started_after must be integer/),
        matching(/^response call\.list \/items must be array/),
        matching(/^response call\.list \/cursor must be string/),
        "request contacts.create /requestBody must have required property 'last_name'",
        'request (none) no operation in the spec for GET /api/v2/nowhere',
      ]),
    );
  });
});
