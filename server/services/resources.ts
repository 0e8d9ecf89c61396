import 'server-only';
import type { FieldDefinition, FieldWriteInput, ModelOperations, UnifiedRecord } from '../connectors/framework';
import { connectorModule } from '../connectors/registry';
import type { ConnectorId } from '../connectors/types';
import { AppError } from '../errors';
import { MODELS, type Action, type Model, type Operation } from '../models/operations';
import { fieldNames, readWarnings, REFERENCE_FIELDS, writeSchema, type Warning } from '../models/schemas';
import { describeIssues } from '../http/validate';
import type { ConnectionRow, ListWrapper } from './connections';
import { decodeResourceCursor, encodeResourceCursor } from './resource-cursor';
import { connectorContext } from './vendor-calls';

export interface ResourceCaller {
  connection: ConnectionRow;
  /** Present when the caller used a session token: it narrows what the connection allows. */
  sessionOperations?: readonly string[];
}

export interface ResourceRef {
  id: string;
  object: 'resourceRef';
  model: Model;
  fields: Record<string, unknown> | null;
  rawResource: Record<string, unknown> | null;
  remote: { id: string };
  createdAt?: string;
  updatedAt?: string;
}

export interface ResourceView {
  object: 'resource';
  model: Model;
  id: string;
  fields: Record<string, unknown>;
  createdAt: string | null;
  updatedAt: string | null;
  remote: { id: string };
  rawResource: Record<string, unknown> | null;
  warnings: Warning[];
}

export interface WriteResultView {
  object: 'resource';
  model: Model;
  id: string;
  remote: { id: string };
}

// Expanded references are fetched concurrently, at most this many at a time per request.
const EXPAND_CONCURRENCY = 5;

export function requireModel(name: string): Model {
  if (!(MODELS as readonly string[]).includes(name)) {
    throw new AppError('CONNECTOR::RESOURCE_MODEL::NOT_FOUND', `path.model: "${name}" is not a model; use one of ${MODELS.join(', ')}`);
  }
  return name as Model;
}

/** The connector's operations for a model and action, after checking the connection (and session) allow it. */
function authorize(caller: ResourceCaller, model: Model, action: Action): ModelOperations {
  const { connection } = caller;
  const module = connectorModule(connection.connectorId as ConnectorId);
  const operations = module.models[model];
  if (!operations) {
    throw new AppError('CONNECTOR::RESOURCE_MODEL::NOT_FOUND', `${module.declaration.name} does not serve ${model}`);
  }
  if (!operations[action]) {
    throw new AppError('CONNECTOR::OPERATION::NOT_FOUND', `${module.declaration.name} cannot ${action} ${model}`);
  }
  const operation: Operation = `${model}::${action}`;
  if (!connection.operations.includes(operation)) {
    throw new AppError('SERVICE::BAD_REQUEST', `The connection does not allow ${operation}: add it to the connection's operations`);
  }
  if (caller.sessionOperations && !caller.sessionOperations.includes(operation)) {
    throw new AppError('SERVICE::BAD_REQUEST', `This session does not allow ${operation}; create a session that includes it`);
  }
  return operations;
}

function toRef(model: Model, value: unknown): unknown {
  if (!value || typeof value !== 'object' || !('id' in value)) return value;
  const id = String(value.id);
  return { id, object: 'resourceRef', model, fields: null, rawResource: null, remote: { id } } satisfies ResourceRef;
}

/** References from a connector (`{ id }`) become full `resourceRef` objects. */
function normaliseReferences(model: Model, fields: Record<string, unknown>): Record<string, unknown> {
  const references = REFERENCE_FIELDS[model] ?? {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const target = references[key];
    out[key] = target ? (Array.isArray(value) ? value.map((item) => toRef(target, item)) : toRef(target, value)) : value;
  }
  return out;
}

function select(fields: Record<string, unknown>, wanted?: readonly string[]): Record<string, unknown> {
  if (!wanted || wanted.length === 0) return fields;
  return Object.fromEntries(wanted.filter((key) => key in fields).map((key) => [key, fields[key]]));
}

