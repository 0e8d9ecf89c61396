import { z } from 'zod';
import { getRuntime } from '../../runtime';
import { receiveConnectionHook } from '../../services/connection-hooks';
import { receiveGlobalHook } from '../../services/inbound-hooks';
import { readBodyBytes } from '../codecs';
import { withoutCredentials } from '../auth';
import type { RouteDefinition } from '../pipeline';
import { parsePart } from '../validate';

const hookPath = z.strictObject({ organizationId: z.string().min(1).max(100), connectorId: z.string().min(1).max(50) });

export const hookRoutes: RouteDefinition[] = [
  {
    // POST /v1/hook/{org}/prod/{connector}/global/main: a vendor's app-level webhook (HubSpot), signature-checked
    method: 'POST',
    pattern: '/v1/hook/{organizationId}/prod/{connectorId}/global/main',
    handler: withoutCredentials(async (ctx) => {
      const path = parsePart('path', hookPath, ctx.params);
      ctx.logFields.organizationId = path.organizationId;
      ctx.logFields.connectorId = path.connectorId;
      const { env } = getRuntime();
      // The signature covers the exact bytes sent, so the raw body is read here, not through the JSON codec.
      const rawBody = new TextDecoder().decode(await readBodyBytes(ctx.request, env.MAX_BODY_BYTES));
      const result = receiveGlobalHook({
        ...path,
        method: ctx.request.method,
        uri: `${env.baseUrl}${ctx.url.pathname}${ctx.url.search}`,
        rawBody,
        headers: ctx.request.headers,
      });
      return { status: 200, body: result };
    }),
  },
  {
    // POST /v1/hook/{org}/prod/{connector}/connection/{hookId}: a native subscription's delivery for one connection
    method: 'POST',
    pattern: '/v1/hook/{organizationId}/prod/{connectorId}/connection/{hookId}',
    handler: withoutCredentials(async (ctx) => {
      const path = parsePart('path', hookPath.extend({ hookId: z.string().min(10).max(200) }), ctx.params);
      ctx.logFields.organizationId = path.organizationId;
      ctx.logFields.connectorId = path.connectorId;
      const { env } = getRuntime();
      const rawBody = new TextDecoder().decode(await readBodyBytes(ctx.request, env.MAX_BODY_BYTES));
      return { status: 200, body: receiveConnectionHook({ ...path, rawBody, headers: ctx.request.headers }) };
    }),
  },
];
