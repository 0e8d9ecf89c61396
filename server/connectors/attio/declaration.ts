import type { ConnectorDeclaration } from '../types';

// https://docs.attio.com/rest-api/tutorials/connect-an-app-through-oauth ; Attio access tokens do not expire.
export const attio = {
  id: 'attio',
  name: 'Attio',
  category: 'crm',
  logo: '/connectors/attio.svg',
  apiBaseUrl: 'https://api.attio.com',
  sandboxApiPath: '',
  auth: {
    kind: 'oauth2',
    authorizeUrl: 'https://app.attio.com/authorize',
    tokenUrl: 'https://app.attio.com/oauth/token',
    clientAuth: 'body',
    pkce: false,
    scopeSeparator: ' ',
    baseScopes: [],
    rotatesRefreshToken: false,
    sandbox: { authorizePath: '/authorize', tokenPath: '/oauth/token' },
    scopes: {
      genericContact: {
        read: ['record_permission:read', 'object_configuration:read'],
        write: ['record_permission:read-write', 'object_configuration:read-write'],
      },
      genericCompany: {
        read: ['record_permission:read', 'object_configuration:read'],
        write: ['record_permission:read-write', 'object_configuration:read-write'],
      },
      genericUser: { read: ['user_management:read'] },
      genericWorkspace: { read: [] },
      crmOpportunity: {
        read: ['record_permission:read', 'object_configuration:read'],
        write: ['record_permission:read-write', 'object_configuration:read-write'],
      },
      crmPipeline: { read: ['object_configuration:read'] },
      crmStage: { read: ['object_configuration:read'] },
      crmEngagement: { read: ['note:read', 'task:read'], write: ['note:read-write', 'task:read-write'] },
    },
  },
} as const satisfies ConnectorDeclaration;
