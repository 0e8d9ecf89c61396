import type { ConnectorDeclaration } from '../types';

// https://developers.dialpad.com/docs/dialpad-api-authentication ; `env=sandbox` uses sandbox.dialpad.com.
export const dialpad = {
  id: 'dialpad',
  name: 'Dialpad',
  category: 'telephony',
  logo: '/connectors/dialpad.svg',
  apiBaseUrl: 'https://dialpad.com',
  sandboxApiPath: '',
  optionalSettings: ['env'],
  auth: {
    kind: 'oauth2',
    authorizeUrl: 'https://dialpad.com/oauth2/authorize',
    tokenUrl: 'https://dialpad.com/oauth2/token',
    clientAuth: 'body',
    pkce: false,
    scopeSeparator: ' ',
    baseScopes: ['offline_access'],
    rotatesRefreshToken: false,
    sandbox: { authorizePath: '/oauth2/authorize', tokenPath: '/oauth2/token' },
    vendorSandbox: {
      authorizeUrl: 'https://sandbox.dialpad.com/oauth2/authorize',
      tokenUrl: 'https://sandbox.dialpad.com/oauth2/token',
      apiBaseUrl: 'https://sandbox.dialpad.com',
    },
    scopes: {
      telephonyCall: { read: ['calls:list'] },
      telephonyCallTranscript: { read: ['calls:list', 'recordings_export'] },
    },
  },
} as const satisfies ConnectorDeclaration;
