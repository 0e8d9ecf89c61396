import type { UnifiedRecord } from '../../framework';
import { compact, isoOf, text } from './common';
import type { HubSpotOwner } from './types';

/** genericUser ← HubSpot owner (https://developers.hubspot.com/docs/api/crm/owners); read only. */
export function userFromHubSpot(owner: HubSpotOwner): UnifiedRecord {
  const createdAt = isoOf(owner.createdAt);
  const updatedAt = isoOf(owner.updatedAt);
  return {
    id: String(owner.id),
    remoteId: String(owner.id),
    fields: compact({ firstName: text(owner.firstName), lastName: text(owner.lastName), email: text(owner.email) }),
    ...(createdAt ? { createdAt } : {}),
    ...(updatedAt ? { updatedAt } : {}),
    raw: owner as unknown as Record<string, unknown>,
  };
}
