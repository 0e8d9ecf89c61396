import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { base64url, decodeJwt, decodeProtectedHeader } from 'jose';
import { AppError } from '../../errors';
import type { ConnectorCallContext, ConnectorEvents, InboundChange, SubscriptionWanted } from '../framework';
import { callFromDialpad, type DialpadCall } from './mappers/call';
import { contactFromDialpad, type DialpadContact } from './mappers/contact';
import { epochMsToIso, int64Id, int64Number } from './mappers/shared';

/**
 * Dialpad's native events (https://developers.dialpad.com/docs/call-events, …/contact-events): one webhook
 * (`webhooks.create`, with our secret) and, on it, a call event subscription and contact event subscriptions.
 * Dialpad then POSTs each event as a compact JWT signed HS256 with the webhook's secret.
 */

// The first states Dialpad reports for a call: `calling` for an outbound call, `ringing` for an inbound one.
export const CALL_CREATED_STATES = ['calling', 'ringing'] as const;
// Later states worth an update: answered, held, ended, missed, voicemail, recording available.
export const CALL_UPDATED_STATES = ['connected', 'hold', 'hangup', 'missed', 'voicemail', 'recording'] as const;
// Contact subscriptions are per contact type (CreateContactEventSubscription.contact_type is required).
const CONTACT_TYPES = ['shared', 'local'] as const;

/** How far `iat` may be from our clock, and how long after `exp` a token is still taken (clock skew). */
export const DIALPAD_TOKEN_WINDOW_MS = 5 * 60_000;
const EXP_LEEWAY_MS = 30_000;

interface DialpadWebhook {
  id?: string | number | null;
  hook_url?: string | null;
}
interface DialpadSubscription {
  id?: string | number | null;
}

/** What `subscribe` stores between calls (all strings: the service keeps it as `Record<string, string>`). */
interface HookState {
  webhookId?: string;
  hookUrl?: string;
  /** A digest of the secret the webhook was given, to tell when it must be updated (never the secret). */
  secretDigest?: string;
  callSubscriptionId?: string;
  callStates?: string;
  contactSharedSubscriptionId?: string;
  contactLocalSubscriptionId?: string;
}

const contactKey = (type: (typeof CONTACT_TYPES)[number]) =>
  type === 'shared' ? ('contactSharedSubscriptionId' as const) : ('contactLocalSubscriptionId' as const);
const digest = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

// Dialpad types ids as int64 in request bodies; send a JSON number when it is exact, else the proto3 string form.
function int64Value(id: string): number | string {
  const value = Number(id);
  return Number.isSafeInteger(value) ? value : id;
}

function requireId(body: { id?: string | number | null }, what: string): string {
  const id = int64Id(body.id);
  if (!id) throw new AppError('CONNECTOR::WEBHOOK::SUBSCRIPTION_FAILED', `Dialpad answered a ${what} without an id`);
  return id;
}

const isNotFound = (error: unknown) => error instanceof AppError && error.code === 'CONNECTOR::OPERATION::RESOURCE_NOT_FOUND';

