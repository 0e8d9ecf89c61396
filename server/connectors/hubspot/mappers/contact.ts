import type { UnifiedRecord } from '../../framework';
import { associatedIds, customFromHubSpot, customToHubSpot, pick, recordOf, refIds, text, type HubSpotWrite } from './common';
import type { HubSpotObject, HubSpotProperty } from './types';

/** genericContact ↔ HubSpot contact (https://developers.hubspot.com/docs/api/crm/contacts). */
export const CONTACT_PROPERTIES: Readonly<Record<string, readonly string[]>> = {
  firstName: ['firstname'],
  lastName: ['lastname'],
  email: ['email'],
  phone: ['phone'],
};

export const CONTACT_ASSOCIATIONS = { companies: ['companies'] } as const;

export function contactFromHubSpot(record: HubSpotObject, custom?: readonly HubSpotProperty[]): UnifiedRecord {
  const properties = record.properties;
  return recordOf(record, record.id, {
    firstName: text(properties.firstname),
    lastName: text(properties.lastname),
    email: text(properties.email),
    phone: text(properties.phone),
    companies: associatedIds(record, 'companies')?.map((id) => ({ id })),
    custom: custom ? customFromHubSpot(record, custom) : undefined,
  });
}

export function contactToHubSpot(fields: Record<string, unknown>): HubSpotWrite {
  return {
    properties: {
      ...customToHubSpot(fields.custom),
      ...pick(fields, { firstName: 'firstname', lastName: 'lastname', email: 'email', phone: 'phone' }),
    },
    associations: fields.companies === undefined ? {} : { companies: refIds(fields.companies) },
  };
}
