import { json } from '../sandbox-kit/http';
import { bearerRoute, type SandboxFake } from '../sandbox-kit/types';
import { attio } from './declaration';

// Attio's error body: { status_code, type, code, message } (vendor-specs/attio/openapi.json).
function attioError(status: number, type: string, code: string, message: string): Response {
  return json({ status_code: status, type, code, message }, status);
}

export const attioSandbox: SandboxFake = {
  connector: attio,
  oauth: {
    // Attio's access tokens do not expire and there are no refresh tokens.
    issuesRefreshTokens: false,
    tokenResponse: (issued) => ({ access_token: issued.accessToken, token_type: 'Bearer' }),
  },
  routes: [
    // Operation `identify` of Attio's OpenAPI description: every field of the active-token branch is required.
    bearerRoute('GET', '/v2/self', ({ grant }) => {
      const { account } = grant;
      const workspaceId = account.uuid('workspace');
      return json({
        active: true,
        scope: grant.scopes.join(' '),
        client_id: grant.clientId,
        token_type: 'Bearer',
        exp: null,
        iat: Math.floor(grant.issuedAt.getTime() / 1000),
        sub: workspaceId,
        aud: grant.clientId,
        iss: 'attio.com',
        authorized_by_workspace_member_id: account.uuid('workspace member'),
        workspace_id: workspaceId,
        workspace_name: account.companyName,
        workspace_slug: account.companySlug,
        workspace_logo_url: null,
      });
    }),
  ],
  unauthorized: (problem) =>
    attioError(
      401,
      'auth_error',
      'invalid_token',
      problem === 'missing' ? 'Missing Authorization header' : 'The access token is invalid or has been revoked',
    ),
};
