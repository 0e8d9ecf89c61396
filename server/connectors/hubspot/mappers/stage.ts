import type { UnifiedRecord } from '../../framework';
import { compact, isoOf } from './common';
import { encodeStageId } from './stage-id';
import type { HubSpotPipeline, HubSpotStage } from './types';

/** Won, lost or open from HubSpot's stage metadata: closed stages at probability 1 are won, at 0 lost. */
export function stageType(stage: HubSpotStage): 'open' | 'won' | 'lost' | 'unknown' {
  const closed = String(stage.metadata?.isClosed ?? '') === 'true';
  const probability = Number(stage.metadata?.probability ?? Number.NaN);
  if (!closed) return 'open';
  if (probability >= 1) return 'won';
  if (probability <= 0) return 'lost';
  return 'unknown';
}

/** crmStage ← a deal pipeline stage (https://developers.hubspot.com/docs/api/crm/pipelines). */
export function stageFromHubSpot(pipeline: Pick<HubSpotPipeline, 'id'>, stage: HubSpotStage): UnifiedRecord {
  const createdAt = isoOf(stage.createdAt);
  const updatedAt = isoOf(stage.updatedAt);
  return {
    id: encodeStageId(pipeline.id, stage.id),
    remoteId: stage.id,
    fields: compact({ name: stage.label, type: stageType(stage), pipeline: { id: pipeline.id } }),
    ...(createdAt ? { createdAt } : {}),
    ...(updatedAt ? { updatedAt } : {}),
    raw: stage as unknown as Record<string, unknown>,
  };
}
