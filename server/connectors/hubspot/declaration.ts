import type { ConnectorDeclaration } from '../types';

// https://developers.hubspot.com/docs/api/oauth-quickstart-guide ; scopes: https://developers.hubspot.com/docs/api/scopes
export const hubspot = {
  id: 'hubspot',
  name: 'HubSpot',
  category: 'crm',
  logo: '/connectors/hubspot.svg',
  apiBaseUrl: 'https://api.hubapi.com',
  sandboxApiPath: '',
  auth: {
    kind: 'oauth2',
    authorizeUrl: 'https://app.hubspot.com/oauth/authorize',
    tokenUrl: 'https://api.hubapi.com/oauth/v1/token',
    clientAuth: 'body',
    pkce: false,
    scopeSeparator: ' ',
    baseScopes: ['oauth'],
    rotatesRefreshToken: false,
    sandbox: { authorizePath: '/oauth/authorize', tokenPath: '/oauth/v1/token' },
    scopes: {
      genericContact: {
        read: ['crm.objects.contacts.read', 'crm.schemas.contacts.read'],
        write: ['crm.objects.contacts.write', 'crm.schemas.contacts.write'],
      },
      genericCompany: {
        read: ['crm.objects.companies.read', 'crm.schemas.companies.read'],
        write: ['crm.objects.companies.write', 'crm.schemas.companies.write'],
      },
      genericUser: { read: ['crm.objects.owners.read'] },
      genericWorkspace: { read: [] },
      crmOpportunity: {
        read: ['crm.objects.deals.read', 'crm.schemas.deals.read'],
        write: ['crm.objects.deals.write', 'crm.schemas.deals.write'],
      },
      crmPipeline: { read: ['crm.objects.deals.read'] },
      crmStage: { read: ['crm.objects.deals.read'] },
      crmEngagement: { read: ['crm.objects.contacts.read', 'sales-email-read'], write: ['crm.objects.contacts.write'] },
      widgetCardView: { read: [] },
    },
  },
} as const satisfies ConnectorDeclaration;
