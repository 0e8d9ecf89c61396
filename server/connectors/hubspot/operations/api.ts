import type { ConnectorCallContext } from '../../framework';
import type { CrmObjectType } from '../association-types';
import type { HubSpotObject, HubSpotPipeline, HubSpotProperty } from '../mappers/types';

/**
 * HubSpot's CRM v3 object endpoints and the v4 association endpoints, as small typed calls.
 * Objects: https://developers.hubspot.com/docs/api/crm/understanding-the-crm ; search:
 * https://developers.hubspot.com/docs/api/crm/search ; associations v4:
 * https://developers.hubspot.com/docs/api/crm/associations (batch read, batch associate default, batch archive).
 */
export interface SearchFilter {
  propertyName: string;
  operator: 'EQ' | 'GTE' | 'CONTAINS_TOKEN' | 'IN';
  value?: string;
  values?: string[];
}

interface Paged<T> {
  results: T[];
  paging?: { next?: { after?: string } };
}

const path = (type: CrmObjectType, id?: string) => `/crm/v3/objects/${type}${id === undefined ? '' : `/${encodeURIComponent(id)}`}`;

/** Records read with `associations=…` list each asked type, even when HubSpot left an empty one out. */
function withAssociationBlocks(record: HubSpotObject, targets: readonly CrmObjectType[]): HubSpotObject {
  if (targets.length === 0) return record;
  const associations = { ...record.associations };
  for (const target of targets) associations[target] ??= { results: [] };
  return { ...record, associations };
}

export interface ObjectPage {
  results: HubSpotObject[];
  after?: string;
}

/** One page: the list endpoint, or the search endpoint when filters are given (search pages by offset). */
export async function listObjects(
  ctx: ConnectorCallContext,
  type: CrmObjectType,
  options: {
    limit: number;
    after?: string;
    properties: readonly string[];
    associations: readonly CrmObjectType[];
    filters: readonly SearchFilter[];
  },
): Promise<ObjectPage> {
  if (options.filters.length === 0) {
    const response = await ctx.request<Paged<HubSpotObject>>({
      path: path(type),
      query: {
        limit: options.limit,
        after: options.after,
        properties: options.properties.length ? options.properties.join(',') : undefined,
        associations: options.associations.length ? options.associations.join(',') : undefined,
      },
    });
    const after = response.body.paging?.next?.after;
    return {
      results: response.body.results.map((record) => withAssociationBlocks(record, options.associations)),
      ...(after ? { after } : {}),
    };
  }
  const response = await ctx.request<Paged<HubSpotObject>>({
    method: 'POST',
    path: `${path(type)}/search`,
    body: {
      filterGroups: [{ filters: options.filters }],
      sorts: [{ propertyName: 'hs_object_id', direction: 'ASCENDING' }],
      properties: options.properties,
      limit: options.limit,
      ...(options.after ? { after: options.after } : {}),
    },
  });
  // Search answers carry no associations: read them in one batch per asked type.
  const results = await attachAssociations(ctx, type, response.body.results, options.associations);
  const after = response.body.paging?.next?.after;
  return { results, ...(after ? { after } : {}) };
}

async function attachAssociations(
  ctx: ConnectorCallContext,
  type: CrmObjectType,
  records: HubSpotObject[],
  targets: readonly CrmObjectType[],
): Promise<HubSpotObject[]> {
  if (records.length === 0 || targets.length === 0) return records;
  const out = records.map((record) => withAssociationBlocks({ ...record, associations: {} }, targets));
  for (const target of targets) {
    const response = await ctx.request<{ results: { from: { id: string }; to: { toObjectId: number | string }[] }[] }>({
      method: 'POST',
      path: `/crm/v4/associations/${type}/${target}/batch/read`,
      body: { inputs: records.map((record) => ({ id: record.id })) },
    });
    for (const result of response.body.results) {
      const record = out.find((candidate) => candidate.id === String(result.from.id));
      if (record?.associations) record.associations[target] = { results: result.to.map((to) => ({ id: String(to.toObjectId) })) };
    }
  }
  return out;
}

export async function getObject(
  ctx: ConnectorCallContext,
  type: CrmObjectType,
  id: string,
  properties: readonly string[],
  associations: readonly CrmObjectType[],
): Promise<HubSpotObject> {
  const response = await ctx.request<HubSpotObject>({
    path: path(type, id),
    query: {
      properties: properties.length ? properties.join(',') : undefined,
      associations: associations.length ? associations.join(',') : undefined,
    },
  });
  return withAssociationBlocks(response.body, associations);
}

export type AssociationSets = Partial<Record<CrmObjectType, string[]>>;

