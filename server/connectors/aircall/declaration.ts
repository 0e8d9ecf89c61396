import type { ConnectorDeclaration } from '../types';

// https://developer.aircall.io/tutorials/how-aircall-oauth-flow-works/ ; one scope, tokens without expiry.
export const aircall = {
  id: 'aircall',
  name: 'Aircall',
  category: 'telephony',
  logo: '/connectors/aircall.svg',
  apiBaseUrl: 'https://api.aircall.io',
  sandboxApiPath: '',
  auth: {
    kind: 'oauth2',
    authorizeUrl: 'https://dashboard.aircall.io/oauth/authorize',
    tokenUrl: 'https://api.aircall.io/v1/oauth/token',
    clientAuth: 'body',
    pkce: false,
    scopeSeparator: ' ',
    baseScopes: ['public_api'],
    rotatesRefreshToken: false,
    sandbox: { authorizePath: '/oauth/authorize', tokenPath: '/v1/oauth/token' },
    scopes: {},
  },
} as const satisfies ConnectorDeclaration;
