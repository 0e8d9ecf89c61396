import { json } from '../sandbox-kit/http';
import type { FakeRoute } from '../sandbox-kit/types';
import { defaultAssociationTypeId, isCrmObjectType, isKnownAssociationTypeId, type CrmObjectType } from './association-types';
import { badRequest, hubspotError, notFound, nowIso, objectScope, portalRoute, readJsonObject, readLimit, scalar } from './sandbox-http';
import type { Portal } from './sandbox-store';

/** Association edges of the fake (v4 API: https://developers.hubspot.com/docs/api/crm/associations). */
const edgeKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
const node = (type: CrmObjectType, id: string) => `${type}:${id}`;

export function associate(portal: Portal, from: CrmObjectType, fromId: string, to: CrmObjectType, toId: string): void {
  portal.associations.add(edgeKey(node(from, fromId), node(to, toId)));
}

export function dissociate(portal: Portal, from: CrmObjectType, fromId: string, to: CrmObjectType, toId: string): void {
  portal.associations.delete(edgeKey(node(from, fromId), node(to, toId)));
}

/** Ids of `to` records associated with one record, ascending. */
export function associatedIds(portal: Portal, from: CrmObjectType, fromId: string, to: CrmObjectType): string[] {
  const self = node(from, fromId);
  const ids: string[] = [];
  for (const edge of portal.associations) {
    const [a = '', b = ''] = edge.split('|');
    const other = a === self ? b : b === self ? a : undefined;
    if (other?.startsWith(`${to}:`) && portal.objects[to].has(other.slice(to.length + 1))) ids.push(other.slice(to.length + 1));
  }
  return ids.sort((x, y) => Number(x) - Number(y));
}

/** Drops every edge of a record (it was archived). */
export function dropAssociations(portal: Portal, type: CrmObjectType, id: string): void {
  const self = node(type, id);
  for (const edge of [...portal.associations]) if (edge.split('|').includes(self)) portal.associations.delete(edge);
}

const singular = (type: CrmObjectType) => (type === 'companies' ? 'company' : type.slice(0, -1));

/** The v3 `associations` block of a record read with `associations=…`. */
export function v3Associations(portal: Portal, type: CrmObjectType, id: string, targets: readonly CrmObjectType[]) {
  const out: Record<string, { results: { id: string; type: string }[] }> = {};
  for (const target of targets) {
    const ids = associatedIds(portal, type, id, target);
    if (ids.length) out[target] = { results: ids.map((other) => ({ id: other, type: `${singular(type)}_to_${singular(target)}` })) };
  }
  return out;
}

function typesOf(from: CrmObjectType, to: CrmObjectType) {
  const typeId = defaultAssociationTypeId(from, to);
  return typeId === undefined ? [] : [{ category: 'HUBSPOT_DEFINED', typeId, label: null }];
}

/** The `associations` input of a v3 create: `[{ to: { id }, types: [{ associationCategory, associationTypeId }] }]`. */
export function readCreateAssociations(
  portal: Portal,
  from: CrmObjectType,
  input: unknown,
): { to: CrmObjectType; id: string }[] | Response {
  if (input === undefined) return [];
  if (!Array.isArray(input)) return badRequest('associations must be an array');
  const out: { to: CrmObjectType; id: string }[] = [];
  for (const item of input as { to?: { id?: unknown }; types?: { associationCategory?: string; associationTypeId?: number }[] }[]) {
    const id = scalar(item.to?.id);
    const type = item.types?.[0];
    const target = (['contacts', 'companies', 'deals', 'calls', 'meetings', 'emails', 'tasks', 'notes'] as const).find(
      (candidate) => type?.associationTypeId !== undefined && isKnownAssociationTypeId(from, candidate, type.associationTypeId),
    );
    if (!target) return badRequest(`Invalid association type ${JSON.stringify(type ?? null)} from ${from}`);
    if (!portal.objects[target].has(id)) return badRequest(`One or more associations are invalid: ${target} ${id} does not exist`);
    out.push({ to: target, id });
  }
  return out;
}

function objectTypes(params: Readonly<Record<string, string>>): { from: CrmObjectType; to: CrmObjectType } | Response {
  const from = params.fromObjectType ?? '';
  const to = params.toObjectType ?? '';
  if (!isCrmObjectType(from)) return badRequest(`Unable to infer object type from: ${from}`);
  if (!isCrmObjectType(to)) return badRequest(`Unable to infer object type from: ${to}`);
  return { from, to };
}

type BatchInput = { from?: { id?: unknown }; to?: unknown; id?: unknown };

async function readInputs(request: Request): Promise<BatchInput[] | Response> {
  const body = await readJsonObject(request);
  if (body instanceof Response) return body;
  if (!Array.isArray(body.inputs)) return badRequest('inputs: must be an array');
  return body.inputs as BatchInput[];
}

// Association calls need the scope of the object they start from.
type Handler = Parameters<typeof portalRoute>[2];
const readRoute = (method: 'GET' | 'POST', path: string, handle: Handler) =>
  portalRoute(method, path, handle, (params) => objectScope(params.fromObjectType, 'read'));
