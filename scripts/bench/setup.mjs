// Connections for `npm run bench`: created and authorized through the public API (OAuth with `prompt=none`
// against the fake vendor process), a token of the bench's own for direct calls to the fake, and seed data.

/** One call to the service with the bench's key pair; answers `{ status, body, headers }`. */
export async function api(service, path, init = {}) {
  const response = await fetch(`${service.baseUrl}${path}`, {
    ...init,
    redirect: 'manual',
    headers: {
      'x-api-key': service.apiKey,
      'x-api-secret': service.apiSecret,
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let body = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: response.status, body, headers: response.headers };
}

function expectStatus(result, expected, what) {
  const ok = Array.isArray(expected) ? expected.includes(result.status) : result.status === expected;
  if (!ok) throw new Error(`${what}: HTTP ${result.status} ${JSON.stringify(result.body)?.slice(0, 500)}`);
  return result;
}

async function manualGet(url) {
  const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(15_000) });
  await response.arrayBuffer();
  return response;
}

/** Creates the connection and runs the OAuth flow as a script would (docs/sandbox.md, "Approving from a script"). */
export async function connect(service, { connectorId, ownerId, operations }) {
  expectStatus(
    await api(service, '/v1/connections', { method: 'POST', body: JSON.stringify({ connectorId, ownerId, operations }) }),
    201,
    `create the ${connectorId} connection`,
  );
  const started = expectStatus(
    await api(service, `/v1/connections/${connectorId}/${encodeURIComponent(ownerId)}/authorization?mode=direct`, {
      method: 'POST',
      body: '{}',
    }),
    [200, 201],
    `start the ${connectorId} authorization`,
  );
  const authorizationUrl = started.body?.authorizationUrl;
  if (!authorizationUrl) throw new Error(`${connectorId}: no authorizationUrl in ${JSON.stringify(started.body)}`);
  const vendor = await manualGet(`${authorizationUrl}&prompt=none&login_hint=${encodeURIComponent(`bench@${connectorId}-bench.example`)}`);
  const callback = vendor.headers.get('location');
  if (!callback || !callback.includes('/v1/oauth/callback')) {
    throw new Error(`${connectorId}: the fake did not redirect to the callback (HTTP ${vendor.status}, location ${callback})`);
  }
  await manualGet(new URL(callback, authorizationUrl).toString());
  const connection = expectStatus(
    await api(service, `/v1/connections/${connectorId}/${encodeURIComponent(ownerId)}`),
    200,
    `read the ${connectorId} connection`,
  );
  if (connection.body?.status !== 'authorized') throw new Error(`${connectorId}: connection is ${connection.body?.status}, not authorized`);
}

/**
 * An access token of the bench's own from the fake (the sandbox OAuth client, `prompt=none`), so direct calls
 * carry the same kind of credential the service sends.
 */
export async function directToken(fakeBase, declaration) {
  const { connectorId, authorizePath, tokenPath, scopes, clientAuth } = declaration;
  const base = `${fakeBase}/sandbox/${connectorId}`;
  const clientId = `sandbox-${connectorId}-client`;
  const clientSecret = `sandbox-${connectorId}-secret`;
  const redirectUri = 'http://127.0.0.1/bench-callback';
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    state: 'bench',
    scope: scopes.join(' '),
    prompt: 'none',
    login_hint: `bench@${connectorId}-bench.example`,
  });
  const authorize = await manualGet(`${base}${authorizePath}?${query}`);
  const code = new URL(authorize.headers.get('location') ?? 'http://invalid/').searchParams.get('code');
  if (!code) throw new Error(`${connectorId}: the fake gave no code (HTTP ${authorize.status})`);
  const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
  const headers = { 'content-type': 'application/x-www-form-urlencoded' };
  if (clientAuth === 'basic') headers.authorization = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
  else {
    form.set('client_id', clientId);
    form.set('client_secret', clientSecret);
  }
  const response = await fetch(`${base}${tokenPath}`, { method: 'POST', headers, body: form, signal: AbortSignal.timeout(15_000) });
  const body = await response.json();
  if (!response.ok || !body.access_token) throw new Error(`${connectorId}: token endpoint said ${response.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

/** The vendor calls the fake process received (scripts/sandbox-server.ts keeps the last ones). */
export async function fakeRequests(fakeBase) {
  const response = await fetch(`${fakeBase}/__sandbox-server/requests`, { signal: AbortSignal.timeout(5_000) });
  return response.json();
}

export async function clearFakeRequests(fakeBase) {
  const response = await fetch(`${fakeBase}/__sandbox-server/requests`, { method: 'DELETE', signal: AbortSignal.timeout(5_000) });
  await response.arrayBuffer();
}
