import { json } from '../sandbox-kit/http';
import type { FakeRoute } from '../sandbox-kit/types';
import { ENGAGEMENT_OBJECT_TYPES, isCrmObjectType, type CrmObjectType } from './association-types';
import { associate, dropAssociations, readCreateAssociations, v3Associations } from './sandbox-associations';
import {
  badRequest,
  hubspotError,
  invalidProperties,
  notFound,
  nowIso,
  objectScope,
  portalRoute,
  readJsonObject,
  readLimit,
  type PortalContext,
  type PropertyProblem,
} from './sandbox-http';
import { CREATED_PROPERTY, DEFAULT_READ_PROPERTIES, MODIFIED_PROPERTY } from './sandbox-properties';
import { matchesFilterGroups, sortObjects } from './sandbox-search';
import { nextObjectId, type FakeObject, type Portal } from './sandbox-store';
import { checkPropertyValues } from './sandbox-values';
import { emitHubSpotChange } from './sandbox-webhooks';

/** CRM objects v3: https://developers.hubspot.com/docs/api/crm/contacts (same shape for every object type). */
function present(
  portal: Portal,
  type: CrmObjectType,
  record: FakeObject,
  properties: readonly string[] | undefined,
  associations: readonly CrmObjectType[],
) {
  const names = new Set([
    ...(properties?.length ? properties : DEFAULT_READ_PROPERTIES[type]),
    'hs_object_id',
    CREATED_PROPERTY[type],
    MODIFIED_PROPERTY[type],
  ]);
  const out: Record<string, string | null> = {};
  // Requested properties that exist are returned (null when empty); unknown names are left out.
  for (const name of names) if (portal.properties[type].has(name)) out[name] = record.properties[name] ?? null;
  const linked = v3Associations(portal, type, record.id, associations);
  return {
    id: record.id,
    properties: out,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    archived: record.archived,
    ...(Object.keys(linked).length ? { associations: linked } : {}),
  };
}

const listParam = (url: URL, name: string): string[] =>
  url.searchParams
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);

function objectType(ctx: PortalContext): CrmObjectType | Response {
  const type = ctx.params.objectType ?? '';
  return isCrmObjectType(type) ? type : badRequest(`Unable to infer object type from: ${type}`);
}

function associationTargets(url: URL): CrmObjectType[] | Response {
  const names = listParam(url, 'associations');
  const bad = names.find((name) => !isCrmObjectType(name));
  return bad ? badRequest(`Unable to infer object type from: ${bad}`) : (names as CrmObjectType[]);
}

/** Type-specific rules HubSpot applies on top of the property checks. */
function objectRules(
  portal: Portal,
  type: CrmObjectType,
  merged: Record<string, string | null>,
  isCreate: boolean,
): PropertyProblem[] | Response {
  if (type === 'deals') {
    const pipeline = portal.pipelines.find((candidate) => candidate.id === (merged.pipeline ?? 'default'));
    if (isCreate && !merged.dealstage) return [{ name: 'dealstage', error: 'REQUIRED', message: 'dealstage is required' }];
    if (merged.dealstage && !pipeline?.stages.some((stage) => stage.id === merged.dealstage)) {
      return [
        {
          name: 'dealstage',
          error: 'INVALID_OPTION',
          message: `${merged.dealstage} is not a valid stage of pipeline ${merged.pipeline ?? 'default'}`,
        },
      ];
    }
    merged.pipeline ??= 'default';
  }
  if ((ENGAGEMENT_OBJECT_TYPES as readonly string[]).includes(type) && !merged.hs_timestamp) {
    return [{ name: 'hs_timestamp', error: 'REQUIRED', message: 'hs_timestamp is required' }];
  }
  if (type === 'contacts' && merged.email) {
    const email = merged.email.toLowerCase();
    for (const other of portal.objects.contacts.values()) {
      if (other.properties.email?.toLowerCase() === email && other.properties.hs_object_id !== merged.hs_object_id) {
        return hubspotError(409, 'CONFLICT', `Contact already exists. Existing ID: ${other.id}`);
      }
    }
  }
  return [];
}

async function createObject(ctx: PortalContext): Promise<Response> {
  const type = objectType(ctx);
  if (type instanceof Response) return type;
  const body = await readJsonObject(ctx.request);
  if (body instanceof Response) return body;
  const checked = checkPropertyValues(ctx.portal, type, body.properties ?? {});
  if ('problems' in checked) return invalidProperties(checked.problems);
  const links = readCreateAssociations(ctx.portal, type, body.associations);
  if (links instanceof Response) return links;
  const merged = { ...checked.values };
  const rules = objectRules(ctx.portal, type, merged, true);
  if (rules instanceof Response) return rules;
  if (rules.length) return invalidProperties(rules);
  const id = nextObjectId(ctx.portal);
  const at = nowIso();
  const record: FakeObject = {
    id,
    properties: { ...merged, hs_object_id: id, [CREATED_PROPERTY[type]]: at, [MODIFIED_PROPERTY[type]]: at },
    createdAt: at,
    updatedAt: at,
    archived: false,
  };
  ctx.portal.objects[type].set(id, record);
  for (const link of links) associate(ctx.portal, type, id, link.to, link.id);
  emitHubSpotChange(ctx.portal, type, id, 'creation');
  return json(present(ctx.portal, type, record, Object.keys(merged), []), 201);
}

