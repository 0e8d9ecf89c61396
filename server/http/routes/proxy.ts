import { z } from 'zod';
import { proxyRequest } from '../../services/proxy';
import { withConnection } from '../auth';
import { type RouteDefinition } from '../pipeline';
import { parsePart } from '../validate';

const proxyBody = z.strictObject({
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], { error: 'must be GET, POST, PUT, PATCH or DELETE' }).default('GET'),
  path: z.string({ error: 'is required: a path relative to the connector API, e.g. /crm/v3/objects/contacts' }).min(1).max(4000),
  query: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]), {
      error: 'must be an object of strings, numbers or booleans',
    })
    .default({}),
  headers: z.record(z.string(), z.string({ error: 'must be a string' }), { error: 'must be an object of string values' }).default({}),
  data: z.unknown().optional(),
});

export const proxyRoutes: RouteDefinition[] = [
  {
    // POST /v1/proxy: forward one authenticated request to the connection's vendor API
    method: 'POST',
    pattern: '/v1/proxy',
    handler: withConnection(async (ctx) => {
      const request = parsePart('body', proxyBody, ctx.body ?? {});
      const result = await proxyRequest({ connection: ctx.connection, request });
      return { status: result.status, ...(result.body !== undefined ? { body: result.body } : {}), headers: result.headers };
    }),
  },
];
