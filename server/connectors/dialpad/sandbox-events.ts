import { SignJWT } from 'jose';
import type { SandboxAccount } from '../sandbox-kit/accounts';
import { accountData, type FakeCall, type FakeCallParty } from './sandbox-data';
import { badRequest, dialpadError } from './sandbox-errors';

/**
 * The Dialpad fake's events: per account, the webhooks and call / contact event subscriptions (their routes are in
 * sandbox-event-routes.ts), and the events themselves. Like Dialpad, the fake POSTs each event to the hook URL of
 * every matching subscription as a compact JWT signed HS256 with the webhook's secret (plain JSON when the webhook
 * has none), after the API call that caused it has answered, with a small bounded retry.
 */

// Delays before the 2nd and 3rd delivery attempt; then the event is dropped (and logged in `sent`).
const RETRY_DELAYS_MS = [200, 1_000];
const DELIVERY_TIMEOUT_MS = 5_000;
// The time between two states of a simulated call.
const CALL_STEP_MS = 40;

export interface FakeWebhook {
  id: string;
  hook_url: string;
  secret?: string;
}
export interface FakeCallSubscription {
  id: string;
  webhookId: string;
  call_states: string[];
  enabled: boolean;
  group_calls_only: boolean;
  target_type?: string;
  target_id?: string;
}
export interface FakeContactSubscription {
  id: string;
  webhookId: string;
  contact_type: 'local' | 'shared';
  enabled: boolean;
}

/** One delivery the fake made (tests read it). */
export interface SentEvent {
  url: string;
  kind: 'call' | 'contact';
  attempts: number;
  status: number | null;
}

export interface EventStore {
  webhooks: Map<string, FakeWebhook>;
  callSubscriptions: Map<string, FakeCallSubscription>;
  contactSubscriptions: Map<string, FakeContactSubscription>;
  nextId: number;
  sent: SentEvent[];
}

const GLOBAL_KEY = '__unifiedIntegrationDialpadSandboxEvents';
interface Globals {
  stores: Map<string, EventStore>;
  failingSubscriptionCalls: number;
  /** How many webhook or subscription writes still succeed before the failing ones start. */
  succeedingSubscriptionCalls: number;
  pending: Set<Promise<void>>;
}
type Holder = typeof globalThis & { [GLOBAL_KEY]?: Globals };

function globals(): Globals {
  const holder = globalThis as Holder;
  holder[GLOBAL_KEY] ??= { stores: new Map(), failingSubscriptionCalls: 0, succeedingSubscriptionCalls: 0, pending: new Set() };
  return holder[GLOBAL_KEY];
}

/** The webhooks and subscriptions of one sandbox account. */
export function eventStore(account: SandboxAccount): EventStore {
  const { stores } = globals();
  let store = stores.get(account.email);
  if (!store) {
    store = { webhooks: new Map(), callSubscriptions: new Map(), contactSubscriptions: new Map(), nextId: 0, sent: [] };
    stores.set(account.email, store);
  }
  return store;
}

/**
 * Test switch: after `skip` more webhook or subscription writes (POST/PATCH), the next `count` answer Dialpad's
 * 403 (count 0 turns it off).
 */
export function failNextDialpadSubscriptionCalls(count = 1, options: { skip?: number } = {}): void {
  const state = globals();
  state.failingSubscriptionCalls = Math.max(0, Math.floor(count));
  state.succeedingSubscriptionCalls = Math.max(0, Math.floor(options.skip ?? 0));
}

/** Resolves when every event the fake has started to send is delivered or given up (tests). */
export async function dialpadEventsSettled(): Promise<void> {
  while (globals().pending.size > 0) await Promise.all([...globals().pending]);
}

/** Forgets every account's webhooks and subscriptions (tests). */
export function resetDialpadSandboxEvents(): void {
  const state = globals();
  state.stores.clear();
  state.failingSubscriptionCalls = 0;
  state.succeedingSubscriptionCalls = 0;
}

/** Dialpad's 403 while the test switch is on (webhook and subscription writes call it first). */
export function takeFailure(): Response | undefined {
  const state = globals();
  if (state.failingSubscriptionCalls <= 0) return undefined;
  if (state.succeedingSubscriptionCalls > 0) {
    state.succeedingSubscriptionCalls -= 1;
    return undefined;
  }
  state.failingSubscriptionCalls -= 1;
  return dialpadError(403, 'forbidden', 'This operation requires a company admin API key');
}

export const newId = (account: SandboxAccount, store: EventStore, kind: string) => {
  store.nextId += 1;
  return String(account.number(`${kind}-${store.nextId}`, 15));
};

