import { z } from 'zod';
import { getRuntime } from '../../runtime';
import { fetchHubSpotCardView } from '../../services/card-view';
import { withoutCredentials } from '../auth';
import type { RouteDefinition } from '../pipeline';
import { parsePart } from '../validate';

const cardViewPath = z.strictObject({ organizationId: z.string().min(1).max(100), connectorId: z.string().min(1).max(50) });

export const cardViewRoutes: RouteDefinition[] = [
  {
    // GET /v1/hook/{org}/prod/{connector}/global/cardView: a CRM card data fetch (HubSpot), signature-checked
    method: 'GET',
    pattern: '/v1/hook/{organizationId}/prod/{connectorId}/global/cardView',
    handler: withoutCredentials(async (ctx) => {
      const path = parsePart('path', cardViewPath, ctx.params);
      ctx.logFields.organizationId = path.organizationId;
      ctx.logFields.connectorId = path.connectorId;
      const { env } = getRuntime();
      const card = await fetchHubSpotCardView({
        ...path,
        // The signature covers the URI exactly as HubSpot called it, query included.
        uri: `${env.baseUrl}${ctx.url.pathname}${ctx.url.search}`,
        query: ctx.url.searchParams,
        headers: ctx.request.headers,
      });
      return { status: 200, body: card };
    }),
  },
];