/** Create with the `associations` input of the v3 create (default type ids), in one call. */
export async function createObject(
  ctx: ConnectorCallContext,
  type: CrmObjectType,
  properties: Record<string, string>,
  associations: { to: { id: string }; types: { associationCategory: 'HUBSPOT_DEFINED'; associationTypeId: number }[] }[],
): Promise<HubSpotObject> {
  const response = await ctx.request<HubSpotObject>({
    method: 'POST',
    path: path(type),
    body: { properties, ...(associations.length ? { associations } : {}) },
  });
  return response.body;
}

export async function updateObject(
  ctx: ConnectorCallContext,
  type: CrmObjectType,
  id: string,
  properties: Record<string, string>,
): Promise<HubSpotObject> {
  const response = await ctx.request<HubSpotObject>({ method: 'PATCH', path: path(type, id), body: { properties } });
  return response.body;
}

export async function archiveObject(ctx: ConnectorCallContext, type: CrmObjectType, id: string): Promise<void> {
  await ctx.request({ method: 'DELETE', path: path(type, id) });
}

/** Makes the record's associations to each given type exactly the given ids (v4 batch associate / archive). */
export async function replaceAssociations(
  ctx: ConnectorCallContext,
  type: CrmObjectType,
  id: string,
  sets: AssociationSets,
): Promise<void> {
  for (const [target, wanted] of Object.entries(sets) as [CrmObjectType, string[]][]) {
    const current: string[] = [];
    let after: string | undefined;
    do {
      const response = await ctx.request<Paged<{ toObjectId: number | string }>>({
        path: `/crm/v4/objects/${type}/${encodeURIComponent(id)}/associations/${target}`,
        query: { limit: 500, after },
      });
      current.push(...response.body.results.map((result) => String(result.toObjectId)));
      after = response.body.paging?.next?.after;
    } while (after);
    const add = [...new Set(wanted)].filter((other) => !current.includes(other));
    const remove = current.filter((other) => !wanted.includes(other));
    if (add.length) {
      await ctx.request({
        method: 'POST',
        path: `/crm/v4/associations/${type}/${target}/batch/associate/default`,
        body: { inputs: add.map((other) => ({ from: { id }, to: { id: other } })) },
      });
    }
    if (remove.length) {
      await ctx.request({
        method: 'POST',
        path: `/crm/v4/associations/${type}/${target}/batch/archive`,
        body: { inputs: [{ from: { id }, to: remove.map((other) => ({ id: other })) }] },
      });
    }
  }
}

// Property definitions change rarely but every unified read and every event's record fetch needs them: they are
// kept per connection for a minute (a custom field written here drops them at once; one written elsewhere shows
// within the minute). Per connection, not per portal: two organizations may connect the same portal.
const PROPERTIES_TTL_MS = 60_000;
const PROPERTIES_MAX_ENTRIES = 1_000;
const propertyCache = new Map<string, { at: number; properties: Promise<HubSpotProperty[]> }>();

/** Every property definition of an object type (https://developers.hubspot.com/docs/api/crm/properties). */
export function readProperties(ctx: ConnectorCallContext, type: CrmObjectType): Promise<HubSpotProperty[]> {
  const key = `${ctx.connectionId}:${type}`;
  const cached = propertyCache.get(key);
  if (cached && Date.now() - cached.at < PROPERTIES_TTL_MS) return cached.properties;
  const properties = ctx
    .request<{ results: HubSpotProperty[] }>({ path: `/crm/v3/properties/${type}` })
    .then((response) => response.body.results);
  propertyCache.set(key, { at: Date.now(), properties });
  if (propertyCache.size > PROPERTIES_MAX_ENTRIES) propertyCache.delete(propertyCache.keys().next().value as string);
  // A failed read is not kept: the next call asks HubSpot again.
  properties.catch(() => {
    if (propertyCache.get(key)?.properties === properties) propertyCache.delete(key);
  });
  return properties;
}

/** Drops the cached definitions of a connection's object type (after it wrote a property). */
export function forgetProperties(ctx: ConnectorCallContext, type: CrmObjectType): void {
  propertyCache.delete(`${ctx.connectionId}:${type}`);
}

/** The portal's own properties (HubSpot marks its built-in ones `hubspotDefined`). */
export async function readCustomProperties(ctx: ConnectorCallContext, type: CrmObjectType): Promise<HubSpotProperty[]> {
  return (await readProperties(ctx, type)).filter((property) => property.hubspotDefined !== true);
}

export async function readDealPipelines(ctx: ConnectorCallContext): Promise<HubSpotPipeline[]> {
  const response = await ctx.request<{ results: HubSpotPipeline[] }>({ path: '/crm/v3/pipelines/deals' });
  return response.body.results;
}
