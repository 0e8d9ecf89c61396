import { handleV1 } from '../pipeline';
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