function toView(model: Model, record: UnifiedRecord, wanted?: readonly string[]): ResourceView {
  const fields = normaliseReferences(model, record.fields);
  return {
    object: 'resource',
    model,
    id: record.id,
    fields: select(fields, wanted),
    createdAt: record.createdAt ?? null,
    updatedAt: record.updatedAt ?? null,
    remote: { id: record.remoteId },
    rawResource: record.raw,
    // Warnings speak only of the fields the response carries.
    warnings: readWarnings(model, wanted?.length ? select(record.fields, wanted) : record.fields),
  };
}

function checkFieldNames(model: Model, names: readonly string[] | undefined, part: string): void {
  const known = new Set(fieldNames(model));
  const bad = names?.find((name) => !known.has(name));
  if (bad) throw new AppError('SERVICE::BAD_REQUEST', `${part}: "${bad}" is not a field of ${model}`);
}

async function mapLimited<T, R>(items: readonly T[], limit: number, map: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await map(items[index] as T);
    }
  });
  await Promise.all(workers);
  return results;
}

/** Replaces the references named in `expand` by the referenced resources, fetched with bounded concurrency. */
async function expand(caller: ResourceCaller, model: Model, view: ResourceView, names: readonly string[]): Promise<void> {
  const references = REFERENCE_FIELDS[model] ?? {};
  const jobs: { key: string; index?: number; target: Model; id: string }[] = [];
  for (const key of names) {
    const target = references[key];
    if (!target) throw new AppError('SERVICE::BAD_REQUEST', `query.expand: "${key}" is not a reference field of ${model}`);
    const value = view.fields[key];
    if (Array.isArray(value)) value.forEach((item: ResourceRef, index) => jobs.push({ key, index, target, id: item.id }));
    else if (value && typeof value === 'object') jobs.push({ key, target, id: (value as ResourceRef).id });
  }
  if (jobs.length === 0) return;
  const ctx = connectorContext(caller.connection, connectorModule(caller.connection.connectorId as ConnectorId));
  const expanded = await mapLimited(jobs, EXPAND_CONCURRENCY, async (job) => {
    const operations = authorize(caller, job.target, 'retrieve');
    const record = await operations.retrieve!(ctx, job.id, {});
    const target = toView(job.target, record);
    return {
      ...(toRef(job.target, { id: target.id }) as ResourceRef),
      fields: target.fields,
      rawResource: target.rawResource,
      remote: target.remote,
      ...(record.createdAt ? { createdAt: record.createdAt } : {}),
      ...(record.updatedAt ? { updatedAt: record.updatedAt } : {}),
    };
  });
  jobs.forEach((job, position) => {
    const value = expanded[position];
    if (job.index === undefined) view.fields[job.key] = value;
    else (view.fields[job.key] as unknown[])[job.index] = value;
  });
}

function context(caller: ResourceCaller) {
  return connectorContext(caller.connection, connectorModule(caller.connection.connectorId as ConnectorId));
}

// GET /v1/resources/<model>
export async function listResources(options: {
  caller: ResourceCaller;
  model: Model;
  limit: number;
  cursor?: string;
  fields?: readonly string[];
  filter: Record<string, string>;
}): Promise<ListWrapper<ResourceView>> {
  const operations = authorize(options.caller, options.model, 'list');
  checkFieldNames(options.model, options.fields, 'query.fields');
  const allowed = new Set(operations.filters ?? []);
  const badFilter = Object.keys(options.filter).find((key) => !allowed.has(key));
  if (badFilter) {
    throw new AppError(
      'SERVICE::BAD_REQUEST',
      `query.filter[${badFilter}]: not a filter of ${options.model} on ${options.caller.connection.connectorId}${allowed.size ? ` (use ${[...allowed].join(', ')})` : ''}`,
    );
  }
  const connectionId = options.caller.connection.id;
  const vendorCursor = options.cursor ? decodeResourceCursor(options.cursor, options.model, connectionId) : undefined;
  const page = await operations.list!(context(options.caller), {
    limit: options.limit,
    filter: options.filter,
    ...(vendorCursor ? { cursor: vendorCursor } : {}),
    ...(options.fields ? { fields: options.fields } : {}),
  });
  return {
    object: 'list',
    data: page.records.map((record) => toView(options.model, record, options.fields)),
    next: page.nextCursor ? encodeResourceCursor(options.model, connectionId, page.nextCursor) : null,
  };
}

