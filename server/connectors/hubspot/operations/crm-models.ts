import type { ModelOperations } from '../../framework';
import { companyFromHubSpot, companyToHubSpot, COMPANY_PROPERTIES } from '../mappers/company';
import { CONTACT_ASSOCIATIONS, contactFromHubSpot, contactToHubSpot, CONTACT_PROPERTIES } from '../mappers/contact';
import {
  dealWriteNeedsPipelines,
  OPPORTUNITY_ASSOCIATIONS,
  opportunityFromHubSpot,
  opportunityToHubSpot,
  OPPORTUNITY_PROPERTIES,
} from '../mappers/opportunity';
import { text } from '../mappers/common';
import { getObject, readDealPipelines } from './api';
import { containsToken, dealStage, equals, updatedSince } from './filters';
import { objectModel } from './object-model';

/** genericContact, genericCompany and crmOpportunity: HubSpot contacts, companies and deals. */
export const contactOperations: ModelOperations = objectModel({
  objectType: 'contacts',
  properties: CONTACT_PROPERTIES,
  associations: CONTACT_ASSOCIATIONS,
  hasCustom: true,
  filters: { email: equals('email'), updatedSince: updatedSince('lastmodifieddate') },
  standardFields: [
    { key: 'firstName', label: 'First Name', type: 'string', property: 'firstname' },
    { key: 'lastName', label: 'Last Name', type: 'string', property: 'lastname' },
    { key: 'email', label: 'Email', type: 'string', property: 'email' },
    { key: 'phone', label: 'Phone Number', type: 'string', property: 'phone' },
    { key: 'companies', label: 'Companies', type: 'array' },
  ],
  fromHubSpot: (record, context) => contactFromHubSpot(record, context.custom),
  toHubSpot: async (_ctx, fields) => contactToHubSpot(fields),
});

export const companyOperations: ModelOperations = objectModel({
  objectType: 'companies',
  properties: COMPANY_PROPERTIES,
  associations: {},
  hasCustom: true,
  filters: { domain: equals('domain'), name: containsToken('name'), updatedSince: updatedSince('hs_lastmodifieddate') },
  standardFields: [
    { key: 'name', label: 'Company name', type: 'string', required: true, property: 'name' },
    { key: 'domain', label: 'Company Domain Name', type: 'string', property: 'domain' },
    { key: 'phone', label: 'Phone Number', type: 'string', property: 'phone' },
  ],
  fromHubSpot: (record, context) => companyFromHubSpot(record, context.custom),
  toHubSpot: async (_ctx, fields) => companyToHubSpot(fields),
});

export const opportunityOperations: ModelOperations = objectModel({
  objectType: 'deals',
  properties: OPPORTUNITY_PROPERTIES,
  associations: OPPORTUNITY_ASSOCIATIONS,
  hasCustom: true,
  filters: {
    pipeline: equals('pipeline'),
    stage: dealStage,
    owner: equals('hubspot_owner_id'),
    name: containsToken('dealname'),
    updatedSince: updatedSince('hs_lastmodifieddate'),
  },
  standardFields: [
    { key: 'name', label: 'Deal Name', type: 'string', required: true, property: 'dealname' },
    { key: 'amount', label: 'Amount', type: 'number', property: 'amount' },
    { key: 'currency', label: 'Currency', type: 'enum', property: 'deal_currency_code' },
    { key: 'pipeline', label: 'Pipeline', type: 'reference', property: 'pipeline' },
    { key: 'stage', label: 'Deal Stage', type: 'reference', property: 'dealstage' },
    {
      key: 'status',
      label: 'Status',
      type: 'enum',
      options: [
        { value: 'open', label: 'Open' },
        { value: 'won', label: 'Won' },
        { value: 'lost', label: 'Lost' },
      ],
    },
    { key: 'owner', label: 'Owner', type: 'reference', property: 'hubspot_owner_id' },
    { key: 'closeDate', label: 'Close Date', type: 'datetime', property: 'closedate' },
    { key: 'contacts', label: 'Contacts', type: 'array' },
    { key: 'companies', label: 'Companies', type: 'array' },
    { key: 'engagements', label: 'Engagements', type: 'array' },
  ],
  readNeedsPipelines: (wanted) => !wanted || wanted.includes('status'),
  fromHubSpot: (record, context) => opportunityFromHubSpot(record, context),
  async toHubSpot(ctx, fields, id) {
    const isCreate = id === undefined;
    if (!dealWriteNeedsPipelines(fields, isCreate)) return opportunityToHubSpot(fields, { isCreate });
    const pipelines = await readDealPipelines(ctx);
    // An update that sets the status keeps the deal in its stage when that already matches: read where it is.
    const needsCurrent = id !== undefined && fields.stage === undefined;
    const current = needsCurrent ? (await getObject(ctx, 'deals', id, ['pipeline', 'dealstage'], [])).properties : undefined;
    const pipelineId = text(current?.pipeline);
    const stageId = text(current?.dealstage);
    return opportunityToHubSpot(fields, {
      isCreate,
      pipelines,
      ...(current ? { current: { ...(pipelineId ? { pipelineId } : {}), ...(stageId ? { stageId } : {}) } } : {}),
    });
  },
});
