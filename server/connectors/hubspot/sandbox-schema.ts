import { json } from '../sandbox-kit/http';
import type { FakeRoute } from '../sandbox-kit/types';
import { isCrmObjectType, type CrmObjectType } from './association-types';
import {
  badRequest,
  hubspotError,
  notFound,
  nowIso,
  portalRoute,
  readJsonObject,
  readLimit,
  scalar,
  schemaScope,
  type PortalContext,
} from './sandbox-http';
import type { FakeProperty } from './sandbox-properties';

/** Owners, deal pipelines, properties and the account: the portal's schema-like APIs. */
function objectType(ctx: PortalContext): CrmObjectType | Response {
  const type = ctx.params.objectType ?? '';
  return isCrmObjectType(type) ? type : badRequest(`Unable to infer object type from: ${type}`);
}

const TYPES: Record<string, FakeProperty['type']> = {
  string: 'string',
  number: 'number',
  date: 'date',
  datetime: 'datetime',
  enumeration: 'enumeration',
  bool: 'bool',
};
const FIELD_TYPES = ['text', 'textarea', 'number', 'date', 'select', 'radio', 'checkbox', 'booleancheckbox', 'phonenumber', 'html'];

// POST /crm/v3/properties/{objectType}: https://developers.hubspot.com/docs/api/crm/properties#create-a-property
async function createProperty(ctx: PortalContext): Promise<Response> {
  const type = objectType(ctx);
  if (type instanceof Response) return type;
  const body = await readJsonObject(ctx.request);
  if (body instanceof Response) return body;
  const name = typeof body.name === 'string' ? body.name : '';
  const kind = typeof body.type === 'string' ? TYPES[body.type] : undefined;
  if (!/^[a-z][a-z0-9_]*$/.test(name))
    return badRequest('name: must start with a lower-case letter and use lower-case letters, digits and _');
  if (typeof body.label !== 'string' || !body.label) return badRequest('label: is required');
  if (!kind) return badRequest(`type: ${JSON.stringify(body.type)} is not one of ${Object.keys(TYPES).join(', ')}`);
  if (typeof body.fieldType !== 'string' || !FIELD_TYPES.includes(body.fieldType))
    return badRequest(`fieldType: ${JSON.stringify(body.fieldType)} is not valid`);
  const groupName = typeof body.groupName === 'string' ? body.groupName : '';
  if (!ctx.portal.groups[type].has(groupName) && !['contactinformation', 'companyinformation', 'dealinformation'].includes(groupName)) {
    return badRequest(`groupName: the property group ${JSON.stringify(groupName)} does not exist`);
  }
  if (ctx.portal.properties[type].has(name)) return hubspotError(409, 'CONFLICT', `Property named '${name}' already exists.`);
  const options = Array.isArray(body.options)
    ? (body.options as { label?: unknown; value?: unknown; displayOrder?: unknown; hidden?: unknown }[])
    : [];
  if ((kind === 'enumeration' || kind === 'bool') && options.length === 0)
    return badRequest('options: an enumeration or bool property needs options');
  const at = nowIso();
  const property: FakeProperty = {
    name,
    label: body.label,
    type: kind,
    fieldType: body.fieldType,
    groupName,
    description: typeof body.description === 'string' ? body.description : '',
    options: options.map((option, index) => ({
      label: scalar(option.label) || scalar(option.value),
      value: scalar(option.value),
      displayOrder: typeof option.displayOrder === 'number' ? option.displayOrder : index,
      hidden: option.hidden === true,
    })),
    displayOrder: -1,
    calculated: false,
    externalOptions: false,
    hasUniqueValue: body.hasUniqueValue === true,
    hidden: false,
    modificationMetadata: { archivable: true, readOnlyDefinition: false, readOnlyValue: false },
    formField: body.formField === true,
    createdAt: at,
    updatedAt: at,
    archived: false,
  };
  ctx.portal.properties[type].set(name, property);
  return json(property, 201);
}

async function createGroup(ctx: PortalContext): Promise<Response> {
  const type = objectType(ctx);
  if (type instanceof Response) return type;
  const body = await readJsonObject(ctx.request);
  if (body instanceof Response) return body;
  if (typeof body.name !== 'string' || !/^[a-z][a-z0-9_]*$/.test(body.name))
    return badRequest('name: is required (lower-case letters, digits, _)');
  if (typeof body.label !== 'string' || !body.label) return badRequest('label: is required');
  if (ctx.portal.groups[type].has(body.name)) return hubspotError(409, 'CONFLICT', `Property group named '${body.name}' already exists.`);
  const group = {
    name: body.name,
    label: body.label,
    displayOrder: typeof body.displayOrder === 'number' ? body.displayOrder : -1,
    archived: false,
  };
  ctx.portal.groups[type].set(group.name, group);
  return json(group, 201);
}