// GET /v1/resources/<model>/{id}
export async function retrieveResource(options: {
  caller: ResourceCaller;
  model: Model;
  id: string;
  fields?: readonly string[];
  expand?: readonly string[];
}): Promise<ResourceView> {
  const operations = authorize(options.caller, options.model, 'retrieve');
  checkFieldNames(options.model, options.fields, 'query.fields');
  checkFieldNames(options.model, options.expand, 'query.expand');
  // An expanded reference is fetched even when `fields` does not name it.
  const wanted = options.fields && options.expand ? [...new Set([...options.fields, ...options.expand])] : options.fields;
  const record = await operations.retrieve!(context(options.caller), options.id, { ...(wanted ? { fields: wanted } : {}) });
  const view = toView(options.model, record, wanted);
  if (options.expand?.length) await expand(options.caller, options.model, view, options.expand);
  return view;
}

function parseWrite(model: Model, action: 'create' | 'update', body: unknown): Record<string, unknown> {
  const result = writeSchema(model, action).safeParse(body ?? {});
  if (!result.success) throw new AppError('SERVICE::BAD_REQUEST', describeIssues('body', result.error));
  return result.data;
}

// POST /v1/resources/<model>
export async function createResource(options: { caller: ResourceCaller; model: Model; body: unknown }): Promise<WriteResultView> {
  const operations = authorize(options.caller, options.model, 'create');
  const fields = parseWrite(options.model, 'create', options.body);
  const result = await operations.create!(context(options.caller), fields);
  return { object: 'resource', model: options.model, id: result.id, remote: { id: result.remoteId } };
}

// PATCH /v1/resources/<model>/{id}
export async function updateResource(options: {
  caller: ResourceCaller;
  model: Model;
  id: string;
  body: unknown;
}): Promise<WriteResultView> {
  const operations = authorize(options.caller, options.model, 'update');
  const fields = parseWrite(options.model, 'update', options.body);
  const result = await operations.update!(context(options.caller), options.id, fields);
  return { object: 'resource', model: options.model, id: result.id, remote: { id: result.remoteId } };
}

// DELETE /v1/resources/<model>/{id}
export async function deleteResource(options: { caller: ResourceCaller; model: Model; id: string }): Promise<void> {
  const operations = authorize(options.caller, options.model, 'delete');
  await operations.delete!(context(options.caller), options.id);
}

// GET /v1/resources/<model>/fields
export async function readFields(options: { caller: ResourceCaller; model: Model }): Promise<ListWrapper<FieldDefinition>> {
  const operations = authorize(options.caller, options.model, 'fieldRead');
  return { object: 'list', data: await operations.fieldRead!(context(options.caller)), next: null };
}

// POST /v1/resources/<model>/fields
export async function writeField(options: { caller: ResourceCaller; model: Model; input: FieldWriteInput }): Promise<FieldDefinition> {
  const operations = authorize(options.caller, options.model, 'fieldWrite');
  try {
    return await operations.fieldWrite!(context(options.caller), options.input);
  } catch (error) {
    // The vendor's "already exists" for a field has its own code in the enumeration.
    if (error instanceof AppError && error.code === 'CONNECTOR::OPERATION::RESOURCE_ALREADY_EXISTS') {
      throw new AppError('CONNECTOR::OPERATION::FIELD_ALREADY_EXISTS', error.message);
    }
    throw error;
  }
}
