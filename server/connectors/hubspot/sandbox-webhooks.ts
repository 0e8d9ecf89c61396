import { stableNumber } from '../sandbox-kit/accounts';
import { sandboxClientCredentials } from '../sandbox-credentials';
import type { CrmObjectType } from './association-types';
import type { Portal } from './sandbox-store';
import { signHubspotV3 } from './webhooks';

/**
 * The HubSpot fake's app webhooks (https://developers.hubspot.com/docs/api/webhooks): every change to a contact,
 * company or deal, by any path, becomes an event for the app's target URL. Like HubSpot, the fake batches what
 * happened in one tick into requests of at most 100 events, signs each request with the v3 signature and the app's
 * client secret, sends it after the API call that caused it has answered, and retries a failed request a few times.
 */
export type HubSpotChange = 'creation' | 'propertyChange' | 'deletion';

export interface HubSpotWebhookEvent {
  eventId: number;
  subscriptionId: number;
  portalId: number;
  appId: number;
  occurredAt: number;
  subscriptionType: string;
  attemptNumber: number;
  objectId: number;
  changeSource: string;
  propertyName?: string;
  propertyValue?: string;
}

export interface HubSpotWebhookStats {
  /** Events queued for the target (each sent at least once unless it failed). */
  events: number;
  /** Requests that the target answered with a 2xx. */
  delivered: number;
  /** Requests sent again after a failed try. */
  retried: number;
  /** Requests given up after the last try. */
  failed: number;
}

const OBJECT_NAMES: Partial<Record<CrmObjectType, string>> = { contacts: 'contact', companies: 'company', deals: 'deal' };
const MAX_BATCH = 100;
const TRIES = 3;
const BACKOFF_MS = [0, 200, 1000];
// HubSpot gives a webhook target five seconds to answer before it counts the try as failed.
const TIMEOUT_MS = 5_000;

interface EmitterState {
  target: string | null;
  queue: HubSpotWebhookEvent[];
  scheduled: boolean;
  inFlight: Set<Promise<void>>;
  nextEventId: number;
  stats: HubSpotWebhookStats;
}

const GLOBAL_KEY = '__unifiedIntegrationHubSpotWebhooks';
type Holder = typeof globalThis & { [GLOBAL_KEY]?: EmitterState };

function emitterState(): EmitterState {
  const holder = globalThis as Holder;
  // Event ids start from the clock so a restarted fake never repeats an id the service has already deduplicated.
  holder[GLOBAL_KEY] ??= {
    target: null,
    queue: [],
    scheduled: false,
    inFlight: new Set(),
    nextEventId: Date.now() * 1000,
    stats: { events: 0, delivered: 0, retried: 0, failed: 0 },
  };
  return holder[GLOBAL_KEY];
}

/** Where the fake's app sends its webhooks (the app's "target URL"); `null` stops sending. */
export function configureHubSpotWebhookTarget(url: string | null): void {
  if (url !== null) {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('the webhook target must be an http(s) URL');
  }
  emitterState().target = url;
}

export function hubSpotWebhookTarget(): string | null {
  return emitterState().target;
}

export function hubSpotWebhookStats(): HubSpotWebhookStats {
  return { ...emitterState().stats };
}

/** Resolves once every queued event has been sent (or given up): lets a test wait for the fake's webhooks. */
export async function hubSpotWebhooksSettled(): Promise<void> {
  const state = emitterState();
  while (state.scheduled || state.inFlight.size > 0) {
    if (state.inFlight.size > 0) await Promise.all([...state.inFlight]);
    else await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/**
 * Queues one event of a CRM object change. Only contacts, companies and deals have webhook subscription types;
 * without a target nothing is queued (HubSpot sends nothing to an app without one).
 */
export function emitHubSpotChange(
  portal: Portal,
  type: CrmObjectType,
  objectId: string,
  change: HubSpotChange,
  property?: { name: string; value: string | null },
): void {
  const state = emitterState();
  const object = OBJECT_NAMES[type];
  if (!object || !state.target) return;
  const subscriptionType = `${object}.${change}`;
  state.nextEventId += 1;
  state.queue.push({
    eventId: state.nextEventId,
    subscriptionId: stableNumber(`hubspot subscription ${subscriptionType}`, 6),
    portalId: portal.portalId,
    appId: stableNumber(`hubspot app ${sandboxClientCredentials('hubspot').clientId}`, 7),
    occurredAt: Date.now(),
    subscriptionType,
    attemptNumber: 0,
    objectId: Number(objectId),
    changeSource: 'INTEGRATION',
    ...(property ? { propertyName: property.name, propertyValue: property.value ?? '' } : {}),
  });
  state.stats.events += 1;
  if (state.scheduled) return;
  state.scheduled = true;
  // After this tick: the vendor API call that caused the change answers first, then its webhooks go out.
  setTimeout(flush, 0);
}

function flush(): void {
  const state = emitterState();
  state.scheduled = false;
  const target = state.target;
  const events = state.queue;
  state.queue = [];
  if (!target) return;
  for (let start = 0; start < events.length; start += MAX_BATCH) {
    const sending = deliver(target, events.slice(start, start + MAX_BATCH)).finally(() => state.inFlight.delete(sending));
    state.inFlight.add(sending);
  }
}

async function deliver(target: string, batch: HubSpotWebhookEvent[]): Promise<void> {
  const state = emitterState();
  const { clientSecret } = sandboxClientCredentials('hubspot');
  for (let attempt = 0; attempt < TRIES; attempt += 1) {
    if (attempt > 0) {
      state.stats.retried += 1;
      await new Promise((resolve) => setTimeout(resolve, BACKOFF_MS[attempt] ?? 1000));
    }
    // Each try is a new request: HubSpot counts it in `attemptNumber` and signs it with a fresh timestamp.
    const body = JSON.stringify(batch.map((event) => ({ ...event, attemptNumber: attempt })));
    const timestamp = String(Date.now());
    try {
      const response = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'HubSpot Connect 2.0 (http://dev.hubspot.com/) (sandbox)',
          'x-hubspot-signature-v3': signHubspotV3({ clientSecret, method: 'POST', uri: target, body, timestamp }),
          'x-hubspot-request-timestamp': timestamp,
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) {
        state.stats.delivered += 1;
        return;
      }
      // A 4xx other than 429 is the target refusing the request itself (a bad signature): not retried.
      if (response.status < 500 && response.status !== 429) break;
    } catch {
      // network error or timeout: tried again below
    }
  }
  state.stats.failed += 1;
}
