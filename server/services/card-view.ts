import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { verifyHubspotV3 } from '../connectors/hubspot/webhooks';
import { newId } from '../crypto/random';
import { connections, organizations, webhookEndpoints } from '../db/schema';
import { AppError } from '../errors';
import { log } from '../log';
import type { Model } from '../models/operations';
import { widgetCardContent, type WidgetCardContent } from '../models/schemas';
import { getRuntime } from '../runtime';
import type { ConnectionRow } from './connections';
import { resolveClientCredentials } from './connector-apps';
import { signedHeaders } from './delivery';
import type { EndpointRow } from './webhook-endpoints';

/**
 * GET /v1/hook/{org}/prod/hubspot/global/cardView: HubSpot's CRM card data fetch
 * (https://developers.hubspot.com/docs/api/crm/extensions/custom-cards, the legacy "data fetch URL"). HubSpot
 * asks while a user looks at a record; we ask the customer application for the card content (a signed,
 * synchronous `widgetCardView` request) and answer with the card in HubSpot's format. Only the signature check
 * and a malformed query are errors: anything that goes wrong after that is a fallback card, so HubSpot always
 * gets an answer within the card-view timeout and never a 5xx.
 */
export interface HubSpotCardProperty {
  label: string;
  dataType: 'STRING' | 'STATUS';
  value: string;
  optionType?: 'DEFAULT' | 'SUCCESS' | 'WARNING' | 'DANGER' | 'INFO';
}

export interface HubSpotCardAction {
  type: 'IFRAME';
  width: number;
  height: number;
  uri: string;
  label: string;
}

export interface HubSpotCardView {
  results: { objectId: number; title: string; link?: string; properties: HubSpotCardProperty[]; actions?: HubSpotCardAction[] }[];
  primaryAction?: HubSpotCardAction;
  secondaryActions?: HubSpotCardAction[];
}

const OBJECT_MODELS: Record<string, Model> = { CONTACT: 'genericContact', COMPANY: 'genericCompany', DEAL: 'crmOpportunity' };
const MAX_ANSWER_CHARS = 256 * 1024;
// HubSpot's own default size for an IFRAME action's window.
const IFRAME_SIZE = { width: 890, height: 748 };

// HubSpot adds the card's requested record properties to the query too, so unknown keys are allowed.
const cardQuery = z.object({
  portalId: z.string({ error: 'is required' }).regex(/^\d+$/, 'must be a HubSpot portal id'),
  associatedObjectId: z.string({ error: 'is required' }).regex(/^\d+$/, 'must be a HubSpot record id'),
  associatedObjectType: z.string({ error: 'is required' }).min(1).max(100),
  userId: z.string().regex(/^\d+$/, 'must be a HubSpot user id').optional(),
  userEmail: z.string().max(250).optional(),
});

function validationFailed(reason: string): AppError {
  return new AppError('CONNECTOR::WEBHOOK::VALIDATION_FAILED', `The card request could not be verified: ${reason}`);
}

export function fallbackCard(reason: string): HubSpotCardView {
  return {
    results: [{ objectId: 1, title: 'Card not available', properties: [{ label: 'Reason', dataType: 'STRING', value: reason }] }],
  };
}

export async function fetchHubSpotCardView(options: {
  organizationId: string;
  connectorId: string;
  uri: string;
  query: URLSearchParams;
  headers: Headers;
}): Promise<HubSpotCardView> {
  const { db } = getRuntime();
  const organization = db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, options.organizationId)).get();
  if (!organization || options.connectorId !== 'hubspot') {
    throw new AppError('WEBHOOK::NOT_FOUND', `No card view hook for ${options.connectorId} in organization ${options.organizationId}`);
  }
  const { clientSecret } = resolveClientCredentials({ organizationId: organization.id, connectorId: 'hubspot' });
  // A data fetch is a GET: the signed string is the method, the full URI with its query, an empty body, the timestamp.
  const problem = verifyHubspotV3({
    clientSecret,
    method: 'GET',
    uri: options.uri,
    body: '',
    signature: options.headers.get('x-hubspot-signature-v3'),
    timestamp: options.headers.get('x-hubspot-request-timestamp'),
  });
  if (problem) throw validationFailed(problem);
  const parsed = cardQuery.safeParse(Object.fromEntries(options.query));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('SERVICE::BAD_REQUEST', `query.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'is invalid'}`);
  }
  const query = parsed.data;
  const model = OBJECT_MODELS[query.associatedObjectType];
  if (!model) return fallbackCard(`Cards are not available for HubSpot ${query.associatedObjectType} records.`);
  const connection = db
    .select()
    .from(connections)
    .where(
      and(
        eq(connections.organizationId, organization.id),
        eq(connections.connectorId, 'hubspot'),
        sql`json_extract(${connections.identity}, '$.portalId') = ${query.portalId}`,
      ),
    )
    .get();
  if (!connection) return fallbackCard(`No connection is set up for HubSpot portal ${query.portalId}.`);
  const endpoint = cardViewEndpoint(organization.id);
  if (!endpoint) return fallbackCard('No webhook endpoint of this organization receives widgetCardView requests.');
  const ref = (refModel: Model, id: string, fields?: Record<string, string>) => ({
    object: 'resourceRef',
    model: refModel,
    id,
    remote: { id },
    ...(fields ? { fields } : {}),
  });
  const data = {
    ...(query.userId ? { triggeredBy: ref('genericUser', query.userId, query.userEmail ? { email: query.userEmail } : undefined) } : {}),
    [model]: [ref(model, query.associatedObjectId)],
  };
  const answer = await askForCard(connection, endpoint, data);
  if ('problem' in answer) {
    log.warn('card view fallback', {
      organizationId: organization.id,
      connectorId: 'hubspot',
      endpointId: endpoint.id,
      reason: answer.problem,
    });
    return fallbackCard(`The card could not be loaded: ${answer.problem}.`);
  }
  return renderHubSpotCard(answer.content);
}

