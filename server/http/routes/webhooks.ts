import { z } from 'zod';
import { EVENT_NAMES } from '../../models/operations';
import { listSubscriptions, subscribe, unsubscribe } from '../../services/webhook-subscriptions';
import { withConnection } from '../auth';
import type { RouteDefinition } from '../pipeline';
import { parsePart } from '../validate';

const EVENT_SET: ReadonlySet<string> = new Set(EVENT_NAMES);
const eventsBody = z.strictObject({
  events: z
    .array(
      z.string().refine((value) => EVENT_SET.has(value), {
        error: (issue) => `"${String(issue.input)}" is not an event (<model>::created|updated|deleted)`,
      }),
      {
        error: 'must be an array of event names',
      },
    )
    .min(1, 'must name at least one event')
    .max(51),
});

export const webhookRoutes: RouteDefinition[] = [
  {
    // POST /v1/webhooks: subscribe the connection to events; answers one webhook object per event
    method: 'POST',
    pattern: '/v1/webhooks',
    handler: withConnection(async (ctx) => {
      const body = parsePart('body', eventsBody, ctx.body ?? {});
      return { status: 200, body: await subscribe({ connection: ctx.connection, events: body.events }) };
    }),
  },
  {
    // GET /v1/webhooks: the connection's subscriptions
    method: 'GET',
    pattern: '/v1/webhooks',
    handler: withConnection(async (ctx) => {
      parsePart('query', z.strictObject({}), ctx.query);
      return { status: 200, body: listSubscriptions({ connection: ctx.connection }) };
    }),
  },
  {
    // DELETE /v1/webhooks: unsubscribe from the named events
    method: 'DELETE',
    pattern: '/v1/webhooks',
    handler: withConnection(async (ctx) => {
      const body = parsePart('body', eventsBody, ctx.body ?? {});
      await unsubscribe({ connection: ctx.connection, events: body.events });
      return { status: 204 };
    }),
  },
];