const writeRoute = (method: 'PUT' | 'POST' | 'DELETE', path: string, handle: Handler) =>
  portalRoute(method, path, handle, (params) => objectScope(params.fromObjectType, 'write'));

export const associationRoutes: FakeRoute[] = [
  readRoute('GET', '/crm/v4/objects/:fromObjectType/:fromObjectId/associations/:toObjectType', ({ params, portal, url }) => {
    const types = objectTypes(params);
    if (types instanceof Response) return types;
    const limit = readLimit(url.searchParams.get('limit'), 500);
    if (limit instanceof Response) return limit;
    if (!portal.objects[types.from].has(params.fromObjectId ?? '')) return notFound();
    const ids = associatedIds(portal, types.from, params.fromObjectId ?? '', types.to);
    const start = Number(url.searchParams.get('after') ?? 0) || 0;
    const page = ids.slice(start, start + limit);
    return json({
      results: page.map((id) => ({ toObjectId: Number(id), associationTypes: typesOf(types.from, types.to) })),
      ...(start + limit < ids.length ? { paging: { next: { after: String(start + limit) } } } : {}),
    });
  }),
  writeRoute(
    'PUT',
    '/crm/v4/objects/:fromObjectType/:fromObjectId/associations/default/:toObjectType/:toObjectId',
    ({ params, portal }) => {
      const types = objectTypes(params);
      if (types instanceof Response) return types;
      const fromId = params.fromObjectId ?? '';
      const toId = params.toObjectId ?? '';
      if (!portal.objects[types.from].has(fromId) || !portal.objects[types.to].has(toId)) return notFound();
      associate(portal, types.from, fromId, types.to, toId);
      const typeId = defaultAssociationTypeId(types.from, types.to);
      return json({
        status: 'COMPLETE',
        results: [
          {
            from: { id: fromId },
            to: { id: toId },
            associationSpec: { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: typeId },
          },
        ],
        startedAt: nowIso(),
        completedAt: nowIso(),
      });
    },
  ),
  writeRoute('DELETE', '/crm/v4/objects/:fromObjectType/:fromObjectId/associations/:toObjectType/:toObjectId', ({ params, portal }) => {
    const types = objectTypes(params);
    if (types instanceof Response) return types;
    dissociate(portal, types.from, params.fromObjectId ?? '', types.to, params.toObjectId ?? '');
    return new Response(null, { status: 204 });
  }),
  readRoute('POST', '/crm/v4/associations/:fromObjectType/:toObjectType/batch/read', async ({ params, portal, request }) => {
    const types = objectTypes(params);
    if (types instanceof Response) return types;
    const inputs = await readInputs(request);
    if (inputs instanceof Response) return inputs;
    const startedAt = nowIso();
    const results = inputs
      .map((input) => scalar(input.id))
      .filter((id) => portal.objects[types.from].has(id))
      .map((id) => ({
        from: { id },
        to: associatedIds(portal, types.from, id, types.to).map((other) => ({
          toObjectId: Number(other),
          associationTypes: typesOf(types.from, types.to),
        })),
      }));
    return json({ status: 'COMPLETE', results, startedAt, completedAt: nowIso() });
  }),
  writeRoute('POST', '/crm/v4/associations/:fromObjectType/:toObjectType/batch/associate/default', async ({ params, portal, request }) => {
    const types = objectTypes(params);
    if (types instanceof Response) return types;
    const inputs = await readInputs(request);
    if (inputs instanceof Response) return inputs;
    const pairs = inputs.map((input) => ({ from: scalar(input.from?.id), to: scalar((input.to as { id?: unknown } | undefined)?.id) }));
    const missing = pairs.find((pair) => !portal.objects[types.from].has(pair.from) || !portal.objects[types.to].has(pair.to));
    if (missing) return badRequest(`One or more associations are invalid: ${types.from} ${missing.from} → ${types.to} ${missing.to}`);
    const startedAt = nowIso();
    for (const pair of pairs) associate(portal, types.from, pair.from, types.to, pair.to);
    const typeId = defaultAssociationTypeId(types.from, types.to);
    return json({
      status: 'COMPLETE',
      results: pairs.map((pair) => ({
        from: { id: pair.from },
        to: { id: pair.to },
        associationSpec: { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: typeId },
      })),
      startedAt,
      completedAt: nowIso(),
    });
  }),
  writeRoute('POST', '/crm/v4/associations/:fromObjectType/:toObjectType/batch/archive', async ({ params, portal, request }) => {
    const types = objectTypes(params);
    if (types instanceof Response) return types;
    const inputs = await readInputs(request);
    if (inputs instanceof Response) return inputs;
    for (const input of inputs) {
      if (!Array.isArray(input.to)) return hubspotError(400, 'VALIDATION_ERROR', 'inputs[].to: must be an array of { id }');
      for (const target of input.to as { id?: unknown }[]) {
        dissociate(portal, types.from, scalar(input.from?.id), types.to, scalar(target.id));
      }
    }
    return new Response(null, { status: 204 });
  }),
];
