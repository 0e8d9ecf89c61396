import { z } from 'zod';
import { CATALOGUE } from '../../connectors/catalogue';
import { CONNECTOR_IDS } from '../../connectors/types';
import { listAuthorizationAttempts } from '../../services/authorizations';
import { clearConnectorApp, listConnectorApps, setConnectorApp } from '../../services/connector-apps';
import { deleteConnection, getConnectionDetail, listConnections } from '../../services/connections';
import { listSessions } from '../../services/sessions';
import { operatorProcedure, router } from '../init';

const connectionKey = z.strictObject({ connectorId: z.string().min(1), ownerId: z.string().min(1).max(255) });

export const connectionsRouter = router({
  list: operatorProcedure
    .input(
      z.strictObject({
        q: z.string().max(500).optional(),
        connectorId: z.enum(CONNECTOR_IDS).optional(),
        status: z.enum(['unauthorized', 'authorized', 'expired']).optional(),
        cursor: z.string().max(2000).optional(),
        limit: z.number().int().min(1).max(100).default(25),
      }),
    )
    .query(({ ctx, input }) =>
      listConnections({
        organizationId: ctx.organizationId,
        limit: input.limit,
        ...(input.q ? { q: input.q } : {}),
        ...(input.connectorId ? { connectorId: input.connectorId } : {}),
        ...(input.status ? { status: input.status } : {}),
        ...(input.cursor ? { cursor: input.cursor } : {}),
      }),
    ),
  detail: operatorProcedure.input(connectionKey).query(({ ctx, input }) => {
    const connection = getConnectionDetail({ organizationId: ctx.organizationId, ...input });
    return {
      connection,
      authorizations: listAuthorizationAttempts({ organizationId: ctx.organizationId, connectionId: connection.id, limit: 50 }).map(
        toAttemptView,
      ),
      sessions: listSessions({ organizationId: ctx.organizationId, connectionId: connection.id }).map((session) => ({
        id: session.id,
        operations: session.operations,
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
        revokedAt: session.revokedAt,
      })),
    };
  }),
  delete: operatorProcedure.input(connectionKey).mutation(async ({ ctx, input }) => {
    await deleteConnection({ organizationId: ctx.organizationId, ...input });
    return { deleted: true };
  }),
  connectors: operatorProcedure.query(() =>
    Object.values(CATALOGUE).map((connector) => ({
      id: connector.id,
      name: connector.name,
      category: connector.category,
      logo: connector.logo,
    })),
  ),
});

function toAttemptView(attempt: ReturnType<typeof listAuthorizationAttempts>[number]) {
  return {
    id: attempt.id,
    connectorId: attempt.connectorId,
    ownerId: attempt.ownerId,
    status: attempt.status,
    mode: attempt.mode,
    via: attempt.via,
    scopes: attempt.scopes,
    redirectUrl: attempt.redirectUrl,
    errorCode: attempt.errorCode,
    errorMessage: attempt.errorMessage,
    createdAt: attempt.createdAt,
    completedAt: attempt.completedAt,
  };
}

export const authorizationsRouter = router({
  list: operatorProcedure
    .input(z.strictObject({ before: z.string().max(100).optional(), limit: z.number().int().min(1).max(100).default(25) }))
    .query(({ ctx, input }) => {
      const items = listAuthorizationAttempts({
        organizationId: ctx.organizationId,
        limit: input.limit + 1,
        ...(input.before ? { before: input.before } : {}),
      }).map(toAttemptView);
      const page = items.slice(0, input.limit);
      const last = page.at(-1);
      return { items: page, nextBefore: items.length > input.limit && last ? `${last.createdAt}~${last.id}` : null };
    }),
});

export const connectorAppsRouter = router({
  list: operatorProcedure.query(({ ctx }) =>
    listConnectorApps({ organizationId: ctx.organizationId, catalogue: Object.values(CATALOGUE) }),
  ),
  set: operatorProcedure
    .input(
      z.strictObject({
        connectorId: z.enum(CONNECTOR_IDS),
        clientId: z.string().trim().min(1, 'is required').max(500),
        clientSecret: z.string().trim().min(1, 'is required').max(2000),
      }),
    )
    .mutation(({ ctx, input }) => {
      setConnectorApp({ organizationId: ctx.organizationId, ...input });
      return { saved: true };
    }),
  clear: operatorProcedure.input(z.strictObject({ connectorId: z.enum(CONNECTOR_IDS) })).mutation(({ ctx, input }) => {
    clearConnectorApp({ organizationId: ctx.organizationId, connectorId: input.connectorId });
    return { cleared: true };
  }),
});
