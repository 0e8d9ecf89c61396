import type { UnifiedRecord } from '../../framework';
import type { HubSpotAccountDetails } from './types';

/**
 * genericWorkspace ← the HubSpot portal (`GET /account-info/v3/details`). The account API carries no portal
 * name, so the name is the hub domain captured at authorization, else "HubSpot portal <id>".
 */
export function workspaceFromHubSpot(details: HubSpotAccountDetails, hubDomain: string | undefined): UnifiedRecord {
  const id = String(details.portalId);
  return { id, remoteId: id, fields: { name: hubDomain || `HubSpot portal ${id}` }, raw: details as unknown as Record<string, unknown> };
}
