import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConnection, errorOf } from '../support/api';
import { startTestService, type TestService } from '../support/harness';
import { startAuthorization, type AuthorizationView } from '../support/oauth';

// Sandbox mode off: connectors use real vendor URLs and need real client credentials.
let service: TestService;
beforeAll(async () => {
  service = await startTestService({
    SANDBOX: '0',
    CONNECTOR_XERO_CLIENT_ID: 'env-xero-client',
    CONNECTOR_XERO_CLIENT_SECRET: 'env-xero-secret',
  });
});
afterAll(async () => {
  await service.close();
});

describe('connector client credentials', () => {
  it('answers CONNECTOR::BAD_CONFIGURATION naming what is missing', async () => {
    await createConnection(service, 'hubspot', 'no-app');
    expect(await errorOf(await startAuthorization(service, 'hubspot', 'no-app'))).toEqual({
      status: 500,
      error: 'CONNECTOR::BAD_CONFIGURATION',
      message:
        "HubSpot has no OAuth client id and client secret: set them on the dashboard's Connector apps page or in CONNECTOR_HUBSPOT_CLIENT_ID / CONNECTOR_HUBSPOT_CLIENT_SECRET",
    });
  });

  it('uses the environment app and the vendor’s real authorize URL outside sandbox mode', async () => {
    await createConnection(service, 'xero', 'env-app');
    const authorization = (await (await startAuthorization(service, 'xero', 'env-app')).json()) as AuthorizationView;
    const url = new URL(authorization.authorizationUrl ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://login.xero.com/identity/connect/authorize');
    expect(url.searchParams.get('client_id')).toBe('env-xero-client');
  });

  it("prefers the organization's own app, set from the dashboard, and keeps its secret encrypted", async () => {
    const { setConnectorApp, resolveClientCredentials, listConnectorApps } = await import('@/server/services/connector-apps');
    const { CATALOGUE } = await import('@/server/connectors/catalogue');
    const { firstOrganization } = await import('../support/organization');
    const { organizationId } = firstOrganization();
    setConnectorApp({ organizationId, connectorId: 'hubspot', clientId: 'org-hubspot-client', clientSecret: 'org-hubspot-secret' });
    const { getRuntime } = await import('@/server/runtime');
    const raw = getRuntime().db.$client.prepare('select client_secret_ciphertext from connector_apps').get() as {
      client_secret_ciphertext: string;
    };
    expect(raw.client_secret_ciphertext).not.toContain('org-hubspot-secret');
    expect(resolveClientCredentials({ organizationId, connectorId: 'hubspot' })).toEqual({
      clientId: 'org-hubspot-client',
      clientSecret: 'org-hubspot-secret',
      source: 'organization',
    });
    const authorization = (await (await startAuthorization(service, 'hubspot', 'no-app')).json()) as AuthorizationView;
    expect(new URL(authorization.authorizationUrl ?? '').searchParams.get('client_id')).toBe('org-hubspot-client');
    const apps = listConnectorApps({ organizationId, catalogue: Object.values(CATALOGUE) });
    expect(apps.find((app) => app.connectorId === 'hubspot')).toMatchObject({ configured: 'organization', clientId: 'org-hubspot-client' });
    expect(apps.find((app) => app.connectorId === 'xero')).toMatchObject({ configured: 'environment' });
    expect(apps.find((app) => app.connectorId === 'gong')).toMatchObject({ configured: 'missing' });
    expect(apps.find((app) => app.connectorId === 'chargebee')).toMatchObject({ configured: 'not-needed' });
    expect(JSON.stringify(apps)).not.toContain('org-hubspot-secret');
  });

  it('uses the vendor test environment for env=sandbox', async () => {
    await createConnection(service, 'salesforce', 'sf-sandbox');
    const { setConnectorApp } = await import('@/server/services/connector-apps');
    const { firstOrganization } = await import('../support/organization');
    setConnectorApp({ ...firstOrganization(), connectorId: 'salesforce', clientId: 'sf', clientSecret: 'sf-secret' });
    const authorization = (await (
      await startAuthorization(service, 'salesforce', 'sf-sandbox', '', { settings: { env: 'sandbox' } })
    ).json()) as AuthorizationView;
    expect(authorization.authorizationUrl).toMatch(/^https:\/\/test\.salesforce\.com\/services\/oauth2\/authorize\?/);
  });

  it('does not serve the sandbox fakes when sandbox mode is off', async () => {
    expect((await fetch(`${service.baseUrl}/sandbox/hubspot/oauth/authorize`)).status).toBe(404);
  });
});
