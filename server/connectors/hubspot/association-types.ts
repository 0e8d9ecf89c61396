/**
 * HubSpot's objects and their default ("unlabeled", HUBSPOT_DEFINED) association type ids, per direction.
 * Source: https://developers.hubspot.com/docs/api/crm/associations (association type id values table).
 * The connector sends these on create; the sandbox fake answers with them.
 */
export const CRM_OBJECT_TYPES = ['contacts', 'companies', 'deals', 'calls', 'meetings', 'emails', 'tasks', 'notes'] as const;
export type CrmObjectType = (typeof CRM_OBJECT_TYPES)[number];

export const ENGAGEMENT_OBJECT_TYPES = ['calls', 'meetings', 'emails', 'tasks', 'notes'] as const satisfies readonly CrmObjectType[];
export type EngagementObjectType = (typeof ENGAGEMENT_OBJECT_TYPES)[number];

export function isCrmObjectType(value: string): value is CrmObjectType {
  return (CRM_OBJECT_TYPES as readonly string[]).includes(value);
}

const DEFAULT_TYPE_IDS: Record<string, number> = {
  'contacts/companies': 279,
  'companies/contacts': 280,
  'deals/contacts': 3,
  'contacts/deals': 4,
  'deals/companies': 341,
  'companies/deals': 342,
  'calls/contacts': 194,
  'contacts/calls': 193,
  'calls/companies': 182,
  'companies/calls': 181,
  'calls/deals': 206,
  'deals/calls': 205,
  'emails/contacts': 198,
  'contacts/emails': 197,
  'emails/companies': 186,
  'companies/emails': 185,
  'emails/deals': 210,
  'deals/emails': 209,
  'meetings/contacts': 200,
  'contacts/meetings': 199,
  'meetings/companies': 188,
  'companies/meetings': 187,
  'meetings/deals': 212,
  'deals/meetings': 211,
  'notes/contacts': 202,
  'contacts/notes': 201,
  'notes/companies': 190,
  'companies/notes': 189,
  'notes/deals': 214,
  'deals/notes': 213,
  'tasks/contacts': 204,
  'contacts/tasks': 203,
  'tasks/companies': 192,
  'companies/tasks': 191,
  'tasks/deals': 216,
  'deals/tasks': 215,
};

// The "primary" labelled types HubSpot also defines between contacts, companies and deals.
const PRIMARY_TYPE_IDS: Record<string, number> = {
  'contacts/companies': 1,
  'companies/contacts': 2,
  'deals/companies': 5,
  'companies/deals': 6,
};

/** The default association type id from one object type to another, or undefined when HubSpot defines none. */
export function defaultAssociationTypeId(from: CrmObjectType, to: CrmObjectType): number | undefined {
  return DEFAULT_TYPE_IDS[`${from}/${to}`];
}

export function isKnownAssociationTypeId(from: CrmObjectType, to: CrmObjectType, typeId: number): boolean {
  return DEFAULT_TYPE_IDS[`${from}/${to}`] === typeId || PRIMARY_TYPE_IDS[`${from}/${to}`] === typeId;
}
