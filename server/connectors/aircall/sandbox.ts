import { json } from '../sandbox-kit/http';
import { bearerRoute, type SandboxFake } from '../sandbox-kit/types';
import { aircall } from './declaration';

// Aircall's error body: { error, troubleshoot }.
const aircallError = (status: number, error: string, troubleshoot: string) => json({ error, troubleshoot }, status);

export const aircallSandbox: SandboxFake = {
  connector: aircall,
  oauth: {
    // Aircall access tokens do not expire and there is no refresh token.
    issuesRefreshTokens: false,
    defaultScopes: ['public_api'],
    tokenResponse: (issued) => ({
      access_token: issued.accessToken,
      token_type: 'Bearer',
      scope: 'public_api',
      created_at: Math.floor(issued.issuedAt.getTime() / 1000),
    }),
  },
  routes: [
    // The integration (installed app) the token belongs to, with the admin who installed it.
    bearerRoute('GET', '/v1/integrations/me', ({ grant, url }) => {
      const { account } = grant;
      return json({
        integration: {
          id: account.number('integration', 6),
          name: 'Sandbox integration',
          custom_name: `${account.companyName} integration`,
          logo: `${url.origin}${aircall.logo}`,
          company_id: account.number('company', 6),
          status: 'enabled',
          active: true,
          number_ids: [],
          numbers_count: 0,
          user: { id: account.number('user', 6), name: account.userName, email: account.email },
        },
      });
    }),
  ],
  unauthorized: (problem) =>
    aircallError(
      401,
      'Unauthorized',
      problem === 'missing'
        ? 'Send the OAuth access token as "Authorization: Bearer <token>"'
        : 'The access token is invalid or was revoked',
    ),
};
