import { createRouter } from '../router';
import { handleV1 } from '../pipeline';
import { connectionRoutes } from './connections';

/** Every /v1 route. A route is added here, in the module of its use-case family. */
export const v1Router = createRouter([...connectionRoutes]);

export function handleV1Request(request: Request): Promise<Response> {
  return handleV1(request, v1Router);
}
