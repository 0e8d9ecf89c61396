import { json } from '../sandbox-kit/http';
import { bearerRoute, type SandboxFake } from '../sandbox-kit/types';
import { dialpad } from './declaration';
import { dialpadError } from './sandbox-errors';
import { dialpadEventRoutes } from './sandbox-event-routes';
import { dialpadRecordRoutes } from './sandbox-routes';

export const dialpadSandbox: SandboxFake = {
  connector: dialpad,
  oauth: {
    accessTokenTtl: 604_800,
    // Dialpad returns a refresh token only when the app asked for `offline_access`.
    issuesRefreshTokens: (scopes) => scopes.includes('offline_access'),
    tokenResponse: (issued) => ({
      access_token: issued.accessToken,
      expires_in: issued.expiresIn,
      ...(issued.refreshToken ? { refresh_token: issued.refreshToken } : {}),
      token_type: 'bearer',
    }),
  },
  routes: [
    // Operation `company.get` (schemas.company.CompanyProto in vendor-specs/dialpad/openapi.json).
    bearerRoute('GET', '/api/v2/company', ({ grant }) => {
      const { account } = grant;
      return json({
        id: account.number('company', 15),
        name: account.companyName,
        domain: account.domain,
        admin_email: account.email,
        account_type: 'standard',
        country: 'us',
        office_count: 1,
        state: 'active',
      });
    }),
    // Operation `oauth2.deauthorize.post`: revokes the access token presented and everything of its grant.
    bearerRoute('POST', '/oauth2/deauthorize', ({ grant, revokeAuthorization }) => {
      revokeAuthorization(grant.authorization.id);
      return new Response(null, { status: 204 });
    }),
    ...dialpadRecordRoutes,
    ...dialpadEventRoutes,
  ],
  unauthorized: (problem) =>
    dialpadError(401, 'required', problem === 'expired' ? 'The access token has expired' : 'Invalid or missing access token'),
};
