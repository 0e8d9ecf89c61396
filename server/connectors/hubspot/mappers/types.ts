/** HubSpot's v3 shapes the mappers read (https://developers.hubspot.com/docs/api/crm/understanding-the-crm). */
export interface HubSpotObject {
  id: string;
  properties: Record<string, string | null | undefined>;
  createdAt?: string;
  updatedAt?: string;
  archived?: boolean;
  associations?: Record<string, { results: { id: string; type?: string }[] } | undefined>;
}

export interface HubSpotOwner {
  id: string;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  userId?: number | null;
  createdAt?: string;
  updatedAt?: string;
  archived?: boolean;
}

export interface HubSpotStage {
  id: string;
  label: string;
  displayOrder?: number;
  metadata?: { isClosed?: string | boolean; probability?: string | number | null };
  createdAt?: string;
  updatedAt?: string;
  archived?: boolean;
}

export interface HubSpotPipeline {
  id: string;
  label: string;
  displayOrder?: number;
  stages: HubSpotStage[];
  createdAt?: string;
  updatedAt?: string;
  archived?: boolean;
}

export interface HubSpotProperty {
  name: string;
  label: string;
  type: string;
  fieldType: string;
  groupName?: string;
  description?: string;
  options?: { label: string; value: string }[];
  hubspotDefined?: boolean;
  calculated?: boolean;
  modificationMetadata?: { readOnlyValue?: boolean };
}

export interface HubSpotAccountDetails {
  portalId: number;
  accountType?: string;
  timeZone?: string;
  companyCurrency?: string;
  uiDomain?: string;
}

/** A reference read from HubSpot, before the service turns it into a `resourceRef`. */
export interface RefId {
  id: string;
}
