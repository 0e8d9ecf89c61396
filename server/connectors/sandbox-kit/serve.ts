import { sandboxAccount } from './accounts';
import { authorizeGet, authorizePost, type OAuthFake } from './authorize';
import { bearerToken, json } from './http';
import { revokeAuthorization, takeSandboxRateLimit, vendorState } from './state';
import { tokenEndpoint } from './token-endpoint';
import type { AccessTokenLookup, FakeRoute, RouteContext, SandboxFake } from './types';

/** The sandbox's own 404 (not a vendor's): the path is not something the fake serves. */
export function sandboxNotFound(message: string): Response {
  return json({ error: 'not_found', message }, 404);
}

function methodNotAllowed(allowed: readonly string[], method: string, path: string): Response {
  return json({ error: 'method_not_allowed', message: `${method} ${path} is not served; use ${allowed.join(' or ')}` }, 405, {
    allow: allowed.join(', '),
  });
}

function isOAuthFake(fake: SandboxFake): fake is OAuthFake {
  return fake.oauth !== undefined && fake.connector.auth.kind === 'oauth2';
}

/** `/users/:id` against `/users/42` → `{ id: '42' }`, or undefined. */
function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of want.entries()) {
    const value = got[index] ?? '';
    if (segment.startsWith(':')) {
      if (!value) return undefined;
      try {
        params[segment.slice(1)] = decodeURIComponent(value);
      } catch {
        return undefined;
      }
    } else if (segment !== value) return undefined;
  }
  return params;
}

export function lookupAccessToken(connectorId: string, token: string): AccessTokenLookup {
  const record = vendorState(connectorId).accessTokens.get(token);
  if (!record) return { status: 'unknown' };
  const grant = {
    token,
    account: sandboxAccount(connectorId, record.email),
    scopes: record.scopes,
    clientId: record.clientId,
    issuedAt: new Date(record.issuedAt),
    ...(record.expiresAt === undefined ? {} : { expiresAt: new Date(record.expiresAt) }),
    authorization: { id: record.authorizationId, approvedAt: new Date(record.approvedAt) },
  };
  return { status: record.expiresAt !== undefined && record.expiresAt <= Date.now() ? 'expired' : 'valid', grant };
}

async function serveRoute(fake: SandboxFake, route: FakeRoute, ctx: RouteContext): Promise<Response> {
  if (route.auth === 'none') return route.handle(ctx);
  const token = bearerToken(ctx.request.headers.get('authorization'));
  if (!token) return fake.unauthorized('missing');
  const found = lookupAccessToken(fake.connector.id, token);
  if (found.status === 'unknown') return fake.unauthorized('invalid');
  if (found.status === 'expired') return fake.unauthorized('expired');
  if (takeSandboxRateLimit(fake.connector.id)) {
    return fake.rateLimited?.() ?? json({ error: 'rate_limited', message: 'Too many requests' }, 429, { 'retry-after': '1' });
  }
  return route.handle({ ...ctx, grant: found.grant });
}

/**
 * Answers one request to a fake. `path` is the part after `/sandbox/<id>`; `base` the fake's public base URL.
 * The OAuth paths come from the connector's declaration; everything else from the fake's routes.
 */
export async function serveFake(fake: SandboxFake, request: Request, path: string, base: string): Promise<Response> {
  // HEAD is answered as GET; the HTTP server drops the body.
  const method = request.method.toUpperCase() === 'HEAD' ? 'GET' : request.method.toUpperCase();
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (isOAuthFake(fake)) {
    const { authorizePath, tokenPath } = fake.connector.auth.sandbox;
    if (normalized === authorizePath) {
      if (method === 'GET') return authorizeGet(fake, request);
      if (method === 'POST') return authorizePost(fake, request);
      return methodNotAllowed(['GET', 'POST'], method, path);
    }
    if (normalized === tokenPath) return method === 'POST' ? tokenEndpoint(fake, request, base) : methodNotAllowed(['POST'], method, path);
  }
  const matches = fake.routes.flatMap((route) => {
    const params = matchPath(route.path, normalized);
    return params ? [{ route, params }] : [];
  });
  if (matches.length === 0) return sandboxNotFound(`The sandbox ${fake.connector.name} does not serve ${method} ${path}`);
  const hit = matches.find((match) => match.route.method === method);
  if (!hit) return methodNotAllowed([...new Set(matches.map((match) => match.route.method))], method, path);
  const connectorId = fake.connector.id;
  return serveRoute(fake, hit.route, {
    request,
    url: new URL(request.url),
    base,
    params: hit.params,
    findAccessToken: (token) => lookupAccessToken(connectorId, token),
    revokeAuthorization: (authorizationId) => revokeAuthorization(vendorState(connectorId), authorizationId),
  });
}
