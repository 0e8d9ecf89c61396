import type { ConnectorDeclaration } from '../types';

// https://apidocs.chargebee.com/docs/api/auth ; HTTP Basic with the API key as the user name and no password.
export const chargebee = {
  id: 'chargebee',
  name: 'Chargebee',
  category: 'billing',
  logo: '/connectors/chargebee.svg',
  apiBaseUrl: 'https://{site}.chargebee.com/api/v2',
  sandboxApiPath: '/{site}/api/v2',
  auth: { kind: 'apiKey', requiredSettings: ['site', 'apiKey'] },
} as const satisfies ConnectorDeclaration;
