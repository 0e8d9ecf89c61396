import type { Model } from '../models/operations';

export const CONNECTOR_IDS = [
  'hubspot',
  'salesforce',
  'pipedrive',
  'attio',
  'aircall',
  'dialpad',
  'gong',
  'calendly',
  'xero',
  'chargebee',
] as const;
export type ConnectorId = (typeof CONNECTOR_IDS)[number];

export function isConnectorId(value: string): value is ConnectorId {
  return (CONNECTOR_IDS as readonly string[]).includes(value);
}

/** Vendor scopes per model: read actions (retrieve, list, fieldRead) and write actions (create, update, delete, fieldWrite). */
export type ScopeTable = Partial<Record<Model, { read?: readonly string[]; write?: readonly string[] }>>;

export interface OAuthDeclaration {
  kind: 'oauth2';
  authorizeUrl: string;
  tokenUrl: string;
  /** How the client authenticates at the token endpoint (RFC 6749 §2.3.1). */
  clientAuth: 'basic' | 'body';
  pkce: boolean;
  scopeSeparator: ' ' | ',';
  /** Scopes asked for on every authorization. */
  baseScopes: readonly string[];
  scopes: ScopeTable;
  /** Whether a used refresh token stops working (the new one must be stored at once). */
  rotatesRefreshToken: boolean;
  /** Extra query parameters of the authorize URL (e.g. Salesforce `prompt`). */
  authorizeParams?: Readonly<Record<string, string>>;
  /** Paths of these URLs on the connector's sandbox fake, under `/sandbox/<id>`. */
  sandbox: { authorizePath: string; tokenPath: string };
  /** Hosts of the `env=sandbox` setting (Salesforce, Dialpad): the vendor's own test environment. */
  vendorSandbox?: { authorizeUrl: string; tokenUrl: string; apiBaseUrl?: string };
}

export interface ApiKeyDeclaration {
  kind: 'apiKey';
  /** Authorization `settings` the caller must send. */
  requiredSettings: readonly string[];
}

/** A connector as data (ARCHITECTURE.md, "Connectors"); behaviour data cannot express lives beside it. */
export interface ConnectorDeclaration {
  id: ConnectorId;
  name: string;
  category: 'crm' | 'telephony' | 'scheduling' | 'accounting' | 'billing';
  /** Public path of the logo (served from /public/connectors). */
  logo: string;
  auth: OAuthDeclaration | ApiKeyDeclaration;
  /** API base URL; `{site}`-style placeholders are filled from the connection's identity. */
  apiBaseUrl: string;
  /** Path of the API base on the sandbox fake, under `/sandbox/<id>`. */
  sandboxApiPath: string;
  /** Optional authorization settings the caller may send (e.g. `env`). */
  optionalSettings?: readonly string[];
}
