import type { SandboxAccount } from '../sandbox-kit/accounts';
import { json } from '../sandbox-kit/http';
import { bearerRoute, type SandboxFake } from '../sandbox-kit/types';
import { calendly } from './declaration';

// Calendly's resource ids ("uuid" in its API) are 16 upper-case letters.
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const userUuid = (account: SandboxAccount) => account.chars('user', 16, LETTERS);
const userUri = (base: string, account: SandboxAccount) => `${base}/users/${userUuid(account)}`;
const organizationUri = (base: string, account: SandboxAccount) => `${base}/organizations/${account.chars('organization', 16, LETTERS)}`;

// Calendly's error body: { title, message, details? }.
const calendlyError = (status: number, title: string, message: string) => json({ title, message }, status);

function userResource(base: string, account: SandboxAccount) {
  const slug = account.email.split('@')[0]?.replace(/[^a-z0-9]+/g, '-') ?? 'sandbox-user';
  return {
    uri: userUri(base, account),
    name: account.userName,
    slug,
    email: account.email,
    scheduling_url: `https://calendly.com/${slug}`,
    timezone: 'Etc/UTC',
    time_notation: '24h',
    avatar_url: null,
    locale: 'en',
    created_at: account.createdAt.toISOString(),
    updated_at: account.createdAt.toISOString(),
    current_organization: organizationUri(base, account),
    resource_type: 'User',
  };
}

export const calendlySandbox: SandboxFake = {
  connector: calendly,
  oauth: {
    accessTokenTtl: 7200,
    issuesRefreshTokens: true,
    tokenResponse: (issued) => ({
      token_type: 'Bearer',
      expires_in: issued.expiresIn,
      created_at: Math.floor(issued.issuedAt.getTime() / 1000),
      refresh_token: issued.refreshToken,
      // Calendly has a single scope.
      scope: 'default',
      owner: userUri(issued.base, issued.account),
      organization: organizationUri(issued.base, issued.account),
      access_token: issued.accessToken,
    }),
  },
  routes: [
    bearerRoute('GET', '/users/me', ({ grant, base }) => json({ resource: userResource(base, grant.account) })),
    // The `owner` URI of the token response.
    bearerRoute('GET', '/users/:uuid', ({ grant, base, params }) =>
      params.uuid === userUuid(grant.account)
        ? json({ resource: userResource(base, grant.account) })
        : calendlyError(404, 'Resource Not Found', 'The server could not find the requested resource.'),
    ),
  ],
  unauthorized: (problem) =>
    calendlyError(401, 'Unauthenticated', problem === 'expired' ? 'The access token expired' : 'The access token is invalid'),
};
