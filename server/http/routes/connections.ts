import { z } from 'zod';
import { CONNECTOR_IDS } from '../../connectors/types';
import { startAuthorization } from '../../services/authorizations';
import {
  createConnection,
  deleteConnection,
  listConnections,
  requireConnection,
  toConnectionView,
  updateConnection,
} from '../../services/connections';
import { createSession } from '../../services/sessions';
import { withApiKey } from '../auth';
import { type RouteDefinition } from '../pipeline';
import { intParam, parsePart } from '../validate';
import { authorizationQuery, connectionPath, createAuthorizationSchema, operationsSchema, ownerIdSchema } from './schemas';

const listQuery = z.strictObject({
  q: z.string().max(500, 'must be at most 500 characters').optional(),
  connectorId: z.string().optional(),
  status: z.enum(['unauthorized', 'authorized', 'expired'], { error: 'must be unauthorized, authorized or expired' }).optional(),
  limit: intParam(1, 100).optional(),
  cursor: z.string().max(2000).optional(),
});

const createBody = z.strictObject({
  connectorId: z.string({ error: 'is required: one of ' + CONNECTOR_IDS.join(', ') }),
  ownerId: ownerIdSchema,
  operations: operationsSchema,
});

const updateQuery = z.strictObject({
  createIfMissing: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});

const sessionBody = z.strictObject({
  connection: z.strictObject({ operations: operationsSchema.optional() }).optional(),
  expiresIn: z
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(60, 'must be at least 60 seconds')
    .max(86_400, 'must be at most 86400 seconds (one day)')
    .default(1800),
});

const requiredBody = (body: unknown) => body ?? {};

export const connectionRoutes: RouteDefinition[] = [
  {
    // GET /v1/connections: the organization's connections, searchable with `q`
    method: 'GET',
    pattern: '/v1/connections',
    handler: withApiKey(async (ctx) => {
      const query = parsePart('query', listQuery, ctx.query);
      const list = listConnections({
        organizationId: ctx.caller.organizationId,
        limit: query.limit ?? 20,
        ...(query.q ? { q: query.q } : {}),
        ...(query.connectorId ? { connectorId: query.connectorId } : {}),
        ...(query.status ? { status: query.status } : {}),
        ...(query.cursor ? { cursor: query.cursor } : {}),
      });
      return { status: 200, body: list };
    }),
  },
  {
    // POST /v1/connections: create a connection for a connector and owner
    method: 'POST',
    pattern: '/v1/connections',
    handler: withApiKey(async (ctx) => {
      const body = parsePart('body', createBody, requiredBody(ctx.body));
      ctx.logFields.connectorId = body.connectorId;
      ctx.logFields.ownerId = body.ownerId;
      return { status: 201, body: createConnection({ organizationId: ctx.caller.organizationId, ...body }) };
    }),
  },
  {
    // GET /v1/connections/{connectorId}/{ownerId}: one connection
    method: 'GET',
    pattern: '/v1/connections/{connectorId}/{ownerId}',
    handler: withApiKey(async (ctx) => {
      const path = parsePart('path', connectionPath, ctx.params);
      Object.assign(ctx.logFields, path);
      return { status: 200, body: toConnectionView(requireConnection({ organizationId: ctx.caller.organizationId, ...path })) };
    }),
  },
  {
    // PATCH /v1/connections/{connectorId}/{ownerId}: replace its operations; ?createIfMissing=true creates it
    method: 'PATCH',
    pattern: '/v1/connections/{connectorId}/{ownerId}',
    handler: withApiKey(async (ctx) => {
      const path = parsePart('path', connectionPath, ctx.params);
      Object.assign(ctx.logFields, path);
      const query = parsePart('query', updateQuery, ctx.query);
      const body = parsePart('body', z.strictObject({ operations: operationsSchema }), requiredBody(ctx.body));
      const connection = updateConnection({
        organizationId: ctx.caller.organizationId,
        ...path,
        operations: body.operations,
        createIfMissing: query.createIfMissing === 'true',
      });
      return { status: 200, body: connection };
    }),
  },
  {
    // DELETE /v1/connections/{connectorId}/{ownerId}: delete it with its credentials; its sessions stop working
    method: 'DELETE',
    pattern: '/v1/connections/{connectorId}/{ownerId}',
    handler: withApiKey(async (ctx) => {
      const path = parsePart('path', connectionPath, ctx.params);
      Object.assign(ctx.logFields, path);
      await deleteConnection({ organizationId: ctx.caller.organizationId, ...path });
      return { status: 204 };
    }),
  },
  {
    // POST /v1/connections/{connectorId}/{ownerId}/authorization: start (or complete, for API keys) authorization
    method: 'POST',
    pattern: '/v1/connections/{connectorId}/{ownerId}/authorization',
    handler: withApiKey(async (ctx) => {
      const path = parsePart('path', connectionPath, ctx.params);
      Object.assign(ctx.logFields, path);
      const query = parsePart('query', authorizationQuery, ctx.query);
      const body = parsePart('body', createAuthorizationSchema, requiredBody(ctx.body));
      const authorization = await startAuthorization({
        organizationId: ctx.caller.organizationId,
        ...path,
        scopes: body.scopes,
        settings: body.settings,
        mode: query.mode ?? 'direct',
        via: 'apiKey',
        ...(query.redirectUrl ? { redirectUrl: query.redirectUrl } : {}),
      });
      return { status: 200, body: authorization };
    }),
  },
  {
    // POST /v1/connections/{connectorId}/{ownerId}/sessions: a short-lived token for a front end
    method: 'POST',
    pattern: '/v1/connections/{connectorId}/{ownerId}/sessions',
    handler: withApiKey(async (ctx) => {
      const path = parsePart('path', connectionPath, ctx.params);
      Object.assign(ctx.logFields, path);
      const body = parsePart('body', sessionBody, requiredBody(ctx.body));
      const session = await createSession({
        organizationId: ctx.caller.organizationId,
        ...path,
        expiresIn: body.expiresIn,
        ...(body.connection?.operations ? { operations: body.connection.operations } : {}),
      });
      return { status: 201, body: session };
    }),
  },
];
