#!/usr/bin/env node
// Fails when server/db/schema.ts and the migrations in drizzle/ are out of step: drizzle-kit generates into a
// copy of drizzle/ and any new file there means a migration is missing.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const list = (dir) => readdirSync(dir, { recursive: true }).map(String).sort();
const copy = mkdtempSync(join(tmpdir(), 'drizzle-drift-'));
try {
  cpSync('drizzle', copy, { recursive: true });
  const result = spawnSync(
    'node_modules/.bin/drizzle-kit',
    ['generate', '--dialect', 'sqlite', '--schema', './server/db/schema.ts', '--out', copy],
    {
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    process.exit(1);
  }
  const before = list('drizzle');
  const added = list(copy).filter((file) => !before.includes(file));
  if (added.length > 0) {
    console.error(`drizzle drift: the schema has changes without a migration (${added.join(', ')}). Run npm run db:generate.`);
    process.exit(1);
  }
  console.log('drizzle: schema and migrations are in step');
} finally {
  rmSync(copy, { recursive: true, force: true });
}
