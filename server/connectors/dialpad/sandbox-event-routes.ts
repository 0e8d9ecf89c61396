import { json } from '../sandbox-kit/http';
import { bearerRoute, type FakeRoute } from '../sandbox-kit/types';
import { badRequest, notFound } from './sandbox-errors';
import {
  eventStore,
  newId,
  startOutboundCall,
  takeFailure,
  type EventStore,
  type FakeCallSubscription,
  type FakeContactSubscription,
  type FakeWebhook,
} from './sandbox-events';
import { page, toE164 } from './sandbox-paging';

/**
 * The Dialpad fake's event routes: webhooks (`webhooks.*`), call and contact event subscriptions
 * (`webhook_{call,contact}_event_subscription.*`) and `call.call`, with the shapes of
 * vendor-specs/dialpad/openapi.json, per account. The events they cause are sent by sandbox-events.ts.
 */

// The enum of `call_states` and `target_type` in CreateCallEventSubscription.
const CALL_STATES = new Set([
  'admin',
  'admin_recording',
  'ai_playbook',
  'all',
  'barge',
  'blocked',
  'call_transcription',
  'calling',
  'connected',
  'csat',
  'dispositions',
  'eavesdrop',
  'hangup',
  'hold',
  'merged',
  'missed',
  'monitor',
  'parked',
  'pcsat',
  'postcall',
  'preanswer',
  'queued',
  'recap_action_items',
  'recap_outcome',
  'recap_purposes',
  'recap_summary',
  'recording',
  'ringing',
  'takeover',
  'transcription',
  'voicemail',
  'voicemail_uploaded',
]);
const TARGET_TYPES = new Set([
  'callcenter',
  'callrouter',
  'channel',
  'coachinggroup',
  'coachingteam',
  'department',
  'office',
  'room',
  'staffgroup',
  'unknown',
  'user',
]);

const webhookView = (webhook: FakeWebhook) => ({
  id: webhook.id,
  hook_url: webhook.hook_url,
  ...(webhook.secret ? { signature: { algo: 'HS256', type: 'jwt' } } : {}),
});

function callSubscriptionView(store: EventStore, subscription: FakeCallSubscription) {
  const webhook = store.webhooks.get(subscription.webhookId);
  return {
    id: subscription.id,
    call_states: subscription.call_states,
    enabled: subscription.enabled,
    group_calls_only: subscription.group_calls_only,
    ...(subscription.target_type ? { target_type: subscription.target_type, target_id: subscription.target_id } : {}),
    ...(webhook ? { webhook: webhookView(webhook) } : {}),
  };
}

function contactSubscriptionView(store: EventStore, subscription: FakeContactSubscription) {
  const webhook = store.webhooks.get(subscription.webhookId);
  return {
    id: subscription.id,
    contact_type: subscription.contact_type,
    enabled: subscription.enabled,
    ...(webhook ? { webhook: webhookView(webhook) } : {}),
  };
}

async function readObject(request: Request): Promise<Record<string, unknown> | Response> {
  try {
    const body = (await request.json()) as unknown;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return badRequest('The request body must be a JSON object');
    return body as Record<string, unknown>;
  } catch {
    return badRequest('The request body is not valid JSON');
  }
}

const int64Text = (value: unknown): string | undefined =>
  (typeof value === 'number' && Number.isSafeInteger(value)) || (typeof value === 'string' && /^\d{1,19}$/.test(value))
    ? String(value)
    : undefined;

function checkHookUrl(value: unknown): string | Response {
  if (typeof value !== 'string') return badRequest('hook_url is required');
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return badRequest('hook_url must be an http(s) URL');
  } catch {
    return badRequest('hook_url must be an absolute URL');
  }
  return value;
}

/** Applies the fields of a create or update subscription body shared by both kinds. */
function endpointOf(store: EventStore, body: Record<string, unknown>, required: boolean): string | Response | undefined {
  if (body.endpoint_id === undefined || body.endpoint_id === null) return required ? badRequest('endpoint_id is required') : undefined;
  const id = int64Text(body.endpoint_id);
  if (!id || !store.webhooks.has(id)) return badRequest(`No webhook with endpoint_id ${id ?? JSON.stringify(body.endpoint_id)}`);
  return id;
}

function callSubscriptionInput(
  store: EventStore,
  body: Record<string, unknown>,
  existing?: FakeCallSubscription,
): Omit<FakeCallSubscription, 'id'> | Response {
  const webhookId = endpointOf(store, body, !existing);
  if (webhookId instanceof Response) return webhookId;
  const states = body.call_states;
  if (states !== undefined && states !== null) {
    if (!Array.isArray(states) || states.some((state) => typeof state !== 'string' || !CALL_STATES.has(state)))
      return badRequest('call_states must be a list of call states');
  }
  const targetType = body.target_type;
  if (targetType !== undefined && targetType !== null && (typeof targetType !== 'string' || !TARGET_TYPES.has(targetType)))
    return badRequest('Invalid target_type');
  const targetId = body.target_id === undefined || body.target_id === null ? undefined : int64Text(body.target_id);
  if (body.target_id !== undefined && body.target_id !== null && !targetId) return badRequest('target_id must be an integer');
  if (Boolean(targetType) !== Boolean(targetId) && !existing) return badRequest('target_type and target_id go together');
  return {
    webhookId: webhookId ?? existing?.webhookId ?? '',
    call_states: (states as string[] | null | undefined) ?? existing?.call_states ?? ['all'],
    enabled: typeof body.enabled === 'boolean' ? body.enabled : (existing?.enabled ?? true),
    group_calls_only: typeof body.group_calls_only === 'boolean' ? body.group_calls_only : (existing?.group_calls_only ?? false),
    ...(typeof targetType === 'string' && targetId ? { target_type: targetType, target_id: targetId } : {}),
  };
}

