import { randomUUID } from 'node:crypto';
import { stableNumber } from '../sandbox-kit/accounts';
import { json } from '../sandbox-kit/http';
import { openRoute, type SandboxFake } from '../sandbox-kit/types';
import { hubspot } from './declaration';
import { associationRoutes } from './sandbox-associations';
import { hubspotError } from './sandbox-http';
import { objectRoutes } from './sandbox-objects';
import { schemaRoutes } from './sandbox-schema';

// HubSpot names its token errors in `status` next to the RFC fields (e.g. BAD_AUTH_CODE, BAD_REFRESH_TOKEN).
function tokenErrorStatus(error: string, grantType: string | null): string {
  if (error === 'invalid_client') return 'BAD_CLIENT_ID';
  if (error === 'invalid_grant') return grantType === 'refresh_token' ? 'BAD_REFRESH_TOKEN' : 'BAD_AUTH_CODE';
  return 'BAD_REQUEST';
}

export const hubspotSandbox: SandboxFake = {
  connector: hubspot,
  oauth: {
    accessTokenTtl: 1800,
    issuesRefreshTokens: true,
    tokenResponse: (issued) => ({
      token_type: 'bearer',
      refresh_token: issued.refreshToken,
      access_token: issued.accessToken,
      expires_in: issued.expiresIn,
    }),
    tokenErrorExtras: ({ error, description, grantType }) => ({
      status: tokenErrorStatus(error, grantType),
      message: description,
      correlationId: randomUUID(),
    }),
  },
  routes: [
    // Access-token metadata: the token is in the path, not in an Authorization header.
    openRoute('GET', '/oauth/v1/access-tokens/:token', ({ params, findAccessToken }) => {
      const found = findAccessToken(params.token ?? '');
      if (found.status === 'unknown') return hubspotError(404, 'OBJECT_NOT_FOUND', 'Token not found');
      if (found.status === 'expired') return hubspotError(401, 'EXPIRED_AUTHENTICATION', 'The OAuth token used to make this call expired.');
      const { grant } = found;
      const expiresIn = grant.expiresAt ? Math.max(0, Math.floor((grant.expiresAt.getTime() - Date.now()) / 1000)) : 0;
      return json({
        token: grant.token,
        user: grant.account.email,
        hub_domain: grant.account.domain,
        scopes: grant.scopes,
        scope_to_scope_group_pks: [],
        trial_scopes: [],
        trial_scope_to_scope_group_pks: [],
        hub_id: grant.account.number('hub_id', 8),
        app_id: stableNumber(`hubspot app ${grant.clientId}`, 7),
        expires_in: expiresIn,
        user_id: grant.account.number('user_id', 8),
        token_type: 'access',
      });
    }),
    ...objectRoutes,
    ...associationRoutes,
    ...schemaRoutes,
  ],
  // HubSpot's 429: https://developers.hubspot.com/docs/api/usage-details#rate-limits
  rateLimited: () =>
    json(
      {
        status: 'error',
        message: 'You have reached your secondly limit.',
        errorType: 'RATE_LIMIT',
        correlationId: randomUUID(),
        policyName: 'SECONDLY',
      },
      429,
      {
        'X-HubSpot-RateLimit-Interval-Milliseconds': '10000',
        'X-HubSpot-RateLimit-Max': '100',
        'X-HubSpot-RateLimit-Remaining': '0',
        'Retry-After': '1',
      },
    ),
  unauthorized: (problem) =>
    problem === 'expired'
      ? hubspotError(401, 'EXPIRED_AUTHENTICATION', 'The OAuth token used to make this call expired.')
      : hubspotError(401, 'INVALID_AUTHENTICATION', 'Authentication credentials not found or invalid.'),
};