async function updateObject(ctx: PortalContext): Promise<Response> {
  const type = objectType(ctx);
  if (type instanceof Response) return type;
  const record = ctx.portal.objects[type].get(ctx.params.objectId ?? '');
  if (!record) return notFound();
  const body = await readJsonObject(ctx.request);
  if (body instanceof Response) return body;
  const checked = checkPropertyValues(ctx.portal, type, body.properties ?? {});
  if ('problems' in checked) return invalidProperties(checked.problems);
  const merged = { ...record.properties, ...checked.values };
  const rules = objectRules(ctx.portal, type, merged, false);
  if (rules instanceof Response) return rules;
  if (rules.length) return invalidProperties(rules);
  const at = nowIso();
  // HubSpot sends one propertyChange event per property whose value really changed.
  const changed = Object.entries(checked.values).filter(([name, value]) => (record.properties[name] ?? null) !== value);
  record.properties = { ...merged, [MODIFIED_PROPERTY[type]]: at };
  record.updatedAt = at;
  for (const [name, value] of changed) emitHubSpotChange(ctx.portal, type, record.id, 'propertyChange', { name, value });
  return json(present(ctx.portal, type, record, Object.keys(checked.values), []));
}

function listObjects(ctx: PortalContext): Response {
  const type = objectType(ctx);
  if (type instanceof Response) return type;
  const limit = readLimit(ctx.url.searchParams.get('limit'), 100);
  if (limit instanceof Response) return limit;
  const targets = associationTargets(ctx.url);
  if (targets instanceof Response) return targets;
  const after = Number(ctx.url.searchParams.get('after') ?? 0) || 0;
  // `after` is the id to resume from, as HubSpot's paging.next.after is for object lists.
  const records = [...ctx.portal.objects[type].values()]
    .filter((record) => Number(record.id) >= after)
    .sort((a, b) => Number(a.id) - Number(b.id));
  const page = records.slice(0, limit);
  const next = records[limit];
  const properties = listParam(ctx.url, 'properties');
  return json({
    results: page.map((record) => present(ctx.portal, type, record, properties, targets)),
    ...(next ? { paging: { next: { after: next.id, link: `${ctx.base}/crm/v3/objects/${type}?after=${next.id}` } } } : {}),
  });
}

function readObject(ctx: PortalContext): Response {
  const type = objectType(ctx);
  if (type instanceof Response) return type;
  const targets = associationTargets(ctx.url);
  if (targets instanceof Response) return targets;
  const record = ctx.portal.objects[type].get(ctx.params.objectId ?? '');
  if (!record) return notFound();
  return json(present(ctx.portal, type, record, listParam(ctx.url, 'properties'), targets));
}

function archiveObject(ctx: PortalContext): Response {
  const type = objectType(ctx);
  if (type instanceof Response) return type;
  const id = ctx.params.objectId ?? '';
  if (!ctx.portal.objects[type].delete(id)) return notFound();
  dropAssociations(ctx.portal, type, id);
  emitHubSpotChange(ctx.portal, type, id, 'deletion');
  return new Response(null, { status: 204 });
}

// Search: https://developers.hubspot.com/docs/api/crm/search (at most 200 per page; `after` is an offset).
async function searchObjects(ctx: PortalContext): Promise<Response> {
  const type = objectType(ctx);
  if (type instanceof Response) return type;
  const body = await readJsonObject(ctx.request);
  if (body instanceof Response) return body;
  const limit = readLimit(body.limit, 200);
  if (limit instanceof Response) return limit;
  const matched = matchesFilterGroups(ctx.portal, type, body.filterGroups);
  if (matched instanceof Response) return matched;
  const sorted = sortObjects(matched, body.sorts);
  const start = Number(body.after ?? 0) || 0;
  const page = sorted.slice(start, start + limit);
  const properties = Array.isArray(body.properties) ? body.properties.map(String) : undefined;
  return json({
    total: sorted.length,
    results: page.map((record) => present(ctx.portal, type, record, properties, [])),
    ...(start + limit < sorted.length ? { paging: { next: { after: String(start + limit) } } } : {}),
  });
}

const read = (params: Readonly<Record<string, string>>) => objectScope(params.objectType, 'read');
const write = (params: Readonly<Record<string, string>>) => objectScope(params.objectType, 'write');

export const objectRoutes: FakeRoute[] = [
  portalRoute('GET', '/crm/v3/objects/:objectType', listObjects, read),
  portalRoute('POST', '/crm/v3/objects/:objectType', createObject, write),
  portalRoute('POST', '/crm/v3/objects/:objectType/search', searchObjects, read),
  portalRoute('GET', '/crm/v3/objects/:objectType/:objectId', readObject, read),
  portalRoute('PATCH', '/crm/v3/objects/:objectType/:objectId', updateObject, write),
  portalRoute('DELETE', '/crm/v3/objects/:objectType/:objectId', archiveObject, write),
];