function contactSubscriptionInput(
  store: EventStore,
  body: Record<string, unknown>,
  existing?: FakeContactSubscription,
): Omit<FakeContactSubscription, 'id'> | Response {
  const webhookId = endpointOf(store, body, !existing);
  if (webhookId instanceof Response) return webhookId;
  const contactType = body.contact_type;
  if (contactType !== 'local' && contactType !== 'shared') return badRequest('contact_type must be local or shared');
  return {
    webhookId: webhookId ?? existing?.webhookId ?? '',
    contact_type: contactType,
    enabled: typeof body.enabled === 'boolean' ? body.enabled : (existing?.enabled ?? true),
  };
}

function webhookRoutes(): FakeRoute[] {
  return [
    // webhooks.list
    bearerRoute('GET', '/api/v2/webhooks', ({ grant, url }) => page([...eventStore(grant.account).webhooks.values()], url, webhookView)),
    // webhooks.create: `secret` makes events arrive as HS256 JWTs.
    bearerRoute('POST', '/api/v2/webhooks', async ({ grant, request }) => {
      const failure = takeFailure();
      if (failure) return failure;
      const body = await readObject(request);
      if (body instanceof Response) return body;
      const hookUrl = checkHookUrl(body.hook_url);
      if (hookUrl instanceof Response) return hookUrl;
      if (body.secret !== undefined && body.secret !== null && typeof body.secret !== 'string')
        return badRequest('secret must be a string');
      const store = eventStore(grant.account);
      const webhook: FakeWebhook = {
        id: newId(grant.account, store, 'webhook'),
        hook_url: hookUrl,
        ...(typeof body.secret === 'string' && body.secret ? { secret: body.secret } : {}),
      };
      store.webhooks.set(webhook.id, webhook);
      return json(webhookView(webhook));
    }),
    // webhooks.get
    bearerRoute('GET', '/api/v2/webhooks/:id', ({ grant, params }) => {
      const webhook = eventStore(grant.account).webhooks.get(params.id ?? '');
      return webhook ? json(webhookView(webhook)) : notFound(`Webhook ${params.id} not found`);
    }),
    // webhook.update: only the fields given change.
    bearerRoute('PATCH', '/api/v2/webhooks/:id', async ({ grant, params, request }) => {
      const failure = takeFailure();
      if (failure) return failure;
      const webhook = eventStore(grant.account).webhooks.get(params.id ?? '');
      if (!webhook) return notFound(`Webhook ${params.id} not found`);
      const body = await readObject(request);
      if (body instanceof Response) return body;
      const hookUrl = body.hook_url === undefined || body.hook_url === null ? webhook.hook_url : checkHookUrl(body.hook_url);
      if (hookUrl instanceof Response) return hookUrl;
      if (body.secret !== undefined && body.secret !== null && typeof body.secret !== 'string')
        return badRequest('secret must be a string');
      webhook.hook_url = hookUrl;
      if (typeof body.secret === 'string') webhook.secret = body.secret || undefined;
      return json(webhookView(webhook));
    }),
    // webhooks.delete: answers the deleted webhook. The fake refuses while subscriptions still use it.
    bearerRoute('DELETE', '/api/v2/webhooks/:id', ({ grant, params }) => {
      const store = eventStore(grant.account);
      const webhook = store.webhooks.get(params.id ?? '');
      if (!webhook) return notFound(`Webhook ${params.id} not found`);
      const inUse = [...store.callSubscriptions.values(), ...store.contactSubscriptions.values()].some((s) => s.webhookId === webhook.id);
      if (inUse) return badRequest(`Webhook ${webhook.id} is used by event subscriptions; delete them first`);
      store.webhooks.delete(webhook.id);
      return json(webhookView(webhook));
    }),
  ];
}

