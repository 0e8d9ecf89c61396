import 'server-only';
import { vendorFetch, VendorNetworkError } from '../connectors/http-client';
import { AppError } from '../errors';

/**
 * Checks a Chargebee API key with one read (`GET /customers?limit=1`, HTTP Basic with the key as user name).
 * A refused key or an unknown site is the caller's input: 400 naming the setting, never the key itself.
 */
export async function verifyChargebeeKey(options: { baseUrl: string; site: string; apiKey: string }): Promise<void> {
  if (!/^[a-z0-9][a-z0-9-]{1,48}[a-z0-9]$/.test(options.site)) {
    throw new AppError('SERVICE::BAD_REQUEST', 'settings.site: must be your Chargebee site name (the part before .chargebee.com)');
  }
  let response: Response;
  try {
    response = await vendorFetch(`${options.baseUrl}/customers?limit=1`, {
      headers: { authorization: `Basic ${Buffer.from(`${options.apiKey}:`).toString('base64')}`, accept: 'application/json' },
    });
  } catch (error) {
    throw new AppError('SERVICE::CONNECTION::AUTHORIZATION_RETRIEVE_FAILED', `Chargebee site "${options.site}" could not be reached`, {
      cause: error instanceof VendorNetworkError ? error : undefined,
    });
  }
  if (response.ok) return;
  const body = (await response.json().catch(() => ({}))) as { api_error_code?: string };
  if (response.status === 401 || response.status === 403) {
    throw new AppError(
      'SERVICE::BAD_REQUEST',
      `settings.apiKey: Chargebee refused this API key for site "${options.site}" (${body.api_error_code ?? response.status})`,
    );
  }
  if (response.status === 404) throw new AppError('SERVICE::BAD_REQUEST', `settings.site: Chargebee has no site "${options.site}"`);
  throw new AppError(
    'SERVICE::CONNECTION::AUTHORIZATION_RETRIEVE_FAILED',
    `Chargebee answered ${response.status} while checking the API key`,
  );
}
