import 'server-only';
import { asc } from 'drizzle-orm';
import { configureSandboxWebhookTarget } from '../connectors/sandbox';
import { organizations } from '../db/schema';
import { getRuntime } from '../runtime';

/** Whether the environment sends HubSpot somewhere else than the in-process fake (`CONNECTOR_HUBSPOT_*_URL`). */
function hubspotIsOverridden(): boolean {
  return Object.entries(process.env).some(([name, value]) => /^CONNECTOR_HUBSPOT_\w*URL$/.test(name) && Boolean(value?.trim()));
}

/**
 * Sandbox mode: the HubSpot fake's app sends its webhooks to the first organization's global hook, as a developer
 * would set the target URL of their HubSpot app. Answers the target, or null when the fake is not in use.
 */
export function pointSandboxWebhooksAtService(): string | null {
  const { db, env } = getRuntime();
  if (!env.SANDBOX || hubspotIsOverridden()) return null;
  const first = db.select({ id: organizations.id }).from(organizations).orderBy(asc(organizations.createdAt)).limit(1).get();
  if (!first) return null;
  const target = `${env.baseUrl}/v1/hook/${first.id}/prod/hubspot/global/main`;
  configureSandboxWebhookTarget('hubspot', target);
  return target;
}