type Handler = Parameters<typeof portalRoute>[2];
const ownersRoute = (path: string, handle: Handler) => portalRoute('GET', path, handle, () => 'crm.objects.owners.read');
const pipelinesRoute = (path: string, handle: Handler) => portalRoute('GET', path, handle, () => 'crm.objects.deals.read');
const propertiesRoute = (method: 'GET' | 'POST', path: string, handle: Handler) =>
  portalRoute(method, path, handle, (params) => schemaScope(params.objectType, method === 'GET' ? 'read' : 'write'));

export const schemaRoutes: FakeRoute[] = [
  // Owners: https://developers.hubspot.com/docs/api/crm/owners
  ownersRoute('/crm/v3/owners', ({ portal, url }) => {
    const limit = readLimit(url.searchParams.get('limit'), 500);
    if (limit instanceof Response) return limit;
    const email = url.searchParams.get('email')?.toLowerCase();
    const owners = portal.owners.filter((owner) => !email || owner.email.toLowerCase() === email);
    const start = Number(url.searchParams.get('after') ?? 0) || 0;
    return json({
      results: owners.slice(start, start + limit),
      ...(start + limit < owners.length ? { paging: { next: { after: String(start + limit) } } } : {}),
    });
  }),
  ownersRoute('/crm/v3/owners/:ownerId', ({ portal, params }) => {
    const owner = portal.owners.find((candidate) => candidate.id === params.ownerId);
    return owner ? json(owner) : notFound(`Owner with id ${params.ownerId ?? ''} not found`);
  }),
  // Pipelines: https://developers.hubspot.com/docs/api/crm/pipelines (deals only in this fake)
  pipelinesRoute('/crm/v3/pipelines/:objectType', ({ portal, params }) =>
    params.objectType === 'deals'
      ? json({ results: portal.pipelines })
      : badRequest(`Pipelines of ${params.objectType ?? ''} are not served`),
  ),
  pipelinesRoute('/crm/v3/pipelines/:objectType/:pipelineId', ({ portal, params }) => {
    const pipeline = params.objectType === 'deals' ? portal.pipelines.find((candidate) => candidate.id === params.pipelineId) : undefined;
    return pipeline ? json(pipeline) : notFound(`Unable to find pipeline ${params.pipelineId ?? ''}`);
  }),
  pipelinesRoute('/crm/v3/pipelines/:objectType/:pipelineId/stages', ({ portal, params }) => {
    const pipeline = params.objectType === 'deals' ? portal.pipelines.find((candidate) => candidate.id === params.pipelineId) : undefined;
    return pipeline ? json({ results: pipeline.stages }) : notFound(`Unable to find pipeline ${params.pipelineId ?? ''}`);
  }),
  pipelinesRoute('/crm/v3/pipelines/:objectType/:pipelineId/stages/:stageId', ({ portal, params }) => {
    const pipeline = params.objectType === 'deals' ? portal.pipelines.find((candidate) => candidate.id === params.pipelineId) : undefined;
    const stage = pipeline?.stages.find((candidate) => candidate.id === params.stageId);
    return stage ? json(stage) : notFound(`Unable to find stage ${params.stageId ?? ''} in pipeline ${params.pipelineId ?? ''}`);
  }),
  // Properties and groups; the groups paths come first, their literal segment beats `:propertyName`.
  propertiesRoute('GET', '/crm/v3/properties/:objectType/groups', (ctx) => {
    const type = objectType(ctx);
    return type instanceof Response ? type : json({ results: [...ctx.portal.groups[type].values()] });
  }),
  propertiesRoute('POST', '/crm/v3/properties/:objectType/groups', createGroup),
  propertiesRoute('GET', '/crm/v3/properties/:objectType/groups/:groupName', (ctx) => {
    const type = objectType(ctx);
    if (type instanceof Response) return type;
    const group = ctx.portal.groups[type].get(ctx.params.groupName ?? '');
    return group ? json(group) : notFound(`Unable to find property group ${ctx.params.groupName ?? ''}`);
  }),
  propertiesRoute('GET', '/crm/v3/properties/:objectType', (ctx) => {
    const type = objectType(ctx);
    return type instanceof Response ? type : json({ results: [...ctx.portal.properties[type].values()] });
  }),
  propertiesRoute('POST', '/crm/v3/properties/:objectType', createProperty),
  propertiesRoute('GET', '/crm/v3/properties/:objectType/:propertyName', (ctx) => {
    const type = objectType(ctx);
    if (type instanceof Response) return type;
    const property = ctx.portal.properties[type].get(ctx.params.propertyName ?? '');
    return property ? json(property) : notFound(`Unable to find property ${ctx.params.propertyName ?? ''}`);
  }),
  // Account details: https://developers.hubspot.com/docs/api/settings/account-information-api
  portalRoute('GET', '/account-info/v3/details', ({ portal }) =>
    json({
      portalId: portal.portalId,
      accountType: 'STANDARD',
      timeZone: 'Europe/Paris',
      companyCurrency: 'EUR',
      additionalCurrencies: ['USD'],
      utcOffset: '+01:00',
      utcOffsetMilliseconds: 3_600_000,
      uiDomain: 'app.hubspot.com',
      dataHostingLocation: 'eu1',
    }),
  ),
];
