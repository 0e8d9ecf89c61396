import { AppError } from '../../../errors';
import type { ConnectorCallContext, ModelOperations, UnifiedRecord } from '../../framework';
import { pipelineFromHubSpot } from '../mappers/pipeline';
import { stageFromHubSpot } from '../mappers/stage';
import { decodeStageId } from '../mappers/stage-id';
import { userFromHubSpot } from '../mappers/user';
import { workspaceFromHubSpot } from '../mappers/workspace';
import type { HubSpotAccountDetails, HubSpotOwner, HubSpotPipeline, HubSpotStage } from '../mappers/types';
import { readDealPipelines } from './api';

/** genericUser (owners), crmPipeline and crmStage (deal pipelines) and genericWorkspace (the portal): read only. */
const notFound = (model: string, id: string) =>
  new AppError('CONNECTOR::OPERATION::RESOURCE_NOT_FOUND', `HubSpot: no ${model} has the id ${id}`);

/** HubSpot answers every pipeline at once; we page through them locally, the cursor being an offset. */
function pageOf(records: UnifiedRecord[], limit: number, cursor: string | undefined) {
  const start = cursor === undefined ? 0 : Number(cursor);
  if (!Number.isInteger(start) || start < 0) throw new AppError('SERVICE::BAD_REQUEST', 'query.cursor: is not a cursor of this list');
  const end = start + limit;
  return { records: records.slice(start, end), ...(end < records.length ? { nextCursor: String(end) } : {}) };
}

const byOrder = <T extends { displayOrder?: number }>(items: readonly T[]) =>
  [...items].sort((a, b) => (a.displayOrder ?? 0) - (b.displayOrder ?? 0));

// Owners: https://developers.hubspot.com/docs/api/crm/owners
export const userOperations: ModelOperations = {
  filters: ['email'],
  async list(ctx, options) {
    const response = await ctx.request<{ results: HubSpotOwner[]; paging?: { next?: { after?: string } } }>({
      path: '/crm/v3/owners',
      query: { limit: options.limit, after: options.cursor, email: options.filter.email },
    });
    const after = response.body.paging?.next?.after;
    return { records: response.body.results.map(userFromHubSpot), ...(after ? { nextCursor: after } : {}) };
  },
  async retrieve(ctx, id) {
    const response = await ctx.request<HubSpotOwner>({ path: `/crm/v3/owners/${encodeURIComponent(id)}` });
    return userFromHubSpot(response.body);
  },
};

export const pipelineOperations: ModelOperations = {
  async list(ctx, options) {
    return pageOf(byOrder(await readDealPipelines(ctx)).map(pipelineFromHubSpot), options.limit, options.cursor);
  },
  async retrieve(ctx, id) {
    const response = await ctx.request<HubSpotPipeline>({ path: `/crm/v3/pipelines/deals/${encodeURIComponent(id)}` });
    return pipelineFromHubSpot(response.body);
  },
};

export const stageOperations: ModelOperations = {
  filters: ['pipeline'],
  async list(ctx, options) {
    const pipelines = byOrder(await readDealPipelines(ctx)).filter(
      (pipeline) => !options.filter.pipeline || pipeline.id === options.filter.pipeline,
    );
    const stages = pipelines.flatMap((pipeline) => byOrder(pipeline.stages).map((stage) => stageFromHubSpot(pipeline, stage)));
    return pageOf(stages, options.limit, options.cursor);
  },
  async retrieve(ctx, id) {
    const decoded = decodeStageId(id);
    if (!decoded) throw notFound('crmStage', id);
    const response = await ctx.request<HubSpotStage>({
      path: `/crm/v3/pipelines/deals/${encodeURIComponent(decoded.pipelineId)}/stages/${encodeURIComponent(decoded.stageId)}`,
    });
    return stageFromHubSpot({ id: decoded.pipelineId }, response.body);
  },
};

// Account details: https://developers.hubspot.com/docs/api/settings/account-information-api ; the id is the portal id.
export const workspaceOperations: ModelOperations = {
  async retrieve(ctx: ConnectorCallContext, id: string) {
    const response = await ctx.request<HubSpotAccountDetails>({ path: '/account-info/v3/details' });
    if (String(response.body.portalId) !== id) throw notFound('genericWorkspace', id);
    return workspaceFromHubSpot(response.body, ctx.identity.domain);
  },
};
