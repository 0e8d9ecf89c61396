import { operatorProcedure, router } from './init';
import { apiKeysRouter } from './routers/api-keys';
import { authorizationsRouter, connectionsRouter, connectorAppsRouter } from './routers/connections';
import { logsRouter } from './routers/logs';
import { deliveriesRouter, webhookEndpointsRouter, webhookSubscriptionsRouter } from './routers/webhooks';

export const appRouter = router({
  me: operatorProcedure.query(({ ctx }) => ({ email: ctx.operator.email, organizationId: ctx.organizationId })),
  apiKeys: apiKeysRouter,
  logs: logsRouter,
  connections: connectionsRouter,
  authorizations: authorizationsRouter,
  connectorApps: connectorAppsRouter,
  webhookEndpoints: webhookEndpointsRouter,
  deliveries: deliveriesRouter,
  webhookSubscriptions: webhookSubscriptionsRouter,
});

export type AppRouter = typeof appRouter;
