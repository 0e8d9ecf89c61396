import { z } from 'zod';
import { EVENT_NAMES } from '../../models/operations';
import { listDeliveries, listDeliveryAttempts, replayDeliveries, sendTestPing } from '../../services/delivery';
import { listOrganizationSubscriptions } from '../../services/webhook-subscriptions';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from '../../services/webhook-endpoints';
import { operatorProcedure, router } from '../init';

const eventFilter = z
  .array(z.enum(EVENT_NAMES as [string, ...string[]], { error: 'is not an event name (<model>::created|updated|deleted)' }))
  .max(51);
const endpointId = z.strictObject({ id: z.string().min(1).max(100) });

export const webhookEndpointsRouter = router({
  list: operatorProcedure.query(({ ctx }) => listWebhookEndpoints({ organizationId: ctx.organizationId })),
  create: operatorProcedure
    .input(
      z.strictObject({ url: z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }), events: eventFilter.optional() }),
    )
    .mutation(({ ctx, input }) =>
      createWebhookEndpoint({ organizationId: ctx.organizationId, url: input.url, events: input.events ?? null }),
    ),
  update: operatorProcedure
    .input(
      endpointId.extend({
        url: z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).optional(),
        events: eventFilter.nullable().optional(),
        enabled: z.boolean().optional(),
      }),
    )
    .mutation(({ ctx, input }) =>
      updateWebhookEndpoint({
        organizationId: ctx.organizationId,
        id: input.id,
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: input.events } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      }),
    ),
  rotateSecret: operatorProcedure
    .input(endpointId)
    .mutation(({ ctx, input }) => rotateWebhookSecret({ organizationId: ctx.organizationId, id: input.id })),
  delete: operatorProcedure.input(endpointId).mutation(({ ctx, input }) => {
    deleteWebhookEndpoint({ organizationId: ctx.organizationId, id: input.id });
    return { deleted: true };
  }),
  testPing: operatorProcedure
    .input(endpointId)
    .mutation(({ ctx, input }) => sendTestPing({ organizationId: ctx.organizationId, endpointId: input.id })),
});

export const webhookSubscriptionsRouter = router({
  list: operatorProcedure.query(({ ctx }) => listOrganizationSubscriptions({ organizationId: ctx.organizationId })),
});

export const deliveriesRouter = router({
  list: operatorProcedure
    .input(
      z.strictObject({
        status: z.enum(['pending', 'succeeded', 'failed']).optional(),
        before: z.string().max(100).optional(),
        limit: z.number().int().min(1).max(100).default(25),
      }),
    )
    .query(({ ctx, input }) =>
      listDeliveries({
        organizationId: ctx.organizationId,
        limit: input.limit,
        ...(input.status ? { status: input.status } : {}),
        ...(input.before ? { before: input.before } : {}),
      }),
    ),
  attempts: operatorProcedure
    .input(z.strictObject({ deliveryId: z.string().min(1).max(100) }))
    .query(({ ctx, input }) => listDeliveryAttempts({ organizationId: ctx.organizationId, deliveryId: input.deliveryId })),
  replay: operatorProcedure
    .input(
      z.strictObject({
        deliveryId: z.string().min(1).max(100).optional(),
        from: z.iso.datetime({ offset: true }).optional(),
        to: z.iso.datetime({ offset: true }).optional(),
      }),
    )
    .mutation(({ ctx, input }) => ({
      replayed: replayDeliveries({
        organizationId: ctx.organizationId,
        ...(input.deliveryId ? { deliveryId: input.deliveryId } : {}),
        ...(input.from ? { from: new Date(input.from).toISOString() } : {}),
        ...(input.to ? { to: new Date(input.to).toISOString() } : {}),
      }),
    })),
});
