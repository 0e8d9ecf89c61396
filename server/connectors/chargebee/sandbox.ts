import { sandboxAccount, type SandboxAccount } from '../sandbox-kit/accounts';
import { basicCredentials, json } from '../sandbox-kit/http';
import { openRoute, type RouteContext, type SandboxFake } from '../sandbox-kit/types';
import { chargebee } from './declaration';

// Any site name Chargebee could have exists in the sandbox; test-site keys look like `test_…`.
const SITE_PATTERN = /^[a-z0-9-]{3,50}$/;
const KEY_PATTERN = /^test_[A-Za-z0-9]{8,}$/;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const PEOPLE = [
  ['Ada', 'Lovelace'],
  ['Grace', 'Hopper'],
  ['Alan', 'Turing'],
  ['Katherine', 'Johnson'],
  ['Edsger', 'Dijkstra'],
] as const;

// Chargebee's error body: { message, type, api_error_code, param?, http_status_code }.
function chargebeeError(status: number, apiErrorCode: string, message: string, extra: Record<string, string> = {}): Response {
  return json({ message, ...extra, api_error_code: apiErrorCode, http_status_code: status }, status);
}

const authenticationFailed = () =>
  chargebeeError(401, 'api_authentication_failed', 'Sorry, authentication failed. Invalid api key', { type: 'invalid_request' });

const wrongValue = (param: string, message: string) =>
  chargebeeError(400, 'param_wrong_value', `${param} : ${message}`, { type: 'invalid_request', param });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The site's customers: a few stable records per site, newest first. */
function customersOf(site: SandboxAccount, siteName: string) {
  return PEOPLE.map(([first, last], index) => {
    const createdAt = Math.floor(site.createdAt.getTime() / 1000) + (PEOPLE.length - index) * 86_400;
    return {
      id: site.chars(`customer ${index}`, 16, BASE62),
      first_name: first,
      last_name: last,
      email: `${first}.${last}@${siteName}.example.com`.toLowerCase(),
      company: site.companyName,
      auto_collection: 'on',
      offline_payment_method: 'no_preference',
      net_term_days: 0,
      allow_direct_debit: false,
      created_at: createdAt,
      taxability: 'taxable',
      updated_at: createdAt,
      pii_cleared: 'active',
      channel: 'web',
      resource_version: createdAt * 1000,
      deleted: false,
      object: 'customer',
      card_status: 'no_card',
      promotional_credits: 0,
      refundable_credits: 0,
      excess_payments: 0,
      unbilled_charges: 0,
      preferred_currency_code: 'USD',
      mrr: 0,
    };
  });
}

// GET /{site}/api/v2/customers: HTTP Basic with the API key as user name and an empty password.
function listCustomers({ params, request, url }: RouteContext): Response {
  const siteName = params.site ?? '';
  if (!SITE_PATTERN.test(siteName)) {
    return chargebeeError(404, 'site_not_found', `Sorry, we couldn't find the site ${siteName}`, { type: 'invalid_request' });
  }
  const credentials = basicCredentials(request.headers.get('authorization'));
  if (typeof credentials !== 'object' || !KEY_PATTERN.test(credentials.user) || credentials.password !== '') return authenticationFailed();
  const limitParam = url.searchParams.get('limit') ?? '10';
  const limit = /^\d+$/.test(limitParam) ? Number(limitParam) : NaN;
  if (!(limit >= 1 && limit <= 100)) return wrongValue('limit', 'The value must be between 1 and 100');
  // Chargebee's offset is opaque: here a JSON array whose last element is the next index.
  const offsetParam = url.searchParams.get('offset');
  let start = 0;
  if (offsetParam !== null) {
    const parsed = parseJson(offsetParam);
    const index = Array.isArray(parsed) ? Number(parsed[parsed.length - 1]) : NaN;
    if (!Number.isInteger(index) || index < 0) return wrongValue('offset', 'invalid value');
    start = index;
  }
  const customers = customersOf(sandboxAccount(chargebee.id, `billing@${siteName}.example.com`), siteName);
  const page = customers.slice(start, start + limit);
  const next = start + limit < customers.length ? customers[start + limit] : undefined;
  return json({
    list: page.map((customer) => ({ customer })),
    ...(next ? { next_offset: JSON.stringify([String(next.updated_at * 1000), String(start + limit)]) } : {}),
  });
}

export const chargebeeSandbox: SandboxFake = {
  connector: chargebee,
  routes: [openRoute('GET', '/:site/api/v2/customers', listCustomers)],
  unauthorized: authenticationFailed,
};
