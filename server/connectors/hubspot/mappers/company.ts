import type { UnifiedRecord } from '../../framework';
import { customFromHubSpot, customToHubSpot, pick, recordOf, text, type HubSpotWrite } from './common';
import type { HubSpotObject, HubSpotProperty } from './types';

/** genericCompany ↔ HubSpot company (https://developers.hubspot.com/docs/api/crm/companies). */
export const COMPANY_PROPERTIES: Readonly<Record<string, readonly string[]>> = {
  name: ['name'],
  domain: ['domain'],
  phone: ['phone'],
};

export function companyFromHubSpot(record: HubSpotObject, custom?: readonly HubSpotProperty[]): UnifiedRecord {
  const properties = record.properties;
  return recordOf(record, record.id, {
    name: text(properties.name),
    domain: text(properties.domain),
    phone: text(properties.phone),
    custom: custom ? customFromHubSpot(record, custom) : undefined,
  });
}

export function companyToHubSpot(fields: Record<string, unknown>): HubSpotWrite {
  return {
    properties: { ...customToHubSpot(fields.custom), ...pick(fields, { name: 'name', domain: 'domain', phone: 'phone' }) },
    associations: {},
  };
}
