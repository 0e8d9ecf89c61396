import type { ConnectorDeclaration } from '../types';

// https://developer.xero.com/documentation/guides/oauth2/auth-flow ; PKCE, Basic client auth, rotating refresh
// tokens, and the tenant id from GET /connections sent as `xero-tenant-id` on every call.
export const xero = {
  id: 'xero',
  name: 'Xero',
  category: 'accounting',
  logo: '/connectors/xero.svg',
  apiBaseUrl: 'https://api.xero.com',
  sandboxApiPath: '',
  auth: {
    kind: 'oauth2',
    authorizeUrl: 'https://login.xero.com/identity/connect/authorize',
    tokenUrl: 'https://identity.xero.com/connect/token',
    clientAuth: 'basic',
    pkce: true,
    scopeSeparator: ' ',
    baseScopes: ['offline_access'],
    rotatesRefreshToken: true,
    sandbox: { authorizePath: '/identity/connect/authorize', tokenPath: '/connect/token' },
    scopes: {
      genericContact: { read: ['accounting.contacts.read'], write: ['accounting.contacts'] },
      genericCompany: { read: ['accounting.contacts.read'], write: ['accounting.contacts'] },
      accountingInvoice: { read: ['accounting.transactions.read'], write: ['accounting.transactions'] },
      accountingInvoiceLineItem: { read: ['accounting.transactions.read'], write: ['accounting.transactions'] },
      accountingInvoiceItem: { read: ['accounting.settings.read'], write: ['accounting.settings'] },
    },
  },
} as const satisfies ConnectorDeclaration;
