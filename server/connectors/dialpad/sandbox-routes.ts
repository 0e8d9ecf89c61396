import { json } from '../sandbox-kit/http';
import { bearerRoute, type FakeRoute } from '../sandbox-kit/types';
import { accountData, type FakeContact, type FakeTranscriptLine } from './sandbox-data';
import { badRequest, notFound } from './sandbox-errors';
import { emitContactEvent } from './sandbox-events';
import { page, toE164 } from './sandbox-paging';

export { DIALPAD_PAGE_SIZE } from './sandbox-paging';

function contactView(contact: FakeContact) {
  return {
    ...contact,
    ...(contact.emails[0] ? { primary_email: contact.emails[0] } : {}),
    ...(contact.phones[0] ? { primary_phone: contact.phones[0] } : {}),
  };
}

interface ContactInput {
  first_name?: unknown;
  last_name?: unknown;
  emails?: unknown;
  phones?: unknown;
  company_name?: unknown;
  job_title?: unknown;
  owner_id?: unknown;
}

async function readInput(request: Request): Promise<ContactInput | Response> {
  try {
    const body = (await request.json()) as unknown;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return badRequest('The request body must be a JSON object');
    return body;
  } catch {
    return badRequest('The request body is not valid JSON');
  }
}

function stringList(value: unknown, field: string): string[] | Response | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) return badRequest(`${field} must be a list of strings`);
  return value as string[];
}

/** Applies a create or update body to a contact; answers Dialpad's 400 for what it refuses. */
function applyInput(contact: FakeContact, input: ContactInput, isCreate: boolean): Response | undefined {
  for (const field of ['first_name', 'last_name'] as const) {
    const value = input[field];
    if (value === undefined || value === null) {
      if (isCreate) return badRequest(`${field} is required`);
    } else if (typeof value !== 'string' || !value.trim()) return badRequest(`${field} must be a non-empty string`);
    else contact[field] = value;
  }
  const emails = stringList(input.emails, 'emails');
  if (emails instanceof Response) return emails;
  if (emails) {
    const bad = emails.find((email) => !/^[^\s@]+@[^\s@]+$/.test(email));
    if (bad !== undefined) return badRequest(`Invalid email address: ${bad}`);
    contact.emails = emails;
  }
  const phones = stringList(input.phones, 'phones');
  if (phones instanceof Response) return phones;
  if (phones) {
    const normalised = phones.map(toE164);
    const bad = phones.find((_, index) => normalised[index] === undefined);
    if (bad !== undefined) return badRequest(`Invalid phone number: ${bad}`);
    contact.phones = normalised as string[];
  }
  for (const field of ['company_name', 'job_title'] as const) if (typeof input[field] === 'string') contact[field] = input[field];
  contact.display_name = `${contact.first_name} ${contact.last_name}`;
  return undefined;
}

const isInt64 = (value: string) => /^\d{1,19}$/.test(value);

function transcriptView(callId: string, lines: readonly FakeTranscriptLine[]) {
  return { call_id: callId, lines };
}

/**
 * The Dialpad fake's record routes: contacts (CRUD), users, calls and transcripts, with the operations, query
 * parameters and shapes of vendor-specs/dialpad/openapi.json and Dialpad's `{ items, cursor }` pagination. A
 * contact write also sends Dialpad's contact event to the subscribed webhooks (sandbox-events.ts).
 */
