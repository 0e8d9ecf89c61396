import type { ConnectorDeclaration } from '../types';

// https://help.salesforce.com/s/articleView?id=sf.remoteaccess_oauth_web_server_flow.htm ; PKCE is supported and
// recommended. The API base is the `instance_url` of the token response.
export const salesforce = {
  id: 'salesforce',
  name: 'Salesforce',
  category: 'crm',
  logo: '/connectors/salesforce.svg',
  apiBaseUrl: '{instanceUrl}',
  sandboxApiPath: '',
  optionalSettings: ['env'],
  auth: {
    kind: 'oauth2',
    authorizeUrl: 'https://login.salesforce.com/services/oauth2/authorize',
    tokenUrl: 'https://login.salesforce.com/services/oauth2/token',
    clientAuth: 'body',
    pkce: true,
    scopeSeparator: ' ',
    baseScopes: ['api', 'refresh_token', 'id'],
    rotatesRefreshToken: false,
    sandbox: { authorizePath: '/services/oauth2/authorize', tokenPath: '/services/oauth2/token' },
    vendorSandbox: {
      authorizeUrl: 'https://test.salesforce.com/services/oauth2/authorize',
      tokenUrl: 'https://test.salesforce.com/services/oauth2/token',
    },
    scopes: {},
  },
} as const satisfies ConnectorDeclaration;
