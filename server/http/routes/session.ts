import { startAuthorization } from '../../services/authorizations';
import { toConnectionView } from '../../services/connections';
import { withSession } from '../auth';
import { type RouteDefinition } from '../pipeline';
import { parsePart } from '../validate';
import { authorizationQuery, createAuthorizationSchema } from './schemas';
import { z } from 'zod';

export const sessionRoutes: RouteDefinition[] = [
  {
    // GET /v1/s/connection: the connection the session token belongs to
    method: 'GET',
    pattern: '/v1/s/connection',
    handler: withSession(async (ctx) => {
      parsePart('query', z.strictObject({}), ctx.query);
      return { status: 200, body: toConnectionView(ctx.session.connection) };
    }),
  },
  {
    // POST /v1/s/connection/authorization: the front end starts authorization of its own connection
    method: 'POST',
    pattern: '/v1/s/connection/authorization',
    handler: withSession(async (ctx) => {
      const query = parsePart('query', authorizationQuery, ctx.query);
      const body = parsePart('body', createAuthorizationSchema, ctx.body ?? {});
      const { connection } = ctx.session;
      const authorization = await startAuthorization({
        organizationId: ctx.session.organizationId,
        connectorId: connection.connectorId,
        ownerId: connection.ownerId,
        scopes: body.scopes,
        settings: body.settings,
        mode: query.mode ?? 'direct',
        via: 'session',
        ...(query.redirectUrl ? { redirectUrl: query.redirectUrl } : {}),
      });
      return { status: 200, body: authorization };
    }),
  },
];
