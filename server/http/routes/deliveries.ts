import { z } from 'zod';
import { replayDeliveries } from '../../services/delivery';
import { withApiKey } from '../auth';
import type { RouteDefinition } from '../pipeline';
import { parsePart } from '../validate';

const replayBody = z
  .strictObject({
    deliveryId: z.string().min(1).max(100).optional(),
    from: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }).optional(),
    to: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }).optional(),
  })
  .refine((body) => body.deliveryId || body.from || body.to, { error: 'name a deliveryId or a time range (from, to)' });

export const deliveryRoutes: RouteDefinition[] = [
  {
    // POST /v1/deliveries/replay: deliver again one delivery, or every delivery created in a time range
    method: 'POST',
    pattern: '/v1/deliveries/replay',
    handler: withApiKey(async (ctx) => {
      const body = parsePart('body', replayBody, ctx.body ?? {});
      const replayed = replayDeliveries({
        organizationId: ctx.caller.organizationId,
        ...(body.deliveryId ? { deliveryId: body.deliveryId } : {}),
        ...(body.from ? { from: new Date(body.from).toISOString() } : {}),
        ...(body.to ? { to: new Date(body.to).toISOString() } : {}),
      });
      return { status: 200, body: { object: 'replay', replayed } };
    }),
  },
];
