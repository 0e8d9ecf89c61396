import { AppError } from '../../../errors';
import type { UnifiedRecord } from '../../framework';
import { ENGAGEMENT_OBJECT_TYPES } from '../association-types';
import {
  associatedIds,
  customFromHubSpot,
  customToHubSpot,
  isoOf,
  numberOf,
  pick,
  recordOf,
  refId,
  refIds,
  scalarText,
  text,
  type HubSpotWrite,
} from './common';
import { decodeEngagementId, encodeEngagementId } from './engagement';
import { stageType } from './stage';
import { decodeStageId, encodeStageId } from './stage-id';
import type { HubSpotObject, HubSpotPipeline, HubSpotProperty, HubSpotStage } from './types';

/** crmOpportunity ↔ HubSpot deal (https://developers.hubspot.com/docs/api/crm/deals). */
export const OPPORTUNITY_PROPERTIES: Readonly<Record<string, readonly string[]>> = {
  name: ['dealname'],
  amount: ['amount'],
  currency: ['deal_currency_code'],
  stage: ['pipeline', 'dealstage'],
  pipeline: ['pipeline'],
  owner: ['hubspot_owner_id'],
  closeDate: ['closedate'],
  status: ['pipeline', 'dealstage'],
};

export const OPPORTUNITY_ASSOCIATIONS = { contacts: ['contacts'], companies: ['companies'], engagements: ENGAGEMENT_OBJECT_TYPES } as const;

export function opportunityFromHubSpot(
  record: HubSpotObject,
  context: { custom?: readonly HubSpotProperty[]; pipelines?: readonly HubSpotPipeline[] },
): UnifiedRecord {
  const properties = record.properties;
  const pipelineId = text(properties.pipeline);
  const stageId = text(properties.dealstage);
  const stage = context.pipelines?.find((pipeline) => pipeline.id === pipelineId)?.stages.find((candidate) => candidate.id === stageId);
  const type = stage ? stageType(stage) : undefined;
  const engagements = record.associations
    ? ENGAGEMENT_OBJECT_TYPES.flatMap((kind) => (associatedIds(record, kind) ?? []).map((id) => ({ id: encodeEngagementId(kind, id) })))
    : undefined;
  const ownerId = text(properties.hubspot_owner_id);
  return recordOf(record, record.id, {
    name: text(properties.dealname),
    amount: numberOf(properties.amount),
    currency: text(properties.deal_currency_code),
    pipeline: pipelineId ? { id: pipelineId } : undefined,
    stage: pipelineId && stageId ? { id: encodeStageId(pipelineId, stageId) } : undefined,
    status: type === 'unknown' ? undefined : type,
    owner: ownerId ? { id: ownerId } : undefined,
    closeDate: isoOf(properties.closedate),
    contacts: associatedIds(record, 'contacts')?.map((id) => ({ id })),
    companies: associatedIds(record, 'companies')?.map((id) => ({ id })),
    engagements,
    custom: context.custom ? customFromHubSpot(record, context.custom) : undefined,
  });
}

const bad = (message: string) => new AppError('SERVICE::BAD_REQUEST', message);
const ordered = (stages: readonly HubSpotStage[]) => [...stages].sort((a, b) => (a.displayOrder ?? 0) - (b.displayOrder ?? 0));

export interface DealWriteContext {
  isCreate: boolean;
  /** Deal pipelines, loaded when the write needs a stage chosen (create, status, pipeline change). */
  pipelines?: readonly HubSpotPipeline[];
  /** The deal's pipeline and stage before an update. */
  current?: { pipelineId?: string; stageId?: string };
}

/** Whether mapping these fields needs the portal's pipelines (to choose or check a stage). */
export function dealWriteNeedsPipelines(fields: Record<string, unknown>, isCreate: boolean): boolean {
  return (
    (isCreate && fields.stage === undefined) || fields.status !== undefined || (fields.pipeline !== undefined && fields.stage === undefined)
  );
}

