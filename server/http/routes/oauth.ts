import { completeOAuthCallback } from '../../services/oauth-callback';
import { withoutCredentials } from '../auth';
import { type RouteDefinition } from '../pipeline';

export const oauthRoutes: RouteDefinition[] = [
  {
    // GET /v1/oauth/callback: the one redirect URI of every connector; sends the browser on with the outcome
    method: 'GET',
    pattern: '/v1/oauth/callback',
    handler: withoutCredentials(async (ctx) => {
      const outcome = await completeOAuthCallback(ctx.query);
      if (outcome.organizationId) ctx.logFields.organizationId = outcome.organizationId;
      if (outcome.connectorId) ctx.logFields.connectorId = outcome.connectorId;
      if (outcome.ownerId) ctx.logFields.ownerId = outcome.ownerId;
      return { status: 302, headers: { location: outcome.location }, ...(outcome.error ? { logError: outcome.error } : {}) };
    }),
  },
];
