import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, TEST_API_KEY, type TestService } from '../support/harness';

const WEBHOOK_SECRET = `whsec_${randomBytes(32).toString('base64')}`;
let service: TestService;
beforeAll(async () => {
  service = await startTestService({ DEFAULT_WEBHOOK_URL: 'https://receiver.example/hooks', DEFAULT_WEBHOOK_SECRET: WEBHOOK_SECRET });
});
afterAll(async () => {
  await service.close();
});

describe('first start', () => {
  it('creates one organization with the pinned key pair and the first operator', async () => {
    const { getRuntime } = await import('@/server/runtime');
    const { organizations, apiKeys, operators } = await import('@/server/db/schema');
    const { db } = getRuntime();
    expect(db.select().from(organizations).all()).toHaveLength(1);
    const keys = db.select().from(apiKeys).all();
    expect(keys.map((key) => key.publicKey)).toEqual([TEST_API_KEY]);
    expect(keys[0]?.secretCiphertext).toMatch(/^v1\./);
    const { verifyOperatorLogin } = await import('@/server/services/operators');
    expect(await verifyOperatorLogin({ email: 'ADMIN@example.com', password: 'correct horse battery staple' })).toMatchObject({
      email: 'admin@example.com',
    });
    expect(await verifyOperatorLogin({ email: 'admin@example.com', password: 'wrong password' })).toBeNull();
    expect(await verifyOperatorLogin({ email: 'nobody@example.com', password: 'correct horse battery staple' })).toBeNull();
    expect(db.select().from(operators).all()[0]?.passwordHash).toMatch(/^scrypt\$/);
  });

  it('creates the webhook endpoint of DEFAULT_WEBHOOK_URL with DEFAULT_WEBHOOK_SECRET', async () => {
    const { getRuntime } = await import('@/server/runtime');
    const { webhookEndpoints } = await import('@/server/db/schema');
    const { signingSecrets } = await import('@/server/services/webhook-endpoints');
    const rows = getRuntime().db.select().from(webhookEndpoints).all();
    expect(rows.map((row) => row.url)).toEqual(['https://receiver.example/hooks']);
    expect(rows[0]?.secretCiphertext).not.toContain(WEBHOOK_SECRET);
    expect(signingSecrets(rows[0] as (typeof rows)[number])).toEqual([WEBHOOK_SECRET]);
  });

  it('does nothing on a second start', async () => {
    const { resetReady, ensureReady } = await import('@/server/services/bootstrap');
    resetReady();
    await ensureReady();
    const { getRuntime } = await import('@/server/runtime');
    const { organizations } = await import('@/server/db/schema');
    expect(getRuntime().db.select().from(organizations).all()).toHaveLength(1);
  });
});
