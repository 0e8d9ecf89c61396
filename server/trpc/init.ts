import 'server-only';
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { currentOperator } from '../auth/session';
import { AppError, GENERIC_500_MESSAGE, isErrorCode, statusOf, type ErrorCode } from '../errors';
import { errorFields, log } from '../log';
import type { OperatorIdentity } from '../services/operators';
import { describeIssues } from '../http/validate';

export interface TrpcContext {
  operator: OperatorIdentity | null;
}

export async function createTrpcContext(): Promise<TrpcContext> {
  return { operator: await currentOperator() };
}

// The same status table as the REST mapper (server/errors.ts), expressed as tRPC codes.
const TRPC_CODE_BY_STATUS: Record<number, TRPCError['code']> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  409: 'CONFLICT',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  502: 'BAD_GATEWAY',
};

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    let appCode: ErrorCode = 'SERVICE::UNKNOWN_ERROR';
    let message = GENERIC_500_MESSAGE;
    if (cause instanceof AppError) {
      appCode = cause.code;
      message = cause.message;
    } else if (cause instanceof ZodError) {
      appCode = 'SERVICE::BAD_REQUEST';
      message = describeIssues('body', cause);
    } else if (error.code !== 'INTERNAL_SERVER_ERROR') {
      appCode = error.code === 'UNAUTHORIZED' ? 'SERVICE::SESSION::TOKEN_VALIDATION_FAILED' : 'SERVICE::BAD_REQUEST';
      message = error.message;
    }
    const status = cause instanceof AppError ? cause.status : isErrorCode(appCode) ? statusOf(appCode) : 500;
    return { ...shape, message, data: { code: shape.data.code, httpStatus: status, appCode } };
  },
});

/** Re-throws an AppError as the tRPC error of the same HTTP status, so both transports answer alike. */
const mapAppErrors = t.middleware(async ({ next, path }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof AppError) {
      throw new TRPCError({ code: TRPC_CODE_BY_STATUS[cause.status] ?? 'INTERNAL_SERVER_ERROR', message: cause.message, cause });
    }
    if (result.error.code === 'INTERNAL_SERVER_ERROR')
      log.error('unexpected error in tRPC', { path, ...errorFields(cause ?? result.error) });
  }
  return result;
});

export const router = t.router;
export const publicProcedure = t.procedure.use(mapAppErrors);

/** Procedures of the dashboard: an operator must be signed in; everything is scoped to their organization. */
export const operatorProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.operator) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to the dashboard first' });
  return next({ ctx: { operator: ctx.operator, organizationId: ctx.operator.organizationId } });
});

export const createCallerFactory = t.createCallerFactory;
