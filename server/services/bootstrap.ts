import 'server-only';
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../crypto/password';
import { newId } from '../crypto/random';
import { operators, organizations } from '../db/schema';
import { getRuntime, nowIso, type Runtime } from '../runtime';
import { log } from '../log';
import { createApiKey } from './api-keys';
import { createWebhookEndpoint } from './webhook-endpoints';

const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

/**
 * First start: the first organization, its API key pair and the first operator. Runs in one immediate
 * transaction, so two processes starting together create them once. The credentials are printed here, once;
 * values that came from the environment are not echoed back.
 */
async function bootstrapFirstStart(runtime: Runtime): Promise<void> {
  const { db, env } = runtime;
  if (db.select({ id: organizations.id }).from(organizations).limit(1).get()) return;

  const generatedPassword = env.ADMIN_PASSWORD ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(env.ADMIN_PASSWORD ?? generatedPassword ?? '');
  const email = (env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL).toLowerCase();

  const created = db.transaction(
    () => {
      if (db.select({ id: organizations.id }).from(organizations).limit(1).get()) return null;
      const organizationId = newId('org');
      const createdAt = nowIso();
      db.insert(organizations).values({ id: organizationId, name: env.ORGANIZATION_NAME, createdAt }).run();
      const pair = createApiKey({
        organizationId,
        label: 'Default key',
        ...(env.DEFAULT_API_KEY && env.DEFAULT_API_SECRET ? { publicKey: env.DEFAULT_API_KEY, secret: env.DEFAULT_API_SECRET } : {}),
      });
      db.insert(operators)
        .values({ id: newId('op'), organizationId, email, passwordHash, createdAt, lastLoginAt: null })
        .run();
      const webhook = env.DEFAULT_WEBHOOK_URL
        ? createWebhookEndpoint({
            organizationId,
            url: env.DEFAULT_WEBHOOK_URL,
            ...(env.DEFAULT_WEBHOOK_SECRET ? { secret: env.DEFAULT_WEBHOOK_SECRET } : {}),
          })
        : undefined;
      return { organizationId, pair, webhook };
    },
    { behavior: 'immediate' },
  );
  if (!created) return;

  const lines = [
    '',
    '================ First start: credentials (shown once) ================',
    `Organization : ${created.organizationId}`,
    `API key      : ${created.pair.apiKey.publicKey}`,
    `API secret   : ${env.DEFAULT_API_SECRET ? '(from DEFAULT_API_SECRET)' : created.pair.secret}`,
    `Dashboard    : ${env.baseUrl}/login`,
    `  e-mail     : ${email}`,
    `  password   : ${generatedPassword ?? '(from ADMIN_PASSWORD)'}`,
    ...(created.webhook
      ? [
          `Webhooks     : ${created.webhook.endpoint.url}`,
          `  secret     : ${env.DEFAULT_WEBHOOK_SECRET ? '(from DEFAULT_WEBHOOK_SECRET)' : created.webhook.secret}`,
        ]
      : []),
    'Store the secret and the password now: they are kept only as ciphertext / hash.',
    '=======================================================================',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  log.info('first start: organization created', { organizationId: created.organizationId });
}

const holder = globalThis as typeof globalThis & { __uisReady?: Promise<Runtime> };

/** Opens and migrates the database, bootstraps on first start; every entry point awaits it. */
export function ensureReady(): Promise<Runtime> {
  holder.__uisReady ??= (async () => {
    const runtime = getRuntime();
    await bootstrapFirstStart(runtime);
    return runtime;
  })();
  return holder.__uisReady;
}

/** For tests that start a new service in the same process. */
export function resetReady(): void {
  holder.__uisReady = undefined;
}
