import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Trigger } from '../event-sources';
import type { InboundChange } from '../framework';
import type { Model } from '../../models/operations';
import { COMPANY_PROPERTIES } from './mappers/company';
import { CONTACT_PROPERTIES } from './mappers/contact';
import { OPPORTUNITY_PROPERTIES } from './mappers/opportunity';

/**
 * HubSpot's app webhooks (https://developers.hubspot.com/docs/api/webhooks/validating-requests): a v3 signature is
 * base64(HMAC-SHA256(client secret, method + URI + body + timestamp)), the timestamp in milliseconds and at most
 * five minutes old. HubSpot signs the URI with some percent-escapes decoded, so we decode the same ones.
 */
const MAX_AGE_MS = 5 * 60_000;
const DECODED_ESCAPES: Record<string, string> = {
  '%3A': ':',
  '%2F': '/',
  '%3F': '?',
  '%40': '@',
  '%21': '!',
  '%24': '$',
  '%27': "'",
  '%28': '(',
  '%29': ')',
  '%2A': '*',
  '%2C': ',',
  '%3B': ';',
};

export function hubspotSignedUri(uri: string): string {
  return uri.replace(/%(3A|2F|3F|40|21|24|27|28|29|2A|2C|3B)/gi, (escape) => DECODED_ESCAPES[escape.toUpperCase()] ?? escape);
}

export function signHubspotV3(options: { clientSecret: string; method: string; uri: string; body: string; timestamp: string }): string {
  return createHmac('sha256', options.clientSecret)
    .update(`${options.method}${hubspotSignedUri(options.uri)}${options.body}${options.timestamp}`)
    .digest('base64');
}

/** `null` when valid, else why not (never which part of the secret). */
export function verifyHubspotV3(options: {
  clientSecret: string;
  method: string;
  uri: string;
  body: string;
  signature: string | null;
  timestamp: string | null;
  now?: number;
}): string | null {
  if (!options.signature || !options.timestamp) return 'X-HubSpot-Signature-v3 and X-HubSpot-Request-Timestamp are required';
  const sent = Number(options.timestamp);
  if (!Number.isFinite(sent) || Math.abs((options.now ?? Date.now()) - sent) > MAX_AGE_MS)
    return 'the request timestamp is outside the five-minute window';
  const expected = Buffer.from(signHubspotV3({ ...options, timestamp: options.timestamp }));
  const actual = Buffer.from(options.signature);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? null : 'the signature does not match';
}

const OBJECTS: Record<string, Model> = { contact: 'genericContact', company: 'genericCompany', deal: 'crmOpportunity' };
const CHANGES: Record<string, Trigger> = {
  creation: 'created',
  propertyChange: 'updated',
  deletion: 'deleted',
  restore: 'updated',
  merge: 'updated',
};

const PROPERTIES: Record<string, Readonly<Record<string, readonly string[]>>> = {
  genericContact: CONTACT_PROPERTIES,
  genericCompany: COMPANY_PROPERTIES,
  crmOpportunity: OPPORTUNITY_PROPERTIES,
};

/** A changed HubSpot property → the unified fields it feeds, or the property itself when none does. */
function changedFieldsOf(model: Model, property: string): Pick<InboundChange, 'changedFields' | 'changedRemoteFields'> {
  const unified = Object.entries(PROPERTIES[model] ?? {})
    .filter(([, properties]) => properties.includes(property))
    .map(([field]) => field);
  return unified.length > 0 ? { changedFields: unified } : { changedRemoteFields: [property] };
}

/** HubSpot's event array → our changes; event types we do not map are skipped. */
export function parseHubspotEvents(payload: unknown): InboundChange[] | null {
  if (!Array.isArray(payload)) return null;
  const scalar = (value: unknown): string | undefined =>
    typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  return payload.flatMap((event: Record<string, unknown>): InboundChange[] => {
    const [object = '', change = ''] = (scalar(event.subscriptionType) ?? '').split('.');
    const model = OBJECTS[object];
    const trigger = CHANGES[change];
    const vendorEventId = scalar(event.eventId);
    const accountId = scalar(event.portalId);
    const remoteId = scalar(event.objectId);
    if (!model || !trigger || !vendorEventId || !accountId || !remoteId) return [];
    return [
      {
        vendorEventId,
        accountId,
        model,
        trigger,
        remoteId,
        occurredAt: new Date(typeof event.occurredAt === 'number' ? event.occurredAt : Date.now()).toISOString(),
        ...(typeof event.propertyName === 'string' ? changedFieldsOf(model, event.propertyName) : {}),
      },
    ];
  });
}
