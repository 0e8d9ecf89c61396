import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { OpenAPIBackend, type Document } from 'openapi-backend';

/**
 * Checks a sandbox fake against its vendor's own OpenAPI description (vendor-specs/README.md): every request a
 * connector sends to the fake and every response the fake returns. Install it with
 * `startTestService(env, { wrapSandbox: check.wrap })`, run the tests, then assert `check.violations` is empty.
 */
export interface SpecViolation {
  direction: 'request' | 'response';
  operationId: string;
  method: string;
  path: string;
  status?: number;
  message: string;
}

/** One entry of a test's allow-list of known vendor-spec inaccuracies; `reason` says why it is the spec's fault. */
export interface SpecAllowance {
  reason: string;
  matches(violation: SpecViolation, error: ErrorObject | undefined): boolean;
}

export interface VendorSpecCheckOptions {
  specFile: string;
  /** The fake's mount point, stripped before routing: `/sandbox/dialpad`. */
  sandboxPrefix: string;
  /** Only paths under this prefix (after stripping) are checked, e.g. `/api/v2/` (OAuth has its own tests). */
  apiPrefix: string;
  allow?: readonly SpecAllowance[];
  /**
   * A team-written JSON schema for error bodies (statuses the vendor spec does not document), labelled as such in
   * the caller. Without it an undocumented status is reported as a violation.
   */
  errorSchema?: object;
  backendOptions?: { ignoreTrailingSlashes?: boolean };
}

export interface VendorSpecCheck {
  wrap: (handler: (request: Request) => Promise<Response>) => (request: Request) => Promise<Response>;
  readonly violations: SpecViolation[];
  /** Violations the allow-list accepted, with the allowance's reason. */
  readonly allowed: (SpecViolation & { reason: string })[];
  readonly counts: { requests: number; responses: number; errorResponses: number };
  /** Operation ids seen, with how many requests each. */
  readonly operations: Map<string, number>;
}

// ajv-formats is CommonJS; under some loaders the function is its `default`.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as (
  ajv: Ajv,
) => Ajv;

const describeError = (error: ErrorObject) => `${error.instancePath || '/'} ${error.message ?? error.keyword}`.trim();

export async function vendorSpecCheck(options: VendorSpecCheckOptions): Promise<VendorSpecCheck> {
  const definition = JSON.parse(readFileSync(options.specFile, 'utf8')) as Document;
  const api = new OpenAPIBackend({
    definition,
    // Vendor files carry `$ref` siblings that the strict OAS 3.0 definition check rejects (vendor-specs/README.md).
    quick: true,
    // Every error, with its data and schema, so an allow-list entry can be precise and never hide another error.
    ajvOpts: { allErrors: true, verbose: true, strict: false },
    customizeAjv: (ajv) => addFormats(ajv),
    ...options.backendOptions,
  });
  await api.init();
  const errorValidator: ValidateFunction | undefined = options.errorSchema
    ? addFormats(new Ajv({ allErrors: true, strict: false })).compile(options.errorSchema)
    : undefined;

  const check: VendorSpecCheck = {
    wrap: (handler) => async (request) => intercept(request, handler),
    violations: [],
    allowed: [],
    counts: { requests: 0, responses: 0, errorResponses: 0 },
    operations: new Map(),
  };

  const record = (violation: Omit<SpecViolation, 'message'>, errors: readonly ErrorObject[] | null | undefined, fallback?: string) => {
    const list: (ErrorObject | undefined)[] = errors?.length ? [...errors] : fallback ? [undefined] : [];
    for (const error of list) {
      const full: SpecViolation = { ...violation, message: error ? describeError(error) : (fallback ?? '') };
      const allowance = options.allow?.find((entry) => entry.matches(full, error));
      if (allowance) check.allowed.push({ ...full, reason: allowance.reason });
      else check.violations.push(full);
    }
  };

  async function intercept(request: Request, handler: (request: Request) => Promise<Response>): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.startsWith(options.sandboxPrefix) ? url.pathname.slice(options.sandboxPrefix.length) : url.pathname;
    if (!path.startsWith(options.apiPrefix)) return handler(request);
    const method = request.method.toUpperCase();
    const text = method === 'GET' || method === 'HEAD' ? '' : await request.clone().text();
    const operation = api.router.matchOperation({ method, path, headers: {}, query: {} });
    const operationId = operation?.operationId ?? '(none)';
    check.counts.requests += 1;
    check.operations.set(operationId, (check.operations.get(operationId) ?? 0) + 1);
    if (!operation?.operationId) {
      record({ direction: 'request', operationId, method, path }, undefined, `no operation in the spec for ${method} ${path}`);
      return handler(request);
    }
    const query: Record<string, string | string[]> = {};
    for (const key of new Set(url.searchParams.keys())) {
      const values = url.searchParams.getAll(key);
      query[key] = values.length === 1 ? (values[0] ?? '') : values;
    }
    const headers = Object.fromEntries(request.headers.entries());
    let body: unknown = undefined;
    if (text) {
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        body = text;
      }
    }
    const requestResult = api.validateRequest({ method, path, query, headers, ...(body !== undefined ? { body } : {}) }, operation);
    if (!requestResult.valid) record({ direction: 'request', operationId, method, path }, requestResult.errors);

    const response = await handler(request);
    check.counts.responses += 1;
    const responseText = await response.clone().text();
    let responseBody: unknown = null;
    try {
      responseBody = responseText ? (JSON.parse(responseText) as unknown) : null;
    } catch {
      record({ direction: 'response', operationId, method, path, status: response.status }, undefined, 'the body is not JSON');
      return response;
    }
    const documented = Object.keys(operation.responses ?? {});
    const isDocumented = documented.includes(String(response.status)) || documented.includes(`${Math.floor(response.status / 100)}XX`);
    const where = { direction: 'response' as const, operationId, method, path, status: response.status };
    if (isDocumented) {
      const result = api.validateResponse(responseBody, operation, response.status);
      if (!result.valid) record(where, result.errors);
    } else if (response.status >= 400 && errorValidator) {
      check.counts.errorResponses += 1;
      if (!errorValidator(responseBody)) record(where, errorValidator.errors);
    } else {
      record(where, undefined, `status ${response.status} is not documented for ${operationId}`);
    }
    return response;
  }

  return check;
}

/** Allows a `type: integer` error on an int64 field whose value is a decimal string (proto3 JSON encodes int64 so). */
export function isInt64AsString(error: ErrorObject | undefined): boolean {
  if (!error || error.keyword !== 'type') return false;
  const schema = error.parentSchema as { type?: unknown; format?: unknown } | undefined;
  return schema?.format === 'int64' && typeof error.data === 'string' && /^-?\d+$/.test(error.data);
}
