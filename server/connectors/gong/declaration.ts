import type { ConnectorDeclaration } from '../types';

// https://help.gong.io/docs/create-an-app-for-gong ; the token call uses HTTP Basic client auth and returns the
// customer's API base URL (`api_base_url_for_customer`).
export const gong = {
  id: 'gong',
  name: 'Gong',
  category: 'telephony',
  logo: '/connectors/gong.svg',
  apiBaseUrl: '{apiBaseUrl}',
  sandboxApiPath: '',
  auth: {
    kind: 'oauth2',
    authorizeUrl: 'https://app.gong.io/oauth2/authorize',
    tokenUrl: 'https://app.gong.io/oauth2/generate-customer-token',
    clientAuth: 'basic',
    pkce: false,
    scopeSeparator: ' ',
    baseScopes: [],
    rotatesRefreshToken: false,
    sandbox: { authorizePath: '/oauth2/authorize', tokenPath: '/oauth2/generate-customer-token' },
    scopes: {
      genericUser: { read: ['api:users:read'] },
      telephonyCall: { read: ['api:calls:read:basic', 'api:calls:read:extensive'] },
      telephonyCallTranscript: { read: ['api:calls:read:transcript'] },
    },
  },
} as const satisfies ConnectorDeclaration;
