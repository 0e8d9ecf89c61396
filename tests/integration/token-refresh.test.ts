import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnection } from '../support/api';
import { startTestService, type TestService } from '../support/harness';

import { authorizeInSandbox } from '../support/oauth';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service.close();
});

/** Creates and authorizes a connection through the sandbox with `prompt=none` (the scripted approval). */
async function authorized(connectorId: string, ownerId: string): Promise<string> {
  await authorizeInSandbox(service, connectorId, ownerId);
  const { firstOrganization } = await import('../support/organization');
  const { requireConnection } = await import('@/server/services/connections');
  return requireConnection({ ...firstOrganization(), connectorId, ownerId }).id;
}

/** Moves the stored access token's expiry into the past, as time passing would. */
async function expireStoredToken(connectionId: string): Promise<void> {
  const { getRuntime } = await import('@/server/runtime');
  const { connections } = await import('@/server/db/schema');
  const { openCredentials, sealCredentials } = await import('@/server/services/credentials');
  const { eq } = await import('drizzle-orm');
  const { db } = getRuntime();
  const row = db.select().from(connections).where(eq(connections.id, connectionId)).get();
  const credentials = row ? openCredentials(row) : null;
  if (!row || credentials?.kind !== 'oauth2') throw new Error('no OAuth credentials');
  const past = new Date(Date.now() - 1000).toISOString();
  db.update(connections)
    .set({ credentialsCiphertext: sealCredentials(row.id, { ...credentials, expiresAt: past }), accessTokenExpiresAt: past })
    .where(eq(connections.id, row.id))
    .run();
}

async function stored(connectionId: string) {
  const { getRuntime } = await import('@/server/runtime');
  const { connections } = await import('@/server/db/schema');
  const { openCredentials } = await import('@/server/services/credentials');
  const { eq } = await import('drizzle-orm');
  const row = getRuntime().db.select().from(connections).where(eq(connections.id, connectionId)).get();
  if (!row) throw new Error('gone');
  return { row, credentials: openCredentials(row) };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return (error as { code?: string }).code ?? 'other';
  }
}

