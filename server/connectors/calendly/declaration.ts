import type { ConnectorDeclaration } from '../types';

// https://developer.calendly.com/create-a-developer-account ; Basic client auth at the token endpoint; refresh
// tokens rotate (a used one stops working).
export const calendly = {
  id: 'calendly',
  name: 'Calendly',
  category: 'scheduling',
  logo: '/connectors/calendly.svg',
  apiBaseUrl: 'https://api.calendly.com',
  sandboxApiPath: '',
  auth: {
    kind: 'oauth2',
    authorizeUrl: 'https://auth.calendly.com/oauth/authorize',
    tokenUrl: 'https://auth.calendly.com/oauth/token',
    clientAuth: 'basic',
    pkce: false,
    scopeSeparator: ' ',
    baseScopes: [],
    rotatesRefreshToken: true,
    sandbox: { authorizePath: '/oauth/authorize', tokenPath: '/oauth/token' },
    scopes: {},
  },
} as const satisfies ConnectorDeclaration;
