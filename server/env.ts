import { z } from 'zod';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true');

const positiveInt = (fallback: number, max = Number.MAX_SAFE_INTEGER) => z.coerce.number().int().min(1).max(max).default(fallback);

const base64Key = z
  .string({ error: 'is required: 32 random bytes, base64 (e.g. `openssl rand -base64 32`)' })
  .trim()
  .refine((value) => Buffer.from(value, 'base64').length === 32 && /^[A-Za-z0-9+/_-]+={0,2}$/.test(value), {
    message: 'must be 32 random bytes encoded in base64 (e.g. `openssl rand -base64 32`)',
  });

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;
function toMilliseconds(delay: string): number {
  const match = /^(\d+)(ms|s|m|h)$/.exec(delay);
  return match ? Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS] : 0;
}

/** Every environment variable the service reads. docs/configuration.md documents each one. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    BASE_URL: z.url({ error: 'must be an absolute http(s) URL' }).optional(),
    DATABASE_URL: z.string().min(1).default('file:./data/unified.db'),
    ENCRYPTION_KEY: base64Key,
    ENCRYPTION_KEYS_RETIRED: z
      .string()
      .optional()
      .transform((value) =>
        value
          ? value
              .split(',')
              .map((part) => part.trim())
              .filter(Boolean)
          : [],
      )
      .pipe(z.array(base64Key)),
    NEXTAUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SANDBOX: booleanFlag,
    DEFAULT_API_KEY: z
      .string()
      .regex(/^pk_[A-Za-z0-9_-]{16,128}$/, 'must look like pk_ followed by 16 to 128 letters, digits, - or _')
      .optional(),
    DEFAULT_API_SECRET: z
      .string()
      .regex(/^sk_[A-Za-z0-9_-]{16,128}$/, 'must look like sk_ followed by 16 to 128 letters, digits, - or _')
      .optional(),
    ADMIN_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
    ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional(),
    DEFAULT_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).optional(),
    DEFAULT_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/, 'must be whsec_ followed by at least 24 random bytes in base64')
      .optional(),
    ORGANIZATION_NAME: z.string().min(1).max(120).default('Default organization'),
    MAX_BODY_BYTES: positiveInt(1_048_576, 50 * 1_048_576),
    REQUEST_LOG_RETENTION_DAYS: positiveInt(30, 3650),
    REQUEST_LOG_MAX_ROWS: positiveInt(200_000),
    DASHBOARD_SESSION_MAX_AGE: positiveInt(8 * 3600, 30 * 24 * 3600),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    WORKER_IN_PROCESS: booleanFlag.default(true),
    // Delays before each delivery attempt (ARCHITECTURE.md, "Events"): 0 s, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.
    WEBHOOK_RETRY_SCHEDULE: z
      .string()
      .regex(/^\d+(ms|s|m|h)(,\d+(ms|s|m|h))*$/, 'must be a comma-separated list of delays such as 0s,5s,5m,30m,2h')
      .default('0s,5s,5m,30m,2h,5h,10h,10h')
      .transform((value) => value.split(',').map(toMilliseconds)),
    WEBHOOK_TIMEOUT_MS: positiveInt(15_000, 120_000),
    // How often a polling subscription lists its model for changes.
    POLL_INTERVAL_MS: positiveInt(60_000, 24 * 3_600_000),
    // How long the customer's endpoint may take to answer a CRM card request before the fallback card is shown.
    CARD_VIEW_TIMEOUT_MS: positiveInt(3_000, 10_000),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.DEFAULT_API_KEY) !== Boolean(env.DEFAULT_API_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.DEFAULT_API_KEY ? 'DEFAULT_API_SECRET' : 'DEFAULT_API_KEY'],
        message: 'must be set together with the other half of the pair (DEFAULT_API_KEY and DEFAULT_API_SECRET)',
      });
    }
    if (env.DEFAULT_WEBHOOK_SECRET && !env.DEFAULT_WEBHOOK_URL) {
      ctx.addIssue({ code: 'custom', path: ['DEFAULT_WEBHOOK_URL'], message: 'is required when DEFAULT_WEBHOOK_SECRET is set' });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'must be set together with the other one (ADMIN_EMAIL and ADMIN_PASSWORD)',
      });
    }
  });

export type Env = z.infer<typeof envSchema> & { baseUrl: string; databasePath: string };

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses an environment; throws EnvError listing every bad variable by name (never its value). */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`));
  }
  const env = result.data;
  const baseUrl = (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const databasePath = env.DATABASE_URL.replace(/^file:(\/\/)?/, '');
  return { ...env, baseUrl, databasePath };
}

let cached: Env | undefined;

/** The validated process environment, parsed once. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** For tests that start a service with another environment in the same process. */
export function resetEnvCache(): void {
  cached = undefined;
}