/** The organization's first enabled endpoint (oldest first) that takes every event or a `widgetCardView::…` one. */
function cardViewEndpoint(organizationId: string): EndpointRow | undefined {
  return getRuntime()
    .db.select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.enabled, true)))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
    .all()
    .find((endpoint) => !endpoint.events || endpoint.events.some((event) => event.startsWith('widgetCardView::')));
}

/** One signed request to the endpoint, bounded by CARD_VIEW_TIMEOUT_MS (headers and body alike); never throws. */
async function askForCard(
  connection: ConnectionRow,
  endpoint: EndpointRow,
  data: Record<string, unknown>,
): Promise<{ content: WidgetCardContent } | { problem: string }> {
  const { env } = getRuntime();
  const id = newId('msg');
  const body = JSON.stringify({
    object: 'widgetCardView.request',
    id,
    connectorId: connection.connectorId,
    ownerId: connection.ownerId,
    data,
  });
  let text: string;
  try {
    const response = await fetch(endpoint.url, {
      method: 'POST',
      headers: { ...signedHeaders(endpoint, id, body), 'x-connector-id': connection.connectorId, 'x-owner-id': connection.ownerId },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(env.CARD_VIEW_TIMEOUT_MS),
    });
    text = await response.text();
    if (response.status < 200 || response.status > 299) return { problem: `the application answered HTTP ${response.status}` };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return {
      problem: timedOut ? `the application did not answer within ${env.CARD_VIEW_TIMEOUT_MS} ms` : 'the application could not be reached',
    };
  }
  if (text.length > MAX_ANSWER_CHARS) return { problem: 'the answer is too large' };
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return { problem: 'the answer is not JSON' };
  }
  const checked = widgetCardContent.safeParse(payload);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    return { problem: `the answer is not valid card content (${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'})` };
  }
  return { content: checked.data };
}

// HubSpot's legacy cards open links in a frame (the IFRAME action); there is no plain "open URL" action.
function toHubSpotAction(action: { label: string; url: string }): HubSpotCardAction {
  return { type: 'IFRAME', ...IFRAME_SIZE, uri: action.url, label: action.label };
}

/** Card content → HubSpot's data-fetch answer: one result per card, text as STRING and status as STATUS. */
export function renderHubSpotCard(content: WidgetCardContent): HubSpotCardView {
  const rootActions = (content.root?.actions ?? []).map(toHubSpotAction);
  const [primaryAction, ...secondaryActions] = rootActions;
  return {
    results: content.cards.map((card, index) => ({
      objectId: index + 1,
      title: card.title,
      ...(card.link ? { link: card.link } : {}),
      properties: card.contents.map((item): HubSpotCardProperty =>
        item.type === 'status'
          ? {
              label: item.label,
              dataType: 'STATUS',
              value: item.value,
              optionType: item.status.toUpperCase() as HubSpotCardProperty['optionType'],
            }
          : { label: item.label, dataType: 'STRING', value: item.value },
      ),
      ...(card.actions?.length ? { actions: card.actions.map(toHubSpotAction) } : {}),
    })),
    ...(primaryAction ? { primaryAction } : {}),
    ...(secondaryActions.length ? { secondaryActions } : {}),
  };
}
