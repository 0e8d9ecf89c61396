import type { ConnectorId } from './types';

/**
 * What each connector keeps after the token exchange (spec/connectors.md, last column): the vendor account the
 * connection belongs to. Values are strings; none is a secret. Keys used across connectors: accountEmail,
 * accountName, domain, apiBaseUrl/apiDomain/instanceUrl (API base), and the vendor's own account ids.
 */
export type Identity = Record<string, string>;

export interface CaptureContext {
  accessToken: string;
  tokenResponse: Record<string, unknown>;
  /** The connection's API base once the identity so far is known. */
  apiBase(identity: Identity): string;
  /** GET with the new access token; throws on a non-2xx answer. */
  getJson(url: string, headers?: Record<string, string>): Promise<unknown>;
}

type Capture = (ctx: CaptureContext) => Promise<Identity>;

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value ? value : typeof value === 'number' ? String(value) : undefined;

function field(source: unknown, ...path: string[]): string | undefined {
  let current: unknown = source;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return str(current);
}

/** Drops empty values so the stored identity only holds what the vendor told us. */
function compact(values: Record<string, string | undefined>): Identity {
  return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

const domainOf = (email: string | undefined) => email?.split('@')[1];

export const IDENTITY_CAPTURE: Record<Exclude<ConnectorId, 'chargebee'>, Capture> = {
  // GET /oauth/v1/access-tokens/{token}: hub_id is the portal the webhooks carry.
  async hubspot(ctx) {
    const info = await ctx.getJson(`${ctx.apiBase({})}/oauth/v1/access-tokens/${encodeURIComponent(ctx.accessToken)}`);
    return compact({
      portalId: field(info, 'hub_id'),
      domain: field(info, 'hub_domain'),
      accountEmail: field(info, 'user'),
      userId: field(info, 'user_id'),
    });
  },
  // The token response's `id` is the identity URL (…/id/<orgId>/<userId>); `instance_url` is the API base.
  async salesforce(ctx) {
    const instanceUrl = str(ctx.tokenResponse.instance_url);
    const idUrl = str(ctx.tokenResponse.id);
    const info = idUrl ? await ctx.getJson(idUrl) : undefined;
    return compact({
      instanceUrl,
      organizationId: field(info, 'organization_id'),
      userId: field(info, 'user_id'),
      accountEmail: field(info, 'email'),
      accountName: field(info, 'display_name'),
      domain: domainOf(field(info, 'email')),
    });
  },
  async pipedrive(ctx) {
    const apiDomain = str(ctx.tokenResponse.api_domain) ?? 'https://api.pipedrive.com';
    const me = await ctx.getJson(`${ctx.apiBase({ apiDomain })}/api/v1/users/me`);
    return compact({
      apiDomain,
      companyId: field(me, 'data', 'company_id'),
      accountName: field(me, 'data', 'company_name'),
      // Pipedrive's company_domain is the account's subdomain slug (acme.pipedrive.com), not a DNS domain.
      companyDomain: field(me, 'data', 'company_domain'),
      domain: domainOf(field(me, 'data', 'email')),
      accountEmail: field(me, 'data', 'email'),
      userId: field(me, 'data', 'id'),
    });
  },
  async attio(ctx) {
    const self = await ctx.getJson(`${ctx.apiBase({})}/v2/self`);
    return compact({
      workspaceId: field(self, 'workspace_id'),
      accountName: field(self, 'workspace_name'),
      workspaceSlug: field(self, 'workspace_slug'),
      workspaceMemberId: field(self, 'authorized_by_workspace_member_id'),
    });
  },
  async aircall(ctx) {
    const me = await ctx.getJson(`${ctx.apiBase({})}/v1/integrations/me`);
    return compact({
      companyId: field(me, 'integration', 'company_id'),
      integrationId: field(me, 'integration', 'id'),
      accountEmail: field(me, 'integration', 'user', 'email'),
      accountName: field(me, 'integration', 'custom_name') ?? field(me, 'integration', 'name'),
      domain: domainOf(field(me, 'integration', 'user', 'email')),
    });
  },
  async dialpad(ctx) {
    const company = await ctx.getJson(`${ctx.apiBase({})}/api/v2/company`);
    return compact({ companyId: field(company, 'id'), accountName: field(company, 'name'), domain: field(company, 'domain') });
  },
  // Gong answers with the customer's own API host; there is no identity endpoint to call.
  async gong(ctx) {
    return compact({ apiBaseUrl: str(ctx.tokenResponse.api_base_url_for_customer) });
  },
  async calendly(ctx) {
    const me = await ctx.getJson(`${ctx.apiBase({})}/users/me`);
    return compact({
      ownerUri: str(ctx.tokenResponse.owner),
      organizationUri: str(ctx.tokenResponse.organization),
      accountEmail: field(me, 'resource', 'email'),
      accountName: field(me, 'resource', 'name'),
      domain: domainOf(field(me, 'resource', 'email')),
    });
  },
  // The tenant comes from GET /connections after the tokens are stored; every API call then sends it.
  async xero(ctx) {
    const tenants = await ctx.getJson(`${ctx.apiBase({})}/connections`);
    const first = Array.isArray(tenants) ? (tenants[0] as unknown) : undefined;
    return compact({ tenantId: field(first, 'tenantId'), accountName: field(first, 'tenantName'), tenantType: field(first, 'tenantType') });
  },
};
