import { json } from '../sandbox-kit/http';
import { bearerRoute, type SandboxFake } from '../sandbox-kit/types';
import { pipedrive } from './declaration';

// Pipedrive's v1 error body (developers.pipedrive.com, "Responses").
function pipedriveError(status: number, error: string): Response {
  return json(
    {
      success: false,
      error,
      errorCode: status,
      error_info: 'Please check developers.pipedrive.com for more information about Pipedrive API.',
    },
    status,
  );
}

export const pipedriveSandbox: SandboxFake = {
  connector: pipedrive,
  oauth: {
    accessTokenTtl: 3599,
    issuesRefreshTokens: true,
    defaultScopes: ['base'],
    tokenResponse: (issued) => ({
      access_token: issued.accessToken,
      token_type: 'Bearer',
      refresh_token: issued.refreshToken,
      // Pipedrive lists the app's scopes comma-separated.
      scope: issued.scopes.join(','),
      expires_in: issued.expiresIn,
      // The company's own API host; here the fake itself.
      api_domain: issued.base,
    }),
  },
  routes: [
    bearerRoute('GET', '/api/v1/users/me', ({ grant }) => {
      const { account } = grant;
      const created = account.createdAt.toISOString().replace('T', ' ').slice(0, 19);
      return json({
        success: true,
        data: {
          id: account.number('user', 8),
          name: account.userName,
          default_currency: 'USD',
          locale: 'en_US',
          lang: 1,
          email: account.email,
          phone: null,
          activated: true,
          last_login: created,
          created,
          modified: created,
          has_created_company: true,
          access: [{ app: 'sales', admin: true, permission_set_id: account.uuid('permission set') }],
          active_flag: true,
          timezone_name: 'Europe/London',
          timezone_offset: '+00:00',
          role_id: 1,
          icon_url: null,
          is_you: true,
          is_deleted: false,
          is_admin: 1,
          company_id: account.number('company', 8),
          company_name: account.companyName,
          // Pipedrive's company_domain is the company's subdomain (`<domain>.pipedrive.com`), not a DNS domain.
          company_domain: account.companySlug,
          company_country: 'US',
          company_industry: 'Software',
          language: { language_code: 'en', country_code: 'US' },
        },
      });
    }),
  ],
  unauthorized: () => pipedriveError(401, 'unauthorized access'),
};
