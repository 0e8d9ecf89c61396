import { z } from 'zod';
import { AppError } from '../errors';

export type Part = 'path' | 'query' | 'body' | 'header';

function formatPath(part: Part, path: readonly PropertyKey[]): string {
  let out: string = part;
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : `.${String(key)}`;
  return out;
}

/** `body.operations[3]: not an operation; query.limit: must be at most 100` */
export function describeIssues(part: Part, error: z.ZodError): string {
  return error.issues
    .slice(0, 10)
    .map((issue) => {
      if (issue.code === 'unrecognized_keys') {
        return issue.keys.map((key) => `${formatPath(part, [...issue.path, key])}: is not a known field`).join('; ');
      }
      return `${formatPath(part, issue.path)}: ${issue.message}`;
    })
    .join('; ');
}

/** Validates one part of a request strictly; the error names the part and the field. */
export function parsePart<S extends z.ZodType>(part: Part, schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError('SERVICE::BAD_REQUEST', describeIssues(part, result.error));
  return result.data;
}

/**
 * Query string → object. A key repeated (`fields=a&fields=b`) becomes an array; keys that the schema declares
 * as arrays also accept a comma-separated single value (done by `listParam`).
 */
export function queryToObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of params) {
    const existing = out[key];
    if (existing === undefined) out[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else out[key] = [existing, value];
  }
  return out;
}

/** A list parameter: repeated keys and comma-separated values both accepted. */
export const listParam = <S extends z.ZodType<string, string>>(item: S) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((entry) => entry.split(','))
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item));

/** An integer query parameter within bounds. */
export const intParam = (min: number, max: number) =>
  z
    .string({ error: 'must be given once, as an integer' })
    .regex(/^-?\d+$/, 'must be an integer')
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