async function signedBody(webhook: FakeWebhook, event: Record<string, unknown>): Promise<{ body: string; type: string }> {
  if (!webhook.secret) return { body: JSON.stringify(event), type: 'application/json' };
  const token = await new SignJWT(event)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(webhook.secret));
  return { body: token, type: 'application/jwt' };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function deliver(store: EventStore, webhook: FakeWebhook, kind: SentEvent['kind'], event: Record<string, unknown>): Promise<void> {
  const record: SentEvent = { url: webhook.hook_url, kind, attempts: 0, status: null };
  store.sent.push(record);
  for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt += 1) {
    if (attempt > 0) await sleep(RETRY_DELAYS_MS[attempt - 1] ?? 0);
    record.attempts += 1;
    try {
      // Signed per attempt, as a sender does: a retry carries a fresh `iat`.
      const { body, type } = await signedBody(webhook, event);
      const response = await fetch(webhook.hook_url, {
        method: 'POST',
        headers: { 'content-type': type },
        body,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await response.body?.cancel();
      record.status = response.status;
      // Retried on 429 and 5xx only: any other answer is the receiver's final word.
      if (response.status !== 429 && response.status < 500) return;
    } catch {
      record.status = null;
    }
  }
}

/** Runs `work` after the current request has been answered, and tracks it until it settles. */
function later(work: () => Promise<void>): void {
  const { pending } = globals();
  const task: Promise<void> = sleep(0)
    .then(work)
    .catch(() => undefined)
    .finally(() => pending.delete(task));
  pending.add(task);
}

function sendToEach(store: EventStore, webhookIds: Iterable<string>, kind: SentEvent['kind'], event: Record<string, unknown>) {
  const webhooks = [...new Set(webhookIds)].flatMap((id) => store.webhooks.get(id) ?? []);
  return Promise.all(webhooks.map((webhook) => deliver(store, webhook, kind, event)));
}

/** A contact changed through the API: Dialpad's contact event `{ event, contact }` to every matching subscription. */
export function emitContactEvent(
  account: SandboxAccount,
  event: 'Created' | 'Updated' | 'Deleted',
  contact: Record<string, unknown>,
): void {
  const store = eventStore(account);
  const targets = [...store.contactSubscriptions.values()]
    .filter((subscription) => subscription.enabled && subscription.contact_type === contact.type)
    .map((subscription) => subscription.webhookId);
  if (targets.length === 0) return;
  later(async () => {
    await sendToEach(store, targets, 'contact', { event, contact });
  });
}

function callTargets(store: EventStore, call: FakeCall): string[] {
  return [...store.callSubscriptions.values()]
    .filter(
      (subscription) =>
        subscription.enabled &&
        (subscription.call_states.includes('all') || subscription.call_states.includes(call.state)) &&
        (!subscription.target_type || (subscription.target_type === call.target.type && subscription.target_id === call.target.id)),
    )
    .map((subscription) => subscription.webhookId);
}

/** Moves a new call through its states, one event per state, each sent before the next state begins. */
function runCall(account: SandboxAccount, call: FakeCall, steps: readonly ((call: FakeCall, at: number) => void)[]): void {
  const store = eventStore(account);
  later(async () => {
    for (const step of steps) {
      const at = Date.now();
      step(call, at);
      await sendToEach(store, callTargets(store, call), 'call', { ...call, event_timestamp: String(at) });
      await sleep(CALL_STEP_MS);
    }
  });
}

/** An outbound call rung from a user's devices to `phone`: calling → connected → hangup (sandbox: always answered). */
export function startOutboundCall(account: SandboxAccount, userId: string, phone: string): FakeCall | Response {
  const data = accountData(account);
  const user = data.users.find((candidate) => candidate.id === userId);
  if (!user) return badRequest(`Unknown user_id: ${userId}`);
  const contact = [...data.contacts.values()].find((candidate) => candidate.phones.includes(phone));
  const userPhone = user.phone_numbers[0] ?? '';
  const party = (type: 'user' | 'contact', id: string, name: string, number: string, email: string): FakeCallParty => ({
    id,
    name,
    phone: number,
    email,
    type,
  });
  const started = Date.now();
  const call: FakeCall = {
    call_id: String(account.number(`rung-call-${started}-${data.calls.length}`, 15)),
    direction: 'outbound',
    state: 'calling',
    date_started: String(started),
    date_rang: String(started),
    duration: 0,
    total_duration: 0,
    internal_number: userPhone,
    external_number: phone,
    contact: contact
      ? party('contact', contact.id, contact.display_name, phone, contact.emails[0] ?? '')
      : party('contact', '', phone, phone, ''),
    target: party('user', user.id, user.display_name, userPhone, user.emails[0] ?? ''),
    was_recorded: false,
    recording_details: [],
  };
  // call.list is newest first.
  data.calls.unshift(call);
  runCall(account, call, [
    (current) => void (current.state = 'calling'),
    (current, at) => Object.assign(current, { state: 'connected', date_connected: String(at) }),
    (current, at) =>
      Object.assign(current, {
        state: 'hangup',
        date_ended: String(at),
        duration: at - Number(current.date_connected ?? at),
        total_duration: at - started,
      }),
  ]);
  return call;
}
