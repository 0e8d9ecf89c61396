/**
 * A crmStage id is our own: HubSpot identifies a deal stage by its pipeline and its stage id together, so the
 * unified id encodes both (base64url of a JSON pair). Callers treat it as opaque.
 */
export function encodeStageId(pipelineId: string, stageId: string): string {
  return Buffer.from(JSON.stringify([pipelineId, stageId])).toString('base64url');
}

export function decodeStageId(id: string): { pipelineId: string; stageId: string } | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(id, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(parsed) && parsed.length === 2 && parsed.every((part) => typeof part === 'string' && part.length > 0)) {
      return { pipelineId: parsed[0] as string, stageId: parsed[1] as string };
    }
  } catch {
    // not one of ours
  }
  return undefined;
}
