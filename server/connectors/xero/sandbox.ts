import { randomUUID } from 'node:crypto';
import { json } from '../sandbox-kit/http';
import { bearerRoute, type BearerGrant, type FakeRoute, type RouteContext, type SandboxFake } from '../sandbox-kit/types';
import { xero } from './declaration';

// Xero's problem body: { Type, Title, Status, Detail, Instance, Extensions }.
function xeroError(status: number, title: string, detail: string): Response {
  return json({ Type: null, Title: title, Status: status, Detail: detail, Instance: randomUUID(), Extensions: {} }, status);
}

/** The one tenant (organisation) of a sandbox account, connected by the approval the token descends from. */
function connectionOf(grant: BearerGrant) {
  const { account } = grant;
  return {
    id: account.uuid('connection'),
    authEventId: grant.authorization.id,
    tenantId: account.uuid('tenant'),
    tenantType: 'ORGANISATION',
    tenantName: account.companyName,
    createdDateUtc: account.createdAt.toISOString(),
    updatedDateUtc: grant.authorization.approvedAt.toISOString(),
  };
}

// Operation `getConnections` (vendor-specs/xero/identity.openapi.json), optionally filtered by authEventId.
function listConnections({ grant, url }: RouteContext & { grant: BearerGrant }): Response {
  const connection = connectionOf(grant);
  const authEventId = url.searchParams.get('authEventId');
  return json(authEventId && authEventId !== connection.authEventId ? [] : [connection]);
}

// Operation `deleteConnection`: disconnecting the tenant revokes the tokens of that approval.
function deleteConnection({ grant, params, revokeAuthorization }: RouteContext & { grant: BearerGrant }): Response {
  if (params.id !== connectionOf(grant).id) return xeroError(404, 'NotFound', 'The resource you are looking for cannot be found');
  revokeAuthorization(grant.authorization.id);
  return new Response(null, { status: 204 });
}

// Xero's paths are case-insensitive; its OpenAPI description spells `/Connections`, its guides `/connections`.
const connectionRoutes: FakeRoute[] = ['/connections', '/Connections'].flatMap((path) => [
  bearerRoute('GET', path, listConnections),
  bearerRoute('DELETE', `${path}/:id`, deleteConnection),
]);

export const xeroSandbox: SandboxFake = {
  connector: xero,
  oauth: {
    accessTokenTtl: 1800,
    // Xero hands out a refresh token only for the `offline_access` scope.
    issuesRefreshTokens: (scopes) => scopes.includes('offline_access'),
    tokenResponse: (issued) => ({
      access_token: issued.accessToken,
      expires_in: issued.expiresIn,
      token_type: 'Bearer',
      ...(issued.refreshToken ? { refresh_token: issued.refreshToken } : {}),
      scope: issued.scopes.join(' '),
    }),
  },
  routes: connectionRoutes,
  unauthorized: () => xeroError(401, 'Unauthorized', 'AuthenticationUnsuccessful'),
};