export const dialpadRecordRoutes: readonly FakeRoute[] = [
  // contacts.list: shared contacts, or the local contacts of `owner_id`.
  bearerRoute('GET', '/api/v2/contacts', ({ grant, url }) => {
    const ownerId = url.searchParams.get('owner_id');
    const includeLocal = url.searchParams.get('include_local') === 'true';
    const contacts = [...accountData(grant.account).contacts.values()].filter((contact) =>
      ownerId ? contact.owner_id === ownerId : contact.type === 'shared' || includeLocal,
    );
    return page(contacts, url, contactView);
  }),
  // contacts.create: a shared contact unless `owner_id` names a user.
  bearerRoute('POST', '/api/v2/contacts', async ({ grant, request }) => {
    const input = await readInput(request);
    if (input instanceof Response) return input;
    const data = accountData(grant.account);
    const ownerId = typeof input.owner_id === 'string' ? input.owner_id : undefined;
    if (ownerId && !data.users.some((user) => user.id === ownerId)) return badRequest(`Unknown owner_id: ${ownerId}`);
    const contact: FakeContact = {
      id: String(grant.account.number(`contact-${data.nextContact}`, 15)),
      first_name: '',
      last_name: '',
      display_name: '',
      emails: [],
      phones: [],
      ...(ownerId ? { owner_id: ownerId, type: 'local' as const } : { type: 'shared' as const }),
    };
    const refused = applyInput(contact, input, true);
    if (refused) return refused;
    data.nextContact += 1;
    data.contacts.set(contact.id, contact);
    emitContactEvent(grant.account, 'Created', contactView(contact));
    return json(contactView(contact));
  }),
  // contacts.get
  bearerRoute('GET', '/api/v2/contacts/:id', ({ grant, params }) => {
    const contact = accountData(grant.account).contacts.get(params.id ?? '');
    return contact ? json(contactView(contact)) : notFound(`Contact ${params.id} not found`);
  }),
  // contacts.update: only the fields given change; `emails` and `phones` are replaced as a whole.
  bearerRoute('PATCH', '/api/v2/contacts/:id', async ({ grant, params, request }) => {
    const contact = accountData(grant.account).contacts.get(params.id ?? '');
    if (!contact) return notFound(`Contact ${params.id} not found`);
    const input = await readInput(request);
    if (input instanceof Response) return input;
    // Validate on a copy: a refused update changes nothing.
    const draft: FakeContact = { ...contact, emails: [...contact.emails], phones: [...contact.phones] };
    const refused = applyInput(draft, input, false);
    if (refused) return refused;
    Object.assign(contact, draft);
    emitContactEvent(grant.account, 'Updated', contactView(contact));
    return json(contactView(contact));
  }),
  // contacts.delete: answers the deleted contact.
  bearerRoute('DELETE', '/api/v2/contacts/:id', ({ grant, params }) => {
    const { contacts } = accountData(grant.account);
    const contact = contacts.get(params.id ?? '');
    if (!contact) return notFound(`Contact ${params.id} not found`);
    contacts.delete(contact.id);
    emitContactEvent(grant.account, 'Deleted', contactView(contact));
    return json(contactView(contact));
  }),
  // users.list
  bearerRoute('GET', '/api/v2/users', ({ grant, url }) => {
    const email = url.searchParams.get('email')?.toLowerCase();
    const users = accountData(grant.account).users.filter((user) => !email || user.emails.includes(email));
    return page(users, url, (user) => user);
  }),
  // users.get
  bearerRoute('GET', '/api/v2/users/:id', ({ grant, params }) => {
    const user = accountData(grant.account).users.find((candidate) => candidate.id === params.id);
    return user ? json(user) : notFound(`User ${params.id} not found`);
  }),
  // call.list: newest first; `started_after` / `started_before` are epoch milliseconds.
  bearerRoute('GET', '/api/v2/call', ({ grant, url }) => {
    const bounds: Record<string, number | undefined> = {};
    for (const name of ['started_after', 'started_before', 'target_id']) {
      const value = url.searchParams.get(name);
      if (value === null) continue;
      if (!isInt64(value)) return badRequest(`${name} must be an integer`);
      bounds[name] = Number(value);
    }
    const targetType = url.searchParams.get('target_type');
    if (bounds.target_id !== undefined && !targetType) return badRequest('target_type is required with target_id');
    const calls = accountData(grant.account).calls.filter((call) => {
      const started = Number(call.date_started);
      if (bounds.started_after !== undefined && started <= bounds.started_after) return false;
      if (bounds.started_before !== undefined && started >= bounds.started_before) return false;
      if (bounds.target_id !== undefined && (call.target.type !== targetType || call.target.id !== String(bounds.target_id))) return false;
      return true;
    });
    return page(calls, url, (call) => call);
  }),
  // call.get_call_info
  bearerRoute('GET', '/api/v2/call/:id', ({ grant, params }) => {
    const id = params.id ?? '';
    if (!isInt64(id)) return badRequest('id must be an integer');
    const call = accountData(grant.account).calls.find((candidate) => candidate.call_id === id);
    return call ? json(call) : notFound(`Call ${id} not found`);
  }),
  // transcripts.get: only connected calls have a Dialpad Ai transcript.
  bearerRoute('GET', '/api/v2/transcripts/:call_id', ({ grant, params }) => {
    const id = params.call_id ?? '';
    if (!isInt64(id)) return badRequest('call_id must be an integer');
    const lines = accountData(grant.account).transcripts.get(id);
    return lines ? json(transcriptView(id, lines)) : notFound(`No transcript for call ${id}`);
  }),
];
