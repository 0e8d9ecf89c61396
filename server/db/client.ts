import 'server-only';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import * as schema from './schema';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

interface DbHolder {
  path: string;
  db: Db;
}

// Kept on globalThis so Next's dev-mode module reloading does not open the file twice.
const holder = globalThis as typeof globalThis & { __uisDb?: DbHolder };

export function openDatabase(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  const client = new Database(path);
  client.pragma('journal_mode = WAL');
  client.pragma('synchronous = NORMAL');
  client.pragma('foreign_keys = ON');
  client.pragma('busy_timeout = 5000');
  const db: Db = drizzle(client, { schema });
  migrate(db, { migrationsFolder: resolve(process.cwd(), 'drizzle') });
  return db;
}

/** The process's database, opened and migrated on first use. */
export function getDb(path: string): Db {
  if (holder.__uisDb?.path !== path) {
    holder.__uisDb?.db.$client.close();
    holder.__uisDb = { path, db: openDatabase(path) };
  }
  return holder.__uisDb.db;
}

export function closeDb(): void {
  holder.__uisDb?.db.$client.close();
  holder.__uisDb = undefined;
}
