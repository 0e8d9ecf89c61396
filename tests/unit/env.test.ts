import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '@/server/env';

const KEY = randomBytes(32).toString('base64');

function problemsOf(source: Record<string, string>): string[] {
  try {
    parseEnv(source);
    return [];
  } catch (error) {
    return error instanceof EnvError ? error.problems : ['other'];
  }
}

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({ ENCRYPTION_KEY: KEY });
    expect(env.PORT).toBe(3000);
    expect(env.databasePath).toBe('./data/unified.db');
    expect(env.baseUrl).toBe('http://localhost:3000');
    expect(env.SANDBOX).toBe(false);
  });

  it('refuses to start without ENCRYPTION_KEY, naming it', () => {
    expect(problemsOf({})).toEqual([expect.stringMatching(/^ENCRYPTION_KEY /)]);
  });

  it('refuses a key that is not 32 bytes of base64', () => {
    expect(problemsOf({ ENCRYPTION_KEY: 'short' })[0]).toMatch(/^ENCRYPTION_KEY must be 32 random bytes/);
  });

  it('names each bad variable and never its value', () => {
    expect(problemsOf({ ENCRYPTION_KEY: KEY, PORT: 'eighty', LOG_LEVEL: 'loud' })).toEqual([
      expect.stringMatching(/^PORT /),
      expect.stringMatching(/^LOG_LEVEL /),
    ]);
    const problems = problemsOf({ ENCRYPTION_KEY: KEY, DEFAULT_API_KEY: 'pk_only_half_of_the_pair_123' });
    expect(problems.join('\n')).toMatch(/DEFAULT_API_SECRET must be set together/);
    expect(problems.join('\n')).not.toContain('pk_only_half_of_the_pair_123');
  });

  it('reads a file: DATABASE_URL as a path', () => {
    expect(parseEnv({ ENCRYPTION_KEY: KEY, DATABASE_URL: 'file:/tmp/x.db' }).databasePath).toBe('/tmp/x.db');
  });
});
