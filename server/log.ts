/**
 * Structured logs on stdout, one JSON object per line. Values under secret-looking keys are redacted here, so a
 * careless call site cannot print a token.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

const SECRET_KEY = /secret|password|token|authorization|cookie|api[-_]?key|signature|ciphertext|^code$|^state$/i;
export const REDACTED = '[redacted]';

/** Deep copy with secret-looking keys replaced by `[redacted]`. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
      key,
      SECRET_KEY.test(key) ? REDACTED : redact(inner, depth + 1),
    ]),
  );
}

function threshold(): number {
  const level = (process.env.LOG_LEVEL ?? 'info') as Level | 'silent';
  return ORDER[level] ?? ORDER.info;
}

function write(level: Level, message: string, fields?: Record<string, unknown>): void {
  if (ORDER[level] < threshold()) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...(fields ? (redact(fields) as object) : {}) });
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}

export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: { name: error.name, message: error.message, stack: error.stack } };
  return { error: String(error) };
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};
