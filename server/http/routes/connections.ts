import { z } from 'zod';
import { listConnections } from '../../services/connections';
import { withApiKey, type RouteDefinition } from '../pipeline';
import { intParam, parsePart } from '../validate';

const listQuery = z.strictObject({
  q: z.string().max(500, 'must be at most 500 characters').optional(),
  connectorId: z.string().optional(),
  status: z.enum(['unauthorized', 'authorized', 'expired']).optional(),
  limit: intParam(1, 100).optional(),
  cursor: z.string().max(2000).optional(),
});

export const connectionRoutes: RouteDefinition[] = [
  {
    // GET /v1/connections: the organization's connections, searchable with `q`
    method: 'GET',
    pattern: '/v1/connections',
    handler: withApiKey(async (ctx) => {
      const query = parsePart('query', listQuery, ctx.query);
      const list = listConnections({ organizationId: ctx.caller.organizationId, limit: query.limit ?? 20, ...(query.cursor ? { cursor: query.cursor } : {}) });
      return { status: 200, body: list };
    }),
  },
];