/** The stage a write moves the deal to: the given one, one matching `status`, or the pipeline's first open stage. */
function chooseStage(fields: Record<string, unknown>, context: DealWriteContext): { pipelineId: string; stageId: string } | undefined {
  const givenPipeline = refId(fields.pipeline);
  if (fields.stage !== undefined) {
    const decoded = decodeStageId(refId(fields.stage) ?? '');
    if (!decoded) throw bad('body.stage.id: is not a crmStage id of HubSpot (list crmStage for the ids)');
    if (givenPipeline && givenPipeline !== decoded.pipelineId)
      throw bad(`body.stage: belongs to pipeline ${decoded.pipelineId}, not to body.pipeline ${givenPipeline}`);
    const stage = context.pipelines
      ?.find((pipeline) => pipeline.id === decoded.pipelineId)
      ?.stages.find((candidate) => candidate.id === decoded.stageId);
    if (fields.status !== undefined && stage && stageType(stage) !== fields.status) {
      throw bad(`body.status: ${scalarText(fields.status) ?? ''} does not match the stage ${stage.label}, which is ${stageType(stage)}`);
    }
    return decoded;
  }
  if (!dealWriteNeedsPipelines(fields, context.isCreate)) return undefined;
  const pipelines = [...(context.pipelines ?? [])].sort((a, b) => (a.displayOrder ?? 0) - (b.displayOrder ?? 0));
  const pipelineId = givenPipeline ?? context.current?.pipelineId ?? pipelines[0]?.id;
  const pipeline = pipelines.find((candidate) => candidate.id === pipelineId);
  if (!pipeline) throw bad(`body.pipeline.id: HubSpot has no deal pipeline ${pipelineId ?? ''}`);
  const wanted = (fields.status as 'open' | 'won' | 'lost' | undefined) ?? 'open';
  const current = pipeline.stages.find((stage) => stage.id === context.current?.stageId);
  // Keep the deal where it is when it already sits in a stage of the wanted kind.
  if (current && stageType(current) === wanted) return { pipelineId: pipeline.id, stageId: current.id };
  const stage = ordered(pipeline.stages).find((candidate) => stageType(candidate) === wanted);
  if (!stage) throw bad(`body.status: pipeline ${pipeline.label} has no ${wanted} stage`);
  return { pipelineId: pipeline.id, stageId: stage.id };
}

export function opportunityToHubSpot(fields: Record<string, unknown>, context: DealWriteContext): HubSpotWrite {
  const properties: Record<string, string> = {
    ...customToHubSpot(fields.custom),
    ...pick(fields, { name: 'dealname', amount: 'amount', currency: 'deal_currency_code' }),
  };
  if (fields.closeDate !== undefined) properties.closedate = new Date(scalarText(fields.closeDate) ?? '').toISOString();
  if (fields.owner !== undefined) properties.hubspot_owner_id = refId(fields.owner) ?? '';
  const stage = chooseStage(fields, context);
  if (stage) {
    properties.pipeline = stage.pipelineId;
    properties.dealstage = stage.stageId;
  }
  const engagements = fields.engagements === undefined ? undefined : refIds(fields.engagements);
  const associations: HubSpotWrite['associations'] = {
    ...(fields.contacts !== undefined ? { contacts: refIds(fields.contacts) } : {}),
    ...(fields.companies !== undefined ? { companies: refIds(fields.companies) } : {}),
  };
  if (engagements) {
    for (const type of ENGAGEMENT_OBJECT_TYPES) associations[type] = [];
    engagements.forEach((id, index) => {
      const decoded = decodeEngagementId(id);
      if (!decoded) throw bad(`body.engagements[${index}].id: is not a crmEngagement id of HubSpot (such as call_123)`);
      associations[decoded.type]?.push(decoded.remoteId);
    });
  }
  return { properties, associations };
}