function callSubscriptionRoutes(): FakeRoute[] {
  const path = '/api/v2/subscriptions/call';
  return [
    // webhook_call_event_subscription.list
    bearerRoute('GET', path, ({ grant, url }) => {
      const store = eventStore(grant.account);
      const targetType = url.searchParams.get('target_type');
      const targetId = url.searchParams.get('target_id');
      const items = [...store.callSubscriptions.values()].filter(
        (item) => (!targetType || item.target_type === targetType) && (!targetId || item.target_id === targetId),
      );
      return page(items, url, (item) => callSubscriptionView(store, item));
    }),
    // webhook_call_event_subscription.create: without a target it covers the whole company.
    bearerRoute('POST', path, async ({ grant, request }) => {
      const failure = takeFailure();
      if (failure) return failure;
      const body = await readObject(request);
      if (body instanceof Response) return body;
      const store = eventStore(grant.account);
      const input = callSubscriptionInput(store, body);
      if (input instanceof Response) return input;
      const subscription: FakeCallSubscription = { id: newId(grant.account, store, 'call-subscription'), ...input };
      store.callSubscriptions.set(subscription.id, subscription);
      return json(callSubscriptionView(store, subscription));
    }),
    bearerRoute('GET', `${path}/:id`, ({ grant, params }) => {
      const store = eventStore(grant.account);
      const subscription = store.callSubscriptions.get(params.id ?? '');
      return subscription ? json(callSubscriptionView(store, subscription)) : notFound(`Call event subscription ${params.id} not found`);
    }),
    bearerRoute('PATCH', `${path}/:id`, async ({ grant, params, request }) => {
      const failure = takeFailure();
      if (failure) return failure;
      const store = eventStore(grant.account);
      const subscription = store.callSubscriptions.get(params.id ?? '');
      if (!subscription) return notFound(`Call event subscription ${params.id} not found`);
      const body = await readObject(request);
      if (body instanceof Response) return body;
      const input = callSubscriptionInput(store, body, subscription);
      if (input instanceof Response) return input;
      Object.assign(subscription, input);
      return json(callSubscriptionView(store, subscription));
    }),
    bearerRoute('DELETE', `${path}/:id`, ({ grant, params }) => {
      const store = eventStore(grant.account);
      const subscription = store.callSubscriptions.get(params.id ?? '');
      if (!subscription) return notFound(`Call event subscription ${params.id} not found`);
      const view = callSubscriptionView(store, subscription);
      store.callSubscriptions.delete(subscription.id);
      return json(view);
    }),
  ];
}

function contactSubscriptionRoutes(): FakeRoute[] {
  const path = '/api/v2/subscriptions/contact';
  return [
    // webhook_contact_event_subscription.list
    bearerRoute('GET', path, ({ grant, url }) => {
      const store = eventStore(grant.account);
      return page([...store.contactSubscriptions.values()], url, (item) => contactSubscriptionView(store, item));
    }),
    // webhook_contact_event_subscription.create: one subscription per contact type.
    bearerRoute('POST', path, async ({ grant, request }) => {
      const failure = takeFailure();
      if (failure) return failure;
      const body = await readObject(request);
      if (body instanceof Response) return body;
      const store = eventStore(grant.account);
      const input = contactSubscriptionInput(store, body);
      if (input instanceof Response) return input;
      const subscription: FakeContactSubscription = { id: newId(grant.account, store, 'contact-subscription'), ...input };
      store.contactSubscriptions.set(subscription.id, subscription);
      return json(contactSubscriptionView(store, subscription));
    }),
    bearerRoute('GET', `${path}/:id`, ({ grant, params }) => {
      const store = eventStore(grant.account);
      const subscription = store.contactSubscriptions.get(params.id ?? '');
      return subscription
        ? json(contactSubscriptionView(store, subscription))
        : notFound(`Contact event subscription ${params.id} not found`);
    }),
    bearerRoute('PATCH', `${path}/:id`, async ({ grant, params, request }) => {
      const failure = takeFailure();
      if (failure) return failure;
      const store = eventStore(grant.account);
      const subscription = store.contactSubscriptions.get(params.id ?? '');
      if (!subscription) return notFound(`Contact event subscription ${params.id} not found`);
      const body = await readObject(request);
      if (body instanceof Response) return body;
      const input = contactSubscriptionInput(store, body, subscription);
      if (input instanceof Response) return input;
      Object.assign(subscription, input);
      return json(contactSubscriptionView(store, subscription));
    }),
    bearerRoute('DELETE', `${path}/:id`, ({ grant, params }) => {
      const store = eventStore(grant.account);
      const subscription = store.contactSubscriptions.get(params.id ?? '');
      if (!subscription) return notFound(`Contact event subscription ${params.id} not found`);
      const view = contactSubscriptionView(store, subscription);
      store.contactSubscriptions.delete(subscription.id);
      return json(view);
    }),
  ];
}

export const dialpadEventRoutes: readonly FakeRoute[] = [
  ...webhookRoutes(),
  ...callSubscriptionRoutes(),
  ...contactSubscriptionRoutes(),
  // call.call ("Initiate via Ring"): rings the user's devices and dials `phone_number`; the call then moves
  // through its states and each state is sent as a call event.
  bearerRoute('POST', '/api/v2/call', async ({ grant, request }) => {
    const body = await readObject(request);
    if (body instanceof Response) return body;
    const userId = int64Text(body.user_id);
    if (!userId) return badRequest('user_id is required');
    const phone = typeof body.phone_number === 'string' ? toE164(body.phone_number) : undefined;
    if (!phone) return badRequest('phone_number must be a phone number');
    const call = startOutboundCall(grant.account, userId, phone);
    if (call instanceof Response) return call;
    return json({ call_id: call.call_id });
  }),
];
