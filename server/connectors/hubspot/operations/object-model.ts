import { AppError } from '../../../errors';
import type { ConnectorCallContext, ModelOperations, UnifiedRecord } from '../../framework';
import { defaultAssociationTypeId, type CrmObjectType } from '../association-types';
import type { HubSpotWrite } from '../mappers/common';
import type { HubSpotObject, HubSpotPipeline, HubSpotProperty } from '../mappers/types';
import {
  archiveObject,
  createObject,
  getObject,
  listObjects,
  readCustomProperties,
  readDealPipelines,
  replaceAssociations,
  updateObject,
  type AssociationSets,
} from './api';
import { buildFilters, type FilterBuilder } from './filters';
import { fieldRead, fieldWrite, type StandardField } from './fields';

/** What one HubSpot CRM object type needs to serve a unified model: data, plus the mapper functions. */
export interface ReadContext {
  custom?: readonly HubSpotProperty[];
  pipelines?: readonly HubSpotPipeline[];
}

export interface ObjectModelSpec {
  objectType: CrmObjectType;
  /** Unified field → the HubSpot properties its value comes from. */
  properties: Readonly<Record<string, readonly string[]>>;
  /** Unified reference field → the object types its ids are associations to. */
  associations: Readonly<Record<string, readonly CrmObjectType[]>>;
  /** Whether the model has a `custom` object (the portal's own properties). */
  hasCustom: boolean;
  filters: Readonly<Record<string, FilterBuilder>>;
  standardFields?: readonly StandardField[];
  /** Whether a read of these fields needs the deal pipelines (status is derived from the stage). */
  readNeedsPipelines?(wanted: readonly string[] | undefined): boolean;
  fromHubSpot(record: HubSpotObject, context: ReadContext): UnifiedRecord;
  /** Maps a write; `id` is set on update. May read from HubSpot (pipelines, the current record). */
  toHubSpot(ctx: ConnectorCallContext, fields: Record<string, unknown>, id?: string): Promise<HubSpotWrite>;
}

interface ReadPlan {
  properties: string[];
  associations: CrmObjectType[];
  context: ReadContext;
}

/** The properties and associations to ask for: only what the wanted fields need (everything when none). */
export async function readPlan(ctx: ConnectorCallContext, spec: ObjectModelSpec, wanted: readonly string[] | undefined): Promise<ReadPlan> {
  const fields = wanted?.length ? wanted : undefined;
  const want = (field: string) => !fields || fields.includes(field);
  const properties = new Set(Object.entries(spec.properties).flatMap(([field, names]) => (want(field) ? names : [])));
  const associations = new Set(Object.entries(spec.associations).flatMap(([field, types]) => (want(field) ? types : [])));
  const context: ReadContext = {};
  if (spec.hasCustom && want('custom')) {
    context.custom = await readCustomProperties(ctx, spec.objectType);
    for (const property of context.custom) properties.add(property.name);
  }
  if (spec.readNeedsPipelines?.(fields)) context.pipelines = await readDealPipelines(ctx);
  return { properties: [...properties], associations: [...associations], context };
}

/** The `associations` input of a v3 create, with HubSpot's default type ids. */
export function createAssociations(from: CrmObjectType, sets: AssociationSets) {
  return (Object.entries(sets) as [CrmObjectType, string[]][]).flatMap(([to, ids]) => {
    const typeId = defaultAssociationTypeId(from, to);
    if (typeId === undefined) throw new AppError('CONNECTOR::OPERATION::BAD_REQUEST', `HubSpot cannot associate ${from} with ${to}`);
    return [...new Set(ids)].map((id) => ({
      to: { id },
      types: [{ associationCategory: 'HUBSPOT_DEFINED' as const, associationTypeId: typeId }],
    }));
  });
}

/** A list cursor says whether it came from the list endpoint (`l:`) or the search endpoint (`s:`). */
export function splitCursor(cursor: string | undefined, mode: 'l' | 's'): string | undefined {
  if (cursor === undefined) return undefined;
  if (!cursor.startsWith(`${mode}:`))
    throw new AppError('SERVICE::BAD_REQUEST', 'query.cursor: was issued for a list with other filters; repeat the same filters');
  return cursor.slice(2) || undefined;
}

/** list, retrieve, create, update, delete and custom fields of one HubSpot object type. */
export function objectModel(spec: ObjectModelSpec): ModelOperations {
  const type = spec.objectType;
  return {
    filters: Object.keys(spec.filters),
    async list(ctx, options) {
      const filters = buildFilters(spec.filters, options.filter);
      const mode = filters.length ? 's' : 'l';
      const after = splitCursor(options.cursor, mode);
      const plan = await readPlan(ctx, spec, options.fields);
      const page = await listObjects(ctx, type, {
        limit: options.limit,
        properties: plan.properties,
        associations: plan.associations,
        filters,
        ...(after ? { after } : {}),
      });
      return {
        records: page.results.map((record) => spec.fromHubSpot(record, plan.context)),
        ...(page.after ? { nextCursor: `${mode}:${page.after}` } : {}),
      };
    },
    async retrieve(ctx, id, options) {
      const plan = await readPlan(ctx, spec, options.fields);
      return spec.fromHubSpot(await getObject(ctx, type, id, plan.properties, plan.associations), plan.context);
    },
    async create(ctx, fields) {
      const write = await spec.toHubSpot(ctx, fields);
      const record = await createObject(ctx, type, write.properties, createAssociations(type, write.associations));
      return { id: record.id, remoteId: record.id };
    },
    async update(ctx, id, fields) {
      const write = await spec.toHubSpot(ctx, fields, id);
      const record = await updateObject(ctx, type, id, write.properties);
      await replaceAssociations(ctx, type, record.id, write.associations);
      return { id: record.id, remoteId: record.id };
    },
    async delete(ctx, id) {
      await archiveObject(ctx, type, id);
    },
    ...(spec.hasCustom
      ? {
          fieldRead: (ctx: ConnectorCallContext) => fieldRead(ctx, type, spec.standardFields ?? []),
          fieldWrite: (ctx: ConnectorCallContext, input: Parameters<typeof fieldWrite>[2]) => fieldWrite(ctx, type, input),
        }
      : {}),
  };
}
