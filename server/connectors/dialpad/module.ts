import { AppError } from '../../errors';
import type { ConnectorCallContext, ConnectorModule, ListPage, QueryValue, UnifiedRecord, VendorErrorClassification } from '../framework';
import { dialpad } from './declaration';
import { dialpadEvents } from './events';
import { callFromDialpad, type DialpadCall } from './mappers/call';
import { contactFromDialpad, contactToDialpad, type DialpadContact } from './mappers/contact';
import { transcriptFromDialpad, type DialpadTranscript } from './mappers/transcript';
import { userFromDialpad, type DialpadUser } from './mappers/user';

/** Dialpad list answers: `{ items, cursor }` (schemas.*.…Collection); the page size is Dialpad's, not ours. */
interface DialpadCollection<T> {
  items?: T[] | null;
  cursor?: string | null;
}

// One list call reads at most this many Dialpad pages to fill `limit`; the cursor resumes where it stopped.
const MAX_VENDOR_PAGES = 10;

/** Our cursor: Dialpad's cursor of the page to read, and how many of that page's items were already returned. */
interface Position {
  cursor?: string;
  skip: number;
}

function decodePosition(cursor: string | undefined): Position {
  if (!cursor) return { skip: 0 };
  let parsed: { c?: unknown; s?: unknown };
  try {
    parsed = JSON.parse(cursor) as { c?: unknown; s?: unknown };
  } catch {
    throw new AppError('SERVICE::BAD_REQUEST', 'query.cursor: is not a Dialpad list position');
  }
  const skip = typeof parsed.s === 'number' && Number.isInteger(parsed.s) && parsed.s >= 0 ? parsed.s : 0;
  return { ...(typeof parsed.c === 'string' && parsed.c ? { cursor: parsed.c } : {}), skip };
}

const encodePosition = (position: Position): string => JSON.stringify({ c: position.cursor, s: position.skip });

/**
 * Reads Dialpad pages until `limit` records are collected. Dialpad has no page-size parameter, so a page may hold
 * more than `limit`: the rest is returned next time by re-reading that page and skipping what was already sent.
 */
async function listPages<T>(
  ctx: ConnectorCallContext,
  path: string,
  query: Record<string, QueryValue>,
  options: { limit: number; cursor?: string },
  map: (item: T) => UnifiedRecord,
): Promise<ListPage> {
  let position = decodePosition(options.cursor);
  const records: UnifiedRecord[] = [];
  for (let read = 0; read < MAX_VENDOR_PAGES; read += 1) {
    const { body } = await ctx.request<DialpadCollection<T>>({ path, query: { ...query, cursor: position.cursor } });
    const available = (body.items ?? []).slice(position.skip);
    const room = options.limit - records.length;
    records.push(...available.slice(0, room).map(map));
    if (available.length > room) return { records, nextCursor: encodePosition({ ...position, skip: position.skip + room }) };
    if (!body.cursor) return { records };
    position = { cursor: body.cursor, skip: 0 };
    if (records.length === options.limit) break;
  }
  return { records, nextCursor: encodePosition(position) };
}

function badFilter(name: string, message: string): AppError {
  return new AppError('SERVICE::BAD_REQUEST', `query.filter[${name}]: ${message}`);
}

/** An ISO 8601 date-time filter → Dialpad's epoch milliseconds. */
function epochFilter(filter: Record<string, string>, name: string): number | undefined {
  const value = filter[name];
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(ms)) throw badFilter(name, 'must be an ISO 8601 date-time');
  return ms;
}

// Dialpad user and call ids are int64 (openapi.json types `call/{id}` and `transcripts/{call_id}` so): anything
// else cannot exist, and sending it would break the vendor's contract.
function requireInt64Id(id: string, what: string): string {
  if (!/^\d{1,19}$/.test(id)) throw new AppError('CONNECTOR::OPERATION::RESOURCE_NOT_FOUND', `Dialpad: no ${what} ${id}`);
  return id;
}

const contactPath = (id: string) => `/api/v2/contacts/${encodeURIComponent(id)}`;

function refuseUnsupported(fields: Record<string, unknown>): void {
  for (const key of ['companies', 'custom']) {
    if (fields[key] !== undefined) {
      throw new AppError(
        'CONNECTOR::OPERATION::BAD_REQUEST',
        `body.${key}: Dialpad contacts have no ${key === 'custom' ? 'custom fields' : 'company references'}`,
      );
    }
  }
}

async function getCall(ctx: ConnectorCallContext, id: string): Promise<DialpadCall> {
  return (await ctx.request<DialpadCall>({ path: `/api/v2/call/${requireInt64Id(id, 'call')}` })).body;
}

