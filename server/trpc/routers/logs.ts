import { z } from 'zod';
import { listRequestLogs, listSeenErrorCodes, type RequestLogRow } from '../../services/request-log';
import { operatorProcedure, router } from '../init';

const filter = z.strictObject({
  status: z
    .string()
    .trim()
    .regex(/^([1-5]xx|[1-5]\d\d)$/i, 'must be a status like 404 or a class like 4xx')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  errorCode: z.string().trim().max(100).optional(),
  route: z.string().trim().max(200).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  cursor: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(100).default(25),
  // Added by @trpc/react-query's useInfiniteQuery; pages only go forward.
  direction: z.enum(['forward', 'backward']).optional(),
});

function toView(row: RequestLogRow) {
  return { ...row, details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null };
}

function query(organizationId: string, input: z.output<typeof filter>, errorsOnly: boolean) {
  const page = listRequestLogs({
    organizationId,
    errorsOnly,
    limit: input.limit,
    ...(input.status ? { status: input.status } : {}),
    ...(input.errorCode ? { errorCode: input.errorCode } : {}),
    ...(input.route ? { route: input.route } : {}),
    ...(input.from ? { from: new Date(input.from).toISOString() } : {}),
    ...(input.to ? { to: new Date(input.to).toISOString() } : {}),
    ...(input.cursor ? { cursor: input.cursor } : {}),
  });
  return { items: page.items.map(toView), nextCursor: page.nextCursor };
}

export const logsRouter = router({
  requests: operatorProcedure.input(filter).query(({ ctx, input }) => query(ctx.organizationId, input, false)),
  errors: operatorProcedure.input(filter).query(({ ctx, input }) => query(ctx.organizationId, input, true)),
  errorCodes: operatorProcedure.query(({ ctx }) => listSeenErrorCodes({ organizationId: ctx.organizationId })),
});
