import type { Model } from '../models/operations';
import type { ConnectorId } from './types';

export type Trigger = 'created' | 'updated' | 'deleted';
export type EventSourceKind = 'native' | 'global' | 'polling';

/**
 * How each connector learns of changes, per model (spec/connectors.md, "Events (webhooks) per vendor"). A model
 * or trigger missing here answers CONNECTOR::WEBHOOKS_NOT_SUPPORTED.
 *
 * HubSpot: app-level subscriptions deliver `contact.*`, `company.*` and `deal.*` to the global `main` hook,
 * routed to the connection by `portalId` (https://developers.hubspot.com/docs/api/webhooks). Engagements have no
 * webhook subscription types, so they are polled by `hs_lastmodifieddate`; a list never shows archived
 * engagements, so their deletion cannot be told (server/services/polling.ts).
 */
export const EVENT_SOURCES: Partial<Record<ConnectorId, Partial<Record<Model, { kind: EventSourceKind; triggers: readonly Trigger[] }>>>> =
  {
    hubspot: {
      genericContact: { kind: 'global', triggers: ['created', 'updated', 'deleted'] },
      genericCompany: { kind: 'global', triggers: ['created', 'updated', 'deleted'] },
      crmOpportunity: { kind: 'global', triggers: ['created', 'updated', 'deleted'] },
      crmEngagement: { kind: 'polling', triggers: ['created', 'updated'] },
    },
    // Dialpad: a per-connection webhook plus call and contact event subscriptions (dialpad/events.ts).
    dialpad: {
      telephonyCall: { kind: 'native', triggers: ['created', 'updated'] },
      genericContact: { kind: 'native', triggers: ['created', 'updated', 'deleted'] },
    },
  };
