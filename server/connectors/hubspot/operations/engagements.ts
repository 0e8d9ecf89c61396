import { AppError } from '../../../errors';
import type { ConnectorCallContext, ModelOperations } from '../../framework';
import { ENGAGEMENT_OBJECT_TYPES, type EngagementObjectType } from '../association-types';
import {
  decodeEngagementId,
  ENGAGEMENT_ASSOCIATIONS,
  ENGAGEMENT_KINDS,
  engagementFromHubSpot,
  engagementProperties,
  engagementToHubSpot,
  KIND_OF_TYPE,
  type EngagementKind,
} from '../mappers/engagement';
import { scalarText } from '../mappers/common';
import { archiveObject, createObject, getObject, listObjects, replaceAssociations, updateObject } from './api';
import { badFilter, updatedSince } from './filters';
import { createAssociations } from './object-model';

/**
 * crmEngagement over HubSpot's five activity objects. A list walks calls, meetings, emails, tasks and notes in
 * turn; its cursor names the object type and HubSpot's cursor inside it.
 */
function decode(id: string) {
  const decoded = decodeEngagementId(id);
  if (!decoded)
    throw new AppError('CONNECTOR::OPERATION::RESOURCE_NOT_FOUND', `HubSpot: no crmEngagement has the id ${id} (ids look like call_123)`);
  return decoded;
}

function associationsFor(wanted: readonly string[] | undefined): ('contacts' | 'companies' | 'deals')[] {
  return Object.entries(ENGAGEMENT_ASSOCIATIONS).flatMap(([field, types]) => (!wanted?.length || wanted.includes(field) ? [...types] : []));
}

function kindsFor(filter: Record<string, string>): EngagementObjectType[] {
  if (filter.type === undefined) return [...ENGAGEMENT_OBJECT_TYPES];
  const type = (ENGAGEMENT_KINDS as Record<string, EngagementObjectType | undefined>)[filter.type];
  if (!type) throw badFilter('type', `must be one of ${Object.keys(ENGAGEMENT_KINDS).join(', ')}`);
  return [type];
}

async function listEngagements(ctx: ConnectorCallContext, options: Parameters<NonNullable<ModelOperations['list']>>[1]) {
  const types = kindsFor(options.filter);
  const filters =
    options.filter.updatedSince === undefined ? [] : updatedSince('hs_lastmodifieddate')(options.filter.updatedSince, 'updatedSince');
  const [cursorKind, ...rest] = (options.cursor ?? '').split(':');
  let index = options.cursor ? types.findIndex((type) => KIND_OF_TYPE[type] === cursorKind) : 0;
  if (index < 0)
    throw new AppError('SERVICE::BAD_REQUEST', 'query.cursor: was issued for a list with other filters; repeat the same filters');
  let after: string | undefined = rest.join(':') || undefined;
  const records = [];
  // Fill the page across object types, so a page is short only at the very end.
  while (index < types.length && records.length < options.limit) {
    const type = types[index] as EngagementObjectType;
    const page = await listObjects(ctx, type, {
      limit: options.limit - records.length,
      properties: engagementProperties(KIND_OF_TYPE[type], options.fields),
      associations: associationsFor(options.fields),
      filters,
      ...(after ? { after } : {}),
    });
    records.push(...page.results.map((record) => engagementFromHubSpot(type, record)));
    if (page.after) after = page.after;
    else {
      index += 1;
      after = undefined;
    }
  }
  const type = types[index];
  return { records, ...(type ? { nextCursor: `${KIND_OF_TYPE[type]}:${after ?? ''}` } : {}) };
}

function checkType(kind: EngagementKind, fields: Record<string, unknown>): void {
  if (fields.type !== undefined && fields.type !== kind) {
    throw new AppError(
      'SERVICE::BAD_REQUEST',
      `body.type: a HubSpot ${kind} cannot become a ${scalarText(fields.type) ?? ''}; create a new engagement`,
    );
  }
}

export const engagementOperations: ModelOperations = {
  filters: ['type', 'updatedSince'],
  list: listEngagements,
  async retrieve(ctx, id, options) {
    const { kind, type, remoteId } = decode(id);
    const record = await getObject(ctx, type, remoteId, engagementProperties(kind, options.fields), associationsFor(options.fields));
    return engagementFromHubSpot(type, record);
  },
  async create(ctx, fields) {
    const kind = fields.type as EngagementKind;
    const type = ENGAGEMENT_KINDS[kind];
    const write = engagementToHubSpot(kind, fields);
    const record = await createObject(ctx, type, write.properties, createAssociations(type, write.associations));
    return { id: `${kind}_${record.id}`, remoteId: record.id };
  },
  async update(ctx, id, fields) {
    const { kind, type, remoteId } = decode(id);
    checkType(kind, fields);
    const write = engagementToHubSpot(kind, fields);
    const record = await updateObject(ctx, type, remoteId, write.properties);
    await replaceAssociations(ctx, type, record.id, write.associations);
    return { id, remoteId: record.id };
  },
  async delete(ctx, id) {
    const { type, remoteId } = decode(id);
    await archiveObject(ctx, type, remoteId);
  },
};
