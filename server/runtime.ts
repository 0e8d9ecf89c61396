import 'server-only';
import { createKeyring, type Keyring } from './crypto/encryption';
import { getDb, type Db } from './db/client';
import { getEnv, type Env } from './env';

/** What every service needs: validated configuration, the database (migrated) and the keyring. */
export interface Runtime {
  env: Env;
  db: Db;
  keyring: Keyring;
}

// Kept on globalThis so Next's dev-mode module reloading shares one runtime.
const holder = globalThis as typeof globalThis & { __uisRuntime?: Runtime };

export function getRuntime(): Runtime {
  if (!holder.__uisRuntime) {
    const env = getEnv();
    const keyring = createKeyring(env.ENCRYPTION_KEY, env.ENCRYPTION_KEYS_RETIRED);
    holder.__uisRuntime = { env, keyring, db: getDb(env.databasePath) };
  }
  return holder.__uisRuntime;
}

export function nowIso(): string {
  return new Date().toISOString();
}
