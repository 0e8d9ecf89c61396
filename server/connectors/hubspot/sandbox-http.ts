import { randomUUID } from 'node:crypto';
import { json } from '../sandbox-kit/http';
import { bearerRoute, type BearerGrant, type FakeRoute, type HttpMethod, type RouteContext } from '../sandbox-kit/types';
import { portalOf, takeServerError, type Portal } from './sandbox-store';

// HubSpot's error body: https://developers.hubspot.com/docs/api/error-handling
export function hubspotError(status: number, category: string, message: string, extra: Record<string, unknown> = {}): Response {
  return json({ status: 'error', message, correlationId: randomUUID(), ...extra, category }, status);
}

export function notFound(message = 'Object not found.  objectId are usually numeric.'): Response {
  return hubspotError(404, 'OBJECT_NOT_FOUND', message);
}

export interface PropertyProblem {
  name: string;
  error: string;
  message: string;
}

/** HubSpot's 400 for bad property values, the per-property list inside the message as HubSpot sends it. */
export function invalidProperties(problems: readonly PropertyProblem[]): Response {
  const detail = problems.map((problem) => ({
    isValid: false,
    message: problem.message,
    error: problem.error,
    name: problem.name,
    localizedErrorMessage: problem.message,
  }));
  return hubspotError(400, 'VALIDATION_ERROR', `Property values were not valid: ${JSON.stringify(detail)}`);
}

export function badRequest(message: string): Response {
  return hubspotError(400, 'VALIDATION_ERROR', message);
}

export type PortalContext = RouteContext & { grant: BearerGrant; portal: Portal };

/** HubSpot's 403 for a token without the scope a call needs (https://developers.hubspot.com/docs/api/scopes). */
export function missingScopes(scopes: readonly string[]): Response {
  return hubspotError(
    403,
    'MISSING_SCOPES',
    "This app hasn't been granted all required scopes to make this call. Read more about required scopes here: https://developers.hubspot.com/scopes.",
    {
      errors: [{ message: 'One or more of the following scopes are required.', context: { requiredGranularScopes: scopes } }],
      links: { scopes: 'https://developers.hubspot.com/scopes' },
    },
  );
}

/**
 * A bearer route on the caller's portal. `scope` names the scope the call needs (none when it answers
 * undefined); the test switch for 500s applies to every route.
 */
export function portalRoute(
  method: HttpMethod,
  path: string,
  handle: (ctx: PortalContext) => Response | Promise<Response>,
  scope?: (params: Readonly<Record<string, string>>) => string | undefined,
): FakeRoute {
  return bearerRoute(method, path, (ctx) => {
    if (takeServerError()) return hubspotError(500, 'INTERNAL_ERROR', 'internal error');
    const required = scope?.(ctx.params);
    if (required && !ctx.grant.scopes.includes(required)) return missingScopes([required]);
    return handle({ ...ctx, portal: portalOf(ctx.grant.account) });
  });
}

/**
 * The scope a CRM object call needs: each object's own read/write scope; activities live under the contacts
 * scopes, e-mails need `sales-email-read` to be read.
 */
export function objectScope(type: string | undefined, access: 'read' | 'write'): string | undefined {
  if (type === 'contacts' || type === 'companies' || type === 'deals') return `crm.objects.${type}.${access}`;
  if (type === 'emails' && access === 'read') return 'sales-email-read';
  if (type === 'calls' || type === 'meetings' || type === 'emails' || type === 'tasks' || type === 'notes')
    return `crm.objects.contacts.${access}`;
  return undefined;
}

/** Properties of contacts, companies and deals need the schema scopes. */
export function schemaScope(type: string | undefined, access: 'read' | 'write'): string | undefined {
  return type === 'contacts' || type === 'companies' || type === 'deals' ? `crm.schemas.${type}.${access}` : undefined;
}

/** The JSON body of a write, or HubSpot's 400 for one that is not a JSON object. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown> | Response> {
  try {
    const body = (await request.json()) as unknown;
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // answered below
  }
  return hubspotError(400, 'VALIDATION_ERROR', 'Invalid input JSON on line 1, column 1: the body must be a JSON object');
}

/** `limit` as HubSpot reads it: 1 to `max`, default 10. */
export function readLimit(value: unknown, max: number): number | Response {
  if (value === null || value === undefined || value === '') return 10;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1 || limit > max) return badRequest(`limit must be an integer between 1 and ${max}`);
  return limit;
}

export const nowIso = (): string => new Date().toISOString();

/** A scalar from a JSON body as a string ('' for anything else). */
export function scalar(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}
