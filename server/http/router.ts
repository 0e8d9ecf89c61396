import { AppError } from '../errors';
import type { RouteDefinition } from './pipeline';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

interface CompiledRoute {
  definition: RouteDefinition;
  segments: readonly string[];
}

export interface RouteMatch {
  definition: RouteDefinition;
  params: Record<string, string>;
}

function split(path: string): string[] {
  return path.split('/').filter((segment) => segment.length > 0);
}

function matchSegments(pattern: readonly string[], actual: readonly string[]): Record<string, string> | null {
  if (pattern.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let index = 0; index < pattern.length; index += 1) {
    const expected = pattern[index] as string;
    const segment = actual[index] as string;
    if (expected.startsWith('{')) {
      try {
        params[expected.slice(1, -1)] = decodeURIComponent(segment);
      } catch {
        throw new AppError('SERVICE::BAD_REQUEST', `path.${expected.slice(1, -1)}: is not valid percent-encoding`);
      }
    } else if (expected !== segment) {
      return null;
    }
  }
  return params;
}

const ALLOWED_REQUEST_HEADERS = 'content-type, accept, x-api-key, x-api-secret, x-session-token, x-connector-id, x-owner-id';

function preflight(allow: string) {
  return {
    status: 204,
    headers: {
      Allow: allow,
      'access-control-allow-methods': allow,
      'access-control-allow-headers': ALLOWED_REQUEST_HEADERS,
      'access-control-max-age': '600',
    },
  };
}

/** A route table: `{name}` segments are parameters. Unknown path → 404, known path with another method → 405. */
export function createRouter(definitions: readonly RouteDefinition[]) {
  const compiled: CompiledRoute[] = definitions.map((definition) => ({ definition, segments: split(definition.pattern) }));

  return {
    match(method: string, pathname: string): RouteMatch {
      const actual = split(pathname);
      const allowed = new Set<string>();
      let pattern = '';
      for (const route of compiled) {
        const params = matchSegments(route.segments, actual);
        if (!params) continue;
        if (route.definition.method === method) return { definition: route.definition, params };
        allowed.add(route.definition.method);
        pattern ||= route.definition.pattern;
      }
      if (allowed.size === 0) {
        throw new AppError('SERVICE::BAD_REQUEST', `path ${pathname}: no such route in /v1`, { status: 404 });
      }
      const allow = [...allowed].sort().join(', ');
      // A browser's CORS preflight: front ends call session routes from their own origin.
      if (method === 'OPTIONS')
        return { definition: { method: 'OPTIONS', pattern, handler: () => Promise.resolve(preflight(allow)) }, params: {} };
      throw new AppError('SERVICE::BAD_REQUEST', `method ${method}: not allowed on ${pathname}; allowed: ${allow}`, {
        status: 405,
        headers: { Allow: allow },
      });
    },
  };
}