/** DELETE that treats "already gone" as done. */
async function deleteIgnoringMissing(ctx: ConnectorCallContext, path: string): Promise<void> {
  try {
    await ctx.request({ method: 'DELETE', path });
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
}

/** The call states wanted for the telephonyCall triggers, in a stable order; empty when none is wanted. */
export function callStatesFor(wanted: readonly SubscriptionWanted[]): string[] {
  const triggers = new Set(wanted.filter((item) => item.model === 'telephonyCall').map((item) => item.trigger));
  return [...(triggers.has('created') ? CALL_CREATED_STATES : []), ...(triggers.has('updated') ? CALL_UPDATED_STATES : [])];
}

/** The webhook part of the state (only it): the subscriptions are added as they are made. */
async function ensureWebhook(ctx: ConnectorCallContext, state: HookState, hookUrl: string, secret: string): Promise<HookState> {
  const secretDigest = digest(secret);
  if (state.webhookId) {
    const current = { webhookId: state.webhookId, hookUrl, secretDigest };
    if (state.hookUrl === hookUrl && state.secretDigest === secretDigest) return current;
    try {
      await ctx.request({ method: 'PATCH', path: `/api/v2/webhooks/${state.webhookId}`, body: { hook_url: hookUrl, secret } });
      return current;
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
  // No webhook yet, or it was removed at Dialpad (with its subscriptions): start over.
  const created = await ctx.request<DialpadWebhook>({ method: 'POST', path: '/api/v2/webhooks', body: { hook_url: hookUrl, secret } });
  return { webhookId: requireId(created.body, 'webhook'), hookUrl, secretDigest };
}

/** Creates, updates or removes one subscription so it matches `body` (undefined: not wanted). */
async function syncSubscription(
  ctx: ConnectorCallContext,
  collection: string,
  currentId: string | undefined,
  body: Record<string, unknown> | undefined,
  isCurrent: boolean,
): Promise<string | undefined> {
  if (!body) {
    if (currentId) await deleteIgnoringMissing(ctx, `${collection}/${currentId}`);
    return undefined;
  }
  if (currentId) {
    if (isCurrent) return currentId;
    try {
      await ctx.request({ method: 'PATCH', path: `${collection}/${currentId}`, body });
      return currentId;
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
  const created = await ctx.request<DialpadSubscription>({ method: 'POST', path: collection, body });
  return requireId(created.body, 'subscription');
}

export async function subscribeDialpad(
  ctx: ConnectorCallContext,
  input: { hookUrl: string; secret: string; wanted: readonly SubscriptionWanted[]; state: Record<string, string> | null },
): Promise<Record<string, string>> {
  const previous: HookState = input.state ?? {};
  const hook = await ensureWebhook(ctx, previous, input.hookUrl, input.secret);
  // Filled as the subscriptions are made, so a failure half-way knows what exists.
  const next: HookState = { ...hook };
  try {
    await syncSubscriptions(ctx, previous, next, input.wanted);
  } catch (error) {
    // The service keeps the previous state when this fails: remove a webhook made by this call, or it would be
    // orphaned at Dialpad (with any subscription already put on it).
    if (next.webhookId !== previous.webhookId) await unsubscribeDialpad(ctx, stateRecord(next)).catch(() => undefined);
    throw error;
  }
  return stateRecord(next);
}

const stateRecord = (state: HookState): Record<string, string> =>
  Object.fromEntries(Object.entries(state).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));

async function syncSubscriptions(
  ctx: ConnectorCallContext,
  previous: HookState,
  next: HookState,
  wanted: readonly SubscriptionWanted[],
): Promise<void> {
  // A new webhook means the old subscriptions went with the old one.
  const sameHook = next.webhookId === previous.webhookId;
  const endpointId = int64Value(next.webhookId ?? '');

  const states = callStatesFor(wanted);
  const callId = await syncSubscription(
    ctx,
    '/api/v2/subscriptions/call',
    sameHook ? previous.callSubscriptionId : undefined,
    states.length ? { endpoint_id: endpointId, call_states: states, enabled: true } : undefined,
    previous.callStates === states.join(','),
  );
  if (callId) Object.assign(next, { callSubscriptionId: callId, callStates: states.join(',') });

  // Dialpad's contact subscription sends created, updated and deleted alike; the service drops the unwanted ones.
  const wantsContacts = wanted.some((item) => item.model === 'genericContact');
  for (const type of CONTACT_TYPES) {
    const id = await syncSubscription(
      ctx,
      '/api/v2/subscriptions/contact',
      sameHook ? previous[contactKey(type)] : undefined,
      wantsContacts ? { endpoint_id: endpointId, contact_type: type, enabled: true } : undefined,
      true,
    );
    if (id) next[contactKey(type)] = id;
  }
}

export async function unsubscribeDialpad(ctx: ConnectorCallContext, state: Record<string, string>): Promise<void> {
  const hook = state as HookState;
  // Subscriptions first: they point at the webhook.
  if (hook.callSubscriptionId) await deleteIgnoringMissing(ctx, `/api/v2/subscriptions/call/${hook.callSubscriptionId}`);
  for (const type of CONTACT_TYPES) {
    const id = hook[contactKey(type)];
    if (id) await deleteIgnoringMissing(ctx, `/api/v2/subscriptions/contact/${id}`);
  }
  if (hook.webhookId) await deleteIgnoringMissing(ctx, `/api/v2/webhooks/${hook.webhookId}`);
}

export type TokenCheck = { claims: Record<string, unknown> } | { error: string };

/** Verifies the compact JWS (HS256 only) in constant time and checks `iat` / `exp`; answers the claims or a reason. */
export function verifyDialpadToken(token: string, secret: string, now: number): TokenCheck {
  const parts = token.trim().split('.');
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]*$/.test(part))) return { error: 'the body is not a compact JWT' };
  const [header, payload, signature] = parts as [string, string, string];
  let alg: unknown;
  let claims: Record<string, unknown>;
  try {
    alg = decodeProtectedHeader(token.trim()).alg;
    claims = decodeJwt(token.trim());
  } catch {
    return { error: 'the body is not a compact JWT' };
  }
  // Only HS256 with our secret: `none` or any other algorithm named by the sender is refused before anything else.
  if (alg !== 'HS256') return { error: 'the token must be signed with HS256' };
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  let given: Uint8Array;
  try {
    given = base64url.decode(signature);
  } catch {
    return { error: 'the token signature is malformed' };
  }
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { error: 'the token signature does not match' };
  const iat = typeof claims.iat === 'number' ? claims.iat * 1000 : undefined;
  const exp = typeof claims.exp === 'number' ? claims.exp * 1000 : undefined;
  // A timestamp bounds how long a captured token can be replayed; a token with none is not taken.
  if (iat === undefined && exp === undefined) return { error: 'the token carries no iat or exp' };
  if (iat !== undefined && Math.abs(now - iat) > DIALPAD_TOKEN_WINDOW_MS)
    return { error: 'the token was issued outside the 5-minute window' };
  if (exp !== undefined && exp + EXP_LEEWAY_MS < now) return { error: 'the token has expired' };
  return { claims };
}

/** The event's own content without the token's claims, for an id that survives a re-signed redelivery. */
function eventDigest(claims: Record<string, unknown>): string {
  const { iat: _iat, exp: _exp, nbf: _nbf, ...event } = claims;
  return digest(JSON.stringify(event));
}

const CONTACT_TRIGGERS = new Map<string, InboundChange['trigger']>([
  ['created', 'created'],
  ['updated', 'updated'],
  ['deleted', 'deleted'],
]);

/** One verified Dialpad event → our changes; an event kind we do not subscribe to (sms, agent status…) gives none. */
export function dialpadChanges(claims: Record<string, unknown>, now: number): InboundChange[] | { error: string } {
  const issuedAt = typeof claims.iat === 'number' ? new Date(claims.iat * 1000).toISOString() : new Date(now).toISOString();
  if (claims.call_id !== undefined && typeof claims.state === 'string') {
    const call = claims as DialpadCall;
    const callId = int64Id(call.call_id);
    if (!callId) return { error: 'the call event has no call_id' };
    const state = claims.state;
    // Dialpad stamps each state transition (`event_timestamp`, epoch ms); the id is call + state + that moment.
    const stamp = int64Number(claims.event_timestamp) ?? int64Number(call.date_ended) ?? int64Number(call.date_connected);
    const occurredAt = epochMsToIso(stamp) ?? issuedAt;
    const isFirst = (CALL_CREATED_STATES as readonly string[]).includes(state);
    return [
      {
        vendorEventId: `call:${callId}:${state}:${stamp ?? eventDigest(claims)}`,
        model: 'telephonyCall',
        trigger: isFirst ? 'created' : 'updated',
        remoteId: callId,
        occurredAt,
        record: callFromDialpad(call),
      },
    ];
  }
  if (typeof claims.event === 'string' && claims.contact && typeof claims.contact === 'object') {
    // Contact events: `{ event: "Created" | "Updated" | "Deleted", contact: ContactProto }`.
    const trigger = CONTACT_TRIGGERS.get(claims.event.toLowerCase());
    const contact = claims.contact as DialpadContact;
    const contactId = typeof contact.id === 'string' || typeof contact.id === 'number' ? String(contact.id) : '';
    if (!trigger || !contactId) return { error: 'the contact event has no known event type or contact id' };
    return [
      {
        vendorEventId: `contact:${contactId}:${trigger}:${eventDigest(claims)}`,
        model: 'genericContact',
        trigger,
        remoteId: contactId,
        occurredAt: issuedAt,
        // A deletion carries the reference only (inbound-hooks.ts).
        ...(trigger === 'deleted' ? {} : { record: contactFromDialpad(contact) }),
      },
    ];
  }
  return [];
}

export function parseDialpadHook(input: { rawBody: string; secret: string; now: number }): InboundChange[] | { error: string } {
  const checked = verifyDialpadToken(input.rawBody, input.secret, input.now);
  return 'error' in checked ? checked : dialpadChanges(checked.claims, input.now);
}

export const dialpadEvents: ConnectorEvents = {
  subscribe: subscribeDialpad,
  unsubscribe: unsubscribeDialpad,
  parseHook: (input) => parseDialpadHook(input),
};
