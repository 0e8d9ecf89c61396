import { handleV1, handleV1Reply, type V1Reply } from '../pipeline';
import { createRouter } from '../router';
import { cardViewRoutes } from './card-view';
import { connectionRoutes } from './connections';
import { deliveryRoutes } from './deliveries';
import { oauthRoutes } from './oauth';
import { proxyRoutes } from './proxy';
import { resourceRoutes } from './resources';
import { webhookRoutes } from './webhooks';
import { hookRoutes } from './hooks';
import { sessionRoutes } from './session';

/** Every /v1 route. A route is added here, in the module of its use-case family. */
export const v1Router = createRouter([
  ...connectionRoutes,
  ...sessionRoutes,
  ...oauthRoutes,
  ...proxyRoutes,
  ...resourceRoutes,
  ...webhookRoutes,
  ...hookRoutes,
  ...cardViewRoutes,
  ...deliveryRoutes,
]);

export function handleV1Request(request: Request): Promise<Response> {
  return handleV1(request, v1Router);
}

/** The same, answering the reply's parts: for the node fast path (server/http/node-server.ts). */
export function handleV1RequestReply(request: Request): Promise<V1Reply> {
  return handleV1Reply(request, v1Router);
}
