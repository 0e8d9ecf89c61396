import { CATALOGUE } from './catalogue';
import type { ConnectorModule } from './framework';
import type { ConnectorId } from './types';
import { dialpadModule } from './dialpad/module';
import { hubspotModule } from './hubspot/module';

function bearer(credentials: { accessToken?: string }): Record<string, string> {
  return credentials.accessToken ? { authorization: `Bearer ${credentials.accessToken}` } : {};
}

/**
 * Every connector's module. Connectors whose models are not implemented yet still proxy: the declaration and
 * the credential headers are all a proxied call needs.
 */
const MODULES: Record<ConnectorId, ConnectorModule> = {
  hubspot: hubspotModule,
  salesforce: { declaration: CATALOGUE.salesforce, models: {}, authHeaders: bearer },
  pipedrive: { declaration: CATALOGUE.pipedrive, models: {}, authHeaders: bearer },
  attio: { declaration: CATALOGUE.attio, models: {}, authHeaders: bearer },
  aircall: { declaration: CATALOGUE.aircall, models: {}, authHeaders: bearer },
  dialpad: dialpadModule,
  gong: { declaration: CATALOGUE.gong, models: {}, authHeaders: bearer },
  calendly: { declaration: CATALOGUE.calendly, models: {}, authHeaders: bearer },
  // Xero: every call names the tenant (https://developer.xero.com/documentation/guides/oauth2/tenants).
  xero: {
    declaration: CATALOGUE.xero,
    models: {},
    authHeaders: (credentials, identity) => ({
      ...bearer(credentials),
      ...(identity.tenantId ? { 'xero-tenant-id': identity.tenantId } : {}),
    }),
  },
  // Chargebee: HTTP Basic with the API key as the user name and an empty password.
  chargebee: {
    declaration: CATALOGUE.chargebee,
    models: {},
    authHeaders: (credentials): Record<string, string> =>
      credentials.apiKey ? { authorization: `Basic ${Buffer.from(`${credentials.apiKey}:`).toString('base64')}` } : {},
  },
};

export function connectorModule(connectorId: ConnectorId): ConnectorModule {
  return MODULES[connectorId];
}