/**
 * Dialpad error bodies (not documented in its OpenAPI file; seen from the API): Google Cloud Endpoints style
 * `{ error: { code, message, errors: [{ domain, reason, message }] } }`. The status decides the kind, except
 * a `rateLimitExceeded` reason, which Dialpad has sent with 403 as well as 429.
 */
export function classifyDialpadError(status: number, body: unknown): VendorErrorClassification {
  const error = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  const detail = error && typeof error === 'object' ? (error as { message?: unknown; errors?: { reason?: unknown }[] }) : undefined;
  const reason = Array.isArray(detail?.errors) ? detail.errors[0]?.reason : undefined;
  const message =
    typeof detail?.message === 'string' && detail.message
      ? detail.message
      : typeof error === 'string' && error
        ? error
        : `the vendor answered HTTP ${status}`;
  if (status === 429 || reason === 'rateLimitExceeded') return { kind: 'rateLimited', message };
  if (status === 401) return { kind: 'unauthorized', message };
  if (status === 403) return { kind: 'forbidden', message };
  if (status === 404 || status === 410 || reason === 'notFound') return { kind: 'notFound', message };
  if (status === 409) return { kind: 'conflict', message };
  if (status >= 500) return { kind: 'server', message };
  return { kind: 'badRequest', message };
}

/** Dialpad: the models and actions of spec/connectors.md, mapped both ways. */
export const dialpadModule: ConnectorModule = {
  declaration: dialpad,
  models: {
    genericContact: {
      filters: ['ownerId'],
      list: (ctx, options) =>
        listPages<DialpadContact>(ctx, '/api/v2/contacts', { owner_id: options.filter.ownerId }, options, contactFromDialpad),
      async retrieve(ctx, id) {
        return contactFromDialpad((await ctx.request<DialpadContact>({ path: contactPath(id) })).body);
      },
      async create(ctx, fields) {
        refuseUnsupported(fields);
        const body = contactToDialpad(fields);
        // contacts.create requires first_name and last_name (schemas.contact.CreateContactMessage).
        if (!body.first_name || !body.last_name) {
          throw new AppError('CONNECTOR::OPERATION::BAD_REQUEST', 'body: Dialpad needs firstName and lastName to create a contact');
        }
        const created = (await ctx.request<DialpadContact>({ method: 'POST', path: '/api/v2/contacts', body })).body;
        return { id: created.id ?? '', remoteId: created.id ?? '' };
      },
      async update(ctx, id, fields) {
        refuseUnsupported(fields);
        const needsCurrent = fields.email !== undefined || fields.phone !== undefined;
        const existing = needsCurrent ? (await ctx.request<DialpadContact>({ path: contactPath(id) })).body : undefined;
        const body = contactToDialpad(fields, existing);
        const updated = (await ctx.request<DialpadContact>({ method: 'PATCH', path: contactPath(id), body })).body;
        return { id: updated.id ?? id, remoteId: updated.id ?? id };
      },
      async delete(ctx, id) {
        await ctx.request({ method: 'DELETE', path: contactPath(id) });
      },
    },
    genericUser: {
      filters: ['email'],
      list: (ctx, options) => listPages<DialpadUser>(ctx, '/api/v2/users', { email: options.filter.email }, options, userFromDialpad),
      async retrieve(ctx, id) {
        return userFromDialpad((await ctx.request<DialpadUser>({ path: `/api/v2/users/${requireInt64Id(id, 'user')}` })).body);
      },
    },
    telephonyCall: {
      filters: ['startedAfter', 'startedBefore', 'userId'],
      list(ctx, options) {
        const userId = options.filter.userId;
        if (userId !== undefined && !/^\d{1,19}$/.test(userId)) throw badFilter('userId', 'must be a Dialpad user id (digits)');
        const query: Record<string, QueryValue> = {
          started_after: epochFilter(options.filter, 'startedAfter'),
          started_before: epochFilter(options.filter, 'startedBefore'),
          ...(userId ? { target_id: userId, target_type: 'user' } : {}),
        };
        return listPages<DialpadCall>(ctx, '/api/v2/call', query, options, callFromDialpad);
      },
      async retrieve(ctx, id) {
        return callFromDialpad(await getCall(ctx, id));
      },
    },
    telephonyCallTranscript: {
      // Our transcript id is the call id; the call gives the start time that segments are measured from.
      async retrieve(ctx, id) {
        const [transcript, call] = await Promise.all([
          ctx.request<DialpadTranscript>({ path: `/api/v2/transcripts/${requireInt64Id(id, 'transcript')}` }),
          getCall(ctx, id),
        ]);
        return transcriptFromDialpad(transcript.body, call);
      },
    },
  },
  authHeaders: (credentials): Record<string, string> =>
    credentials.accessToken ? { authorization: `Bearer ${credentials.accessToken}` } : {},
  classifyError: classifyDialpadError,
  events: dialpadEvents,
};
