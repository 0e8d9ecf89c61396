import type { ConnectorDeclaration } from '../types';

// https://pipedrive.readme.io/docs/marketplace-oauth-authorization ; the token call uses HTTP Basic client auth
// and a refresh may rotate the refresh token. The API base is `api_domain` from the token response.
export const pipedrive = {
  id: 'pipedrive',
  name: 'Pipedrive',
  category: 'crm',
  logo: '/connectors/pipedrive.svg',
  apiBaseUrl: '{apiDomain}',
  sandboxApiPath: '',
  auth: {
    kind: 'oauth2',
    authorizeUrl: 'https://oauth.pipedrive.com/oauth/authorize',
    tokenUrl: 'https://oauth.pipedrive.com/oauth/token',
    clientAuth: 'basic',
    pkce: false,
    scopeSeparator: ' ',
    baseScopes: ['base'],
    rotatesRefreshToken: true,
    sandbox: { authorizePath: '/oauth/authorize', tokenPath: '/oauth/token' },
    scopes: {
      genericContact: { read: ['contacts:read'], write: ['contacts:full'] },
      genericCompany: { read: ['contacts:read'], write: ['contacts:full'] },
      genericUser: { read: ['users:read'] },
      genericWorkspace: { read: [] },
      crmOpportunity: { read: ['deals:read'], write: ['deals:full'] },
      crmPipeline: { read: ['deals:read'] },
      crmStage: { read: ['deals:read'] },
      crmEngagement: { read: ['activities:read'], write: ['activities:full'] },
      widgetCardView: { read: [] },
    },
  },
} as const satisfies ConnectorDeclaration;
