import type { UnifiedRecord } from '../../framework';
import { compact, isoOf } from './common';
import { encodeStageId } from './stage-id';
import type { HubSpotPipeline } from './types';

/** crmPipeline ← a deal pipeline (https://developers.hubspot.com/docs/api/crm/pipelines); read only. */
export function pipelineFromHubSpot(pipeline: HubSpotPipeline): UnifiedRecord {
  const createdAt = isoOf(pipeline.createdAt);
  const updatedAt = isoOf(pipeline.updatedAt);
  const stages = [...pipeline.stages].sort((a, b) => (a.displayOrder ?? 0) - (b.displayOrder ?? 0));
  return {
    id: pipeline.id,
    remoteId: pipeline.id,
    fields: compact({ name: pipeline.label, stages: stages.map((stage) => ({ id: encodeStageId(pipeline.id, stage.id) })) }),
    ...(createdAt ? { createdAt } : {}),
    ...(updatedAt ? { updatedAt } : {}),
    raw: pipeline as unknown as Record<string, unknown>,
  };
}
