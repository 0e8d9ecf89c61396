import type { Db } from './client';

// Statements of the hot path, prepared once per database handle: drizzle otherwise rebuilds the SQL and
// better-sqlite3 recompiles it on every call (docs/benchmarks.md).
const statements = new WeakMap<Db, Map<string, unknown>>();

export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    byName.set(name, statement);
  }
  return statement;
}
