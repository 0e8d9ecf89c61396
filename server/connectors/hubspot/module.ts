import type { ConnectorModule, VendorErrorClassification } from '../framework';
import { hubspot } from './declaration';
import { companyOperations, contactOperations, opportunityOperations } from './operations/crm-models';
import { engagementOperations } from './operations/engagements';
import { pipelineOperations, stageOperations, userOperations, workspaceOperations } from './operations/reference-models';

/**
 * HubSpot's error body `{ status, message, correlationId, category }` (429s carry `errorType` and `policyName`):
 * https://developers.hubspot.com/docs/api/error-handling , https://developers.hubspot.com/docs/api/usage-details
 */
export function classifyHubSpotError(status: number, body: unknown): VendorErrorClassification {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const category = typeof record.category === 'string' ? record.category : '';
  const errorType = typeof record.errorType === 'string' ? record.errorType : '';
  const message =
    (typeof record.message === 'string' && record.message.trim() ? record.message.trim() : undefined)?.slice(0, 500) ??
    (typeof body === 'string' && body.trim() ? body.trim().slice(0, 500) : `the vendor answered HTTP ${status}`);
  if (status === 429 || errorType === 'RATE_LIMIT' || category === 'RATE_LIMITS') return { kind: 'rateLimited', message };
  if (status === 401 || category === 'INVALID_AUTHENTICATION' || category === 'EXPIRED_AUTHENTICATION')
    return { kind: 'unauthorized', message };
  if (status === 403 || category === 'MISSING_SCOPES') return { kind: 'forbidden', message };
  if (status === 404 || status === 410 || category === 'OBJECT_NOT_FOUND') return { kind: 'notFound', message };
  if (status === 409 || category === 'CONFLICT' || category === 'OBJECT_ALREADY_EXISTS') return { kind: 'conflict', message };
  if (status >= 500) return { kind: 'server', message };
  return { kind: 'badRequest', message };
}

/** HubSpot: the models and actions of spec/connectors.md, mapped both ways. */
export const hubspotModule: ConnectorModule = {
  declaration: hubspot,
  models: {
    genericContact: contactOperations,
    genericCompany: companyOperations,
    genericUser: userOperations,
    genericWorkspace: workspaceOperations,
    crmOpportunity: opportunityOperations,
    crmPipeline: pipelineOperations,
    crmStage: stageOperations,
    crmEngagement: engagementOperations,
  },
  authHeaders: (credentials): Record<string, string> =>
    credentials.accessToken ? { authorization: `Bearer ${credentials.accessToken}` } : {},
  classifyError: classifyHubSpotError,
};
