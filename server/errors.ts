/**
 * The one error model of the service. Every code of the spec's enumeration is listed here with its HTTP status
 * (ARCHITECTURE.md, "HTTP status for each error code"); the REST mapper and the tRPC error formatter both read
 * this table, so the two transports can never drift apart.
 */
export const ERROR_STATUS = {
  'SERVICE::BAD_REQUEST': 400,
  'SERVICE::BAD_CONFIGURATION': 500,
  'SERVICE::UNKNOWN_ERROR': 500,
  'SERVICE::ADAPTER::CONNECTION_NOT_FOUND': 404,
  'SERVICE::ADAPTER::AUTHORIZATION_DATA_INVALID': 500,
  'SERVICE::SESSION::EXPIRED': 401,
  'SERVICE::SESSION::TOKEN_VALIDATION_FAILED': 401,
  'SERVICE::CONNECTION::MISSING_REQUIRED_AUTHORIZATION_SETTINGS': 400,
  'SERVICE::CONNECTION::AUTH_TYPE_NOT_SUPPORTED': 400,
  'SERVICE::CONNECTION::AUTHORIZATION_NOT_FOUND': 404,
  'SERVICE::CONNECTION::AUTHORIZATION_RETRIEVE_FAILED': 502,
  'SERVICE::CONNECTION::ACCESS_TOKEN_MISSIN': 409,
  'SERVICE::CONNECTION::REFRESH_TOKEN_MISSIN': 409,
  'SERVICE::CONNECTION::REFRESHING_TOKEN_FAILED': 502,
  'SERVICE::CONNECTION::CREATION_FAILED': 409,
  'SERVICE::CONNECTION::UPDATE_FAILED': 500,
  'SERVICE::CONNECTION::NOT_FOUND': 404,
  'SERVICE::CONNECTION::RETRIEVE_FAILED': 500,
  'SERVICE::CONNECTION::DELETION_FAILED': 500,
  'SERVICE::CONNECTION::PROXY::REQUEST_FAILED': 502,
  'SERVICE::CONNECTION::PROXY::BAD_REQUEST': 400,
  'SERVICE::CONNECTION::PROXY::UNAUTHORIZED': 401,
  'SERVICE::CONNECTION::PROXY::FORBIDDEN': 403,
  'SERVICE::CONNECTION::PROXY::NOT_FOUND': 404,
  'SERVICE::CONNECTION::PROXY::RATE_LIMIT_EXCEEDED': 429,
  'SERVICE::CONNECTION::PROXY::SERVER_ERROR': 502,
  'CONNECTOR::NOT_FOUND': 404,
  'CONNECTOR::OPERATION::NOT_FOUND': 404,
  'CONNECTOR::OPERATION::RESOURCE_NOT_FOUND': 404,
  'CONNECTOR::OPERATION::RESOURCE_ALREADY_EXISTS': 409,
  'CONNECTOR::OPERATION::FIELD_ALREADY_EXISTS': 409,
  'CONNECTOR::OPERATION::BAD_REQUEST': 400,
  'CONNECTOR::OPERATION::SERVER_ERROR': 502,
  'CONNECTOR::RESOURCE_MODEL::NOT_FOUND': 404,
  'CONNECTOR::MAPPER::READ_VALIDATION_FAILED': 502,
  'CONNECTOR::MAPPER::READ_FAILED': 502,
  'CONNECTOR::UNKNOWN_ERROR': 502,
  'CONNECTOR::BAD_CONFIGURATION': 500,
  'CONNECTOR::WEBHOOK::SUBSCRIPTION_FAILED': 502,
  'CONNECTOR::WEBHOOK::UNSUBSCRIPTION_FAILED': 502,
  'CONNECTOR::WEBHOOK::VALIDATION_FAILED': 401,
  'CONNECTOR::WEBHOOK::MAPPER_FAILED': 502,
  'CONNECTOR::WEBHOOKS_NOT_SUPPORTED': 400,
  'WEBHOOK::NOT_FOUND': 404,
  'ADAPTER::WEBHOOK::CREATE_FAILED': 500,
  'ADAPTER::WEBHOOK::RETRIEVE_FAILED': 500,
  'ADAPTER::WEBHOOK::DELETE_FAILED': 500,
} as const satisfies Record<string, 400 | 401 | 403 | 404 | 409 | 429 | 500 | 502>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function statusOf(code: ErrorCode): number {
  return ERROR_STATUS[code];
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

export interface AppErrorOptions {
  /** Extra response headers (e.g. `Retry-After` on a rate limit, `Allow` on a 405). */
  headers?: Record<string, string>;
  /** Overrides the table's status where the spec fixes another one (401 for a missing API credential). */
  status?: number;
  /** Internal cause, logged, never sent to the caller. */
  cause?: unknown;
}

/** The one error class services throw. The message is safe to show to the caller; the cause never is. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? ERROR_STATUS[code];
    this.headers = options.headers ?? {};
  }
}

export interface ErrorBody {
  error: ErrorCode;
  message: string;
}

export const GENERIC_500_MESSAGE = 'An unexpected error occurred. The request id identifies it in the service logs.';

/**
 * Turns anything thrown into what a caller may see. A 5xx AppError keeps its code, but internal detail is
 * never attached to it; an unknown error becomes SERVICE::UNKNOWN_ERROR with a generic message.
 */
export function toPublicError(error: unknown): { status: number; body: ErrorBody; headers: Record<string, string>; isUnexpected: boolean } {
  if (error instanceof AppError) {
    return { status: error.status, body: { error: error.code, message: error.message }, headers: error.headers, isUnexpected: false };
  }
  return {
    status: 500,
    body: { error: 'SERVICE::UNKNOWN_ERROR', message: GENERIC_500_MESSAGE },
    headers: {},
    isUnexpected: true,
  };
}