describe('access tokens stay fresh', () => {
  it('returns the stored token while it is valid, without calling the vendor', async () => {
    const { getValidCredentials } = await import('@/server/services/tokens');
    const { sandboxStats } = await import('@/server/connectors/sandbox');
    const connectionId = await authorized('hubspot', 'fresh-1');
    const before = sandboxStats('hubspot').refreshGrants;
    const credentials = await getValidCredentials({ connectionId });
    expect(credentials.kind).toBe('oauth2');
    expect(sandboxStats('hubspot').refreshGrants).toBe(before);
  });

  it('50 concurrent requests on an expired token cause exactly one refresh at the vendor', async () => {
    const { getValidCredentials } = await import('@/server/services/tokens');
    const { sandboxStats } = await import('@/server/connectors/sandbox');
    const connectionId = await authorized('xero', 'burst-1');
    const old = (await stored(connectionId)).credentials;
    await expireStoredToken(connectionId);
    const before = sandboxStats('xero').refreshGrants;
    const results = await Promise.all(Array.from({ length: 50 }, () => getValidCredentials({ connectionId })));
    expect(sandboxStats('xero').refreshGrants - before).toBe(1);
    const tokens = new Set(results.map((credentials) => (credentials.kind === 'oauth2' ? credentials.accessToken : '')));
    expect(tokens.size).toBe(1);
    expect(old?.kind === 'oauth2' && tokens.has(old.accessToken)).toBe(false);
  });

  it('saves a rotated refresh token, so the next refresh works with it', async () => {
    const { getValidCredentials } = await import('@/server/services/tokens');
    const connectionId = await authorized('xero', 'rotate-1');
    const first = (await stored(connectionId)).credentials;
    await expireStoredToken(connectionId);
    await getValidCredentials({ connectionId });
    const second = await stored(connectionId);
    expect(
      second.credentials?.kind === 'oauth2' && first?.kind === 'oauth2' && second.credentials.refreshToken !== first.refreshToken,
    ).toBe(true);
    expect(second.row.credentialsVersion).toBeGreaterThan(1);
    await expireStoredToken(connectionId);
    const third = await getValidCredentials({ connectionId });
    expect(third.kind).toBe('oauth2');
    expect((await stored(connectionId)).row.status).toBe('authorized');
  });

  it('refreshes once after the vendor rejected the token we hold (a 401)', async () => {
    const { getValidCredentials } = await import('@/server/services/tokens');
    const { sandboxStats } = await import('@/server/connectors/sandbox');
    const connectionId = await authorized('pipedrive', 'rejected-1');
    const current = (await stored(connectionId)).credentials;
    const rejected = current?.kind === 'oauth2' ? current.accessToken : '';
    const before = sandboxStats('pipedrive').refreshGrants;
    const renewed = await getValidCredentials({ connectionId, rejectedAccessToken: rejected });
    expect(renewed.kind === 'oauth2' && renewed.accessToken !== rejected).toBe(true);
    // A second caller reporting the same (already replaced) token does not refresh again.
    await getValidCredentials({ connectionId, rejectedAccessToken: rejected });
    expect(sandboxStats('pipedrive').refreshGrants - before).toBe(1);
  });

  it('invalid_grant sets the connection expired; later calls answer REFRESHING_TOKEN_FAILED', async () => {
    const { getValidCredentials } = await import('@/server/services/tokens');
    const { revokeSandboxRefreshTokens } = await import('@/server/connectors/sandbox');
    const connectionId = await authorized('calendly', 'revoked-1');
    revokeSandboxRefreshTokens('calendly');
    await expireStoredToken(connectionId);
    expect(await codeOf(getValidCredentials({ connectionId }))).toBe('SERVICE::CONNECTION::REFRESHING_TOKEN_FAILED');
    expect((await stored(connectionId)).row.status).toBe('expired');
    expect(await codeOf(getValidCredentials({ connectionId }))).toBe('SERVICE::CONNECTION::REFRESHING_TOKEN_FAILED');
    const response = await service.call('/v1/connections/calendly/revoked-1');
    expect(((await response.json()) as { status: string }).status).toBe('expired');
  });

  it('answers ACCESS_TOKEN_MISSIN for a connection that was never authorized', async () => {
    const { getValidCredentials } = await import('@/server/services/tokens');
    const { firstOrganization } = await import('../support/organization');
    const { requireConnection } = await import('@/server/services/connections');
    await createConnection(service, 'hubspot', 'never-1');
    const { id } = requireConnection({ ...firstOrganization(), connectorId: 'hubspot', ownerId: 'never-1' });
    expect(await codeOf(getValidCredentials({ connectionId: id }))).toBe('SERVICE::CONNECTION::ACCESS_TOKEN_MISSIN');
  });

  it('answers REFRESH_TOKEN_MISSIN when an expired token has no refresh token', async () => {
    const { getValidCredentials } = await import('@/server/services/tokens');
    const connectionId = await authorized('hubspot', 'no-refresh-1');
    const { getRuntime } = await import('@/server/runtime');
    const { connections } = await import('@/server/db/schema');
    const { sealCredentials } = await import('@/server/services/credentials');
    const { eq } = await import('drizzle-orm');
    getRuntime()
      .db.update(connections)
      .set({
        credentialsCiphertext: sealCredentials(connectionId, { kind: 'oauth2', accessToken: 'a', expiresAt: new Date(0).toISOString() }),
      })
      .where(eq(connections.id, connectionId))
      .run();
    expect(await codeOf(getValidCredentials({ connectionId }))).toBe('SERVICE::CONNECTION::REFRESH_TOKEN_MISSIN');
  });

  it('a refresh that lost the race to another process uses the winner’s tokens', async () => {
    const { getValidCredentials } = await import('@/server/services/tokens');
    const connectionId = await authorized('dialpad', 'race-1');
    await expireStoredToken(connectionId);
    // Another process writes newer credentials while ours is in flight: simulated by a concurrent write.
    const { getRuntime } = await import('@/server/runtime');
    const { connections } = await import('@/server/db/schema');
    const { sealCredentials } = await import('@/server/services/credentials');
    const { eq, sql } = await import('drizzle-orm');
    const pending = getValidCredentials({ connectionId });
    const future = new Date(Date.now() + 3600_000).toISOString();
    getRuntime()
      .db.update(connections)
      .set({
        credentialsCiphertext: sealCredentials(connectionId, {
          kind: 'oauth2',
          accessToken: 'winner-token',
          refreshToken: 'winner-refresh',
          expiresAt: future,
        }),
        credentialsVersion: sql`${connections.credentialsVersion} + 1`,
      })
      .where(eq(connections.id, connectionId))
      .run();
    const result = await pending;
    expect(result.kind === 'oauth2' && result.accessToken).toBe('winner-token');
    const after = await stored(connectionId);
    expect(after.credentials?.kind === 'oauth2' && after.credentials.accessToken).toBe('winner-token');
  });
});
