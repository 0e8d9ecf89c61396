import { z } from 'zod';
import { AppError } from '../../errors';
import {
  createResource,
  deleteResource,
  listResources,
  readFields,
  requireModel,
  retrieveResource,
  updateResource,
  writeField,
  type ResourceCaller,
} from '../../services/resources';
import { withConnection, type ConnectionContext } from '../auth';
import { type RouteDefinition } from '../pipeline';
import { intParam, listParam, parsePart } from '../validate';

const name = z.string().min(1).max(200);
const idPath = z.strictObject({ model: z.string(), id: z.string().min(1, 'must not be empty').max(500) });
const modelPath = z.strictObject({ model: z.string() });

const listQuery = z
  .object({
    limit: intParam(1, 100).optional(),
    cursor: z.string().max(4000).optional(),
    fields: listParam(name).optional(),
  })
  .catchall(z.union([z.string(), z.array(z.string())]));
const retrieveQuery = z.strictObject({ fields: listParam(name).optional(), expand: listParam(name).optional() });
const fieldWriteBody = z.strictObject({
  key: z.string().regex(/^[a-z][a-z0-9_]{0,99}$/, 'must start with a letter and use lower-case letters, digits and _'),
  label: z.string().min(1).max(200),
  type: z.enum(['string', 'number', 'boolean', 'datetime', 'date', 'enum'], {
    error: 'must be string, number, boolean, datetime, date or enum',
  }),
  description: z.string().max(1000).optional(),
  options: z
    .array(z.strictObject({ value: z.string().min(1).max(200), label: z.string().min(1).max(200) }))
    .max(500)
    .optional(),
});

const caller = (ctx: ConnectionContext): ResourceCaller => ({
  connection: ctx.connection,
  ...(ctx.sessionOperations ? { sessionOperations: ctx.sessionOperations } : {}),
});

/** `filter[field]=value` pairs; any other unknown query key is an error naming it. */
function splitListQuery(query: Record<string, string | string[]>) {
  const parsed = parsePart('query', listQuery, query);
  const filter: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (['limit', 'cursor', 'fields'].includes(key)) continue;
    const match = /^filter\[([A-Za-z0-9_.]+)\]$/.exec(key);
    if (!match?.[1])
      throw new AppError('SERVICE::BAD_REQUEST', `query.${key}: is not a known parameter (limit, cursor, fields, filter[<field>])`);
    if (Array.isArray(value)) throw new AppError('SERVICE::BAD_REQUEST', `query.${key}: give it once`);
    filter[match[1]] = String(value);
  }
  return { limit: parsed.limit ?? 20, cursor: parsed.cursor, fields: parsed.fields, filter };
}

export const resourceRoutes: RouteDefinition[] = [
  {
    // GET /v1/resources/<model>/fields: field definitions, standard and custom (fieldRead)
    method: 'GET',
    pattern: '/v1/resources/{model}/fields',
    handler: withConnection(async (ctx) => {
      const model = requireModel(parsePart('path', modelPath, ctx.params).model);
      return { status: 200, body: await readFields({ caller: caller(ctx), model }) };
    }),
  },
  {
    // POST /v1/resources/<model>/fields: create a custom field (fieldWrite)
    method: 'POST',
    pattern: '/v1/resources/{model}/fields',
    handler: withConnection(async (ctx) => {
      const model = requireModel(parsePart('path', modelPath, ctx.params).model);
      const input = parsePart('body', fieldWriteBody, ctx.body ?? {});
      return { status: 201, body: await writeField({ caller: caller(ctx), model, input }) };
    }),
  },
  {
    // GET /v1/resources/<model>: a page of resources
    method: 'GET',
    pattern: '/v1/resources/{model}',
    handler: withConnection(async (ctx) => {
      const model = requireModel(parsePart('path', modelPath, ctx.params).model);
      const query = splitListQuery(ctx.query);
      const list = await listResources({
        caller: caller(ctx),
        model,
        limit: query.limit,
        filter: query.filter,
        ...(query.cursor ? { cursor: query.cursor } : {}),
        ...(query.fields ? { fields: query.fields } : {}),
      });
      return { status: 200, body: list };
    }),
  },
  {
    // POST /v1/resources/<model>: create a resource
    method: 'POST',
    pattern: '/v1/resources/{model}',
    handler: withConnection(async (ctx) => {
      const model = requireModel(parsePart('path', modelPath, ctx.params).model);
      return { status: 201, body: await createResource({ caller: caller(ctx), model, body: ctx.body }) };
    }),
  },
  {
    // GET /v1/resources/<model>/{id}: one resource, with `fields` and `expand`
    method: 'GET',
    pattern: '/v1/resources/{model}/{id}',
    handler: withConnection(async (ctx) => {
      const path = parsePart('path', idPath, ctx.params);
      const model = requireModel(path.model);
      const query = parsePart('query', retrieveQuery, ctx.query);
      const resource = await retrieveResource({
        caller: caller(ctx),
        model,
        id: path.id,
        ...(query.fields ? { fields: query.fields } : {}),
        ...(query.expand ? { expand: query.expand } : {}),
      });
      return { status: 200, body: resource };
    }),
  },
  {
    // PATCH /v1/resources/<model>/{id}: update a resource
    method: 'PATCH',
    pattern: '/v1/resources/{model}/{id}',
    handler: withConnection(async (ctx) => {
      const path = parsePart('path', idPath, ctx.params);
      const model = requireModel(path.model);
      return { status: 200, body: await updateResource({ caller: caller(ctx), model, id: path.id, body: ctx.body }) };
    }),
  },
  {
    // DELETE /v1/resources/<model>/{id}: delete a resource
    method: 'DELETE',
    pattern: '/v1/resources/{model}/{id}',
    handler: withConnection(async (ctx) => {
      const path = parsePart('path', idPath, ctx.params);
      const model = requireModel(path.model);
      await deleteResource({ caller: caller(ctx), model, id: path.id });
      return { status: 204 };
    }),
  },
];
