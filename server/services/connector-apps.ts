import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getConnector } from '../connectors/catalogue';
import { sandboxClientCredentials } from '../connectors/sandbox-credentials';
import type { ConnectorDeclaration, ConnectorId, OAuthDeclaration } from '../connectors/types';
import { connectorApps } from '../db/schema';
import { AppError } from '../errors';
import { getRuntime, nowIso } from '../runtime';

/** `CONNECTOR_<ID>_<NAME>` from the environment (read at call time, so operators can override any URL). */
function connectorEnv(connectorId: ConnectorId, name: string): string | undefined {
  const value = process.env[`CONNECTOR_${connectorId.toUpperCase()}_${name}`]?.trim();
  return value ? value : undefined;
}

function sandboxBase(connectorId: ConnectorId): string | undefined {
  const { env } = getRuntime();
  return env.SANDBOX ? `${env.baseUrl}/sandbox/${connectorId}` : undefined;
}

/** Whether this connector's OAuth goes to the sandbox fake (sandbox mode, no URL override). */
export function usesSandboxFake(connectorId: ConnectorId): boolean {
  return Boolean(sandboxBase(connectorId)) && !connectorEnv(connectorId, 'AUTHORIZE_URL') && !connectorEnv(connectorId, 'TOKEN_URL');
}

export interface OAuthEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
}

/**
 * The vendor's OAuth URLs: an environment override first, then the sandbox fake in sandbox mode, then the
 * vendor's test environment when the authorization asked for `env=sandbox`, then production.
 */
export function resolveOAuthEndpoints(
  connector: ConnectorDeclaration & { auth: OAuthDeclaration },
  settings: Record<string, string> = {},
): OAuthEndpoints {
  const auth = connector.auth;
  const sandbox = sandboxBase(connector.id);
  const vendorSandbox = settings.env === 'sandbox' ? auth.vendorSandbox : undefined;
  return {
    authorizeUrl:
      connectorEnv(connector.id, 'AUTHORIZE_URL') ??
      (sandbox ? `${sandbox}${auth.sandbox.authorizePath}` : (vendorSandbox?.authorizeUrl ?? auth.authorizeUrl)),
    tokenUrl:
      connectorEnv(connector.id, 'TOKEN_URL') ??
      (sandbox ? `${sandbox}${auth.sandbox.tokenPath}` : (vendorSandbox?.tokenUrl ?? auth.tokenUrl)),
  };
}

/**
 * The API base URL of a connection. Placeholders (`{instanceUrl}`, `{apiDomain}`, `{apiBaseUrl}`, `{site}`) are
 * filled from the identity captured at authorization; a missing one is a configuration error, not a guess.
 */
export function resolveApiBaseUrl(connector: ConnectorDeclaration, identity: Record<string, string> = {}): string {
  const override = connectorEnv(connector.id, 'BASE_URL');
  const sandbox = sandboxBase(connector.id);
  let template = override ?? connector.apiBaseUrl;
  if (!override && sandbox && !connector.apiBaseUrl.startsWith('{')) template = `${sandbox}${connector.sandboxApiPath}`;
  if (!override && !sandbox && identity.env === 'sandbox' && connector.auth.kind === 'oauth2' && connector.auth.vendorSandbox?.apiBaseUrl) {
    template = connector.auth.vendorSandbox.apiBaseUrl;
  }
  return template
    .replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = identity[name];
      if (!value)
        throw new AppError('CONNECTOR::BAD_CONFIGURATION', `${connector.name}: the connection has no ${name} to build its API address`);
      return value;
    })
    .replace(/\/+$/, '');
}

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  source: 'organization' | 'environment' | 'sandbox';
}

const secretContext = (organizationId: string, connectorId: string) => `connector_apps:${organizationId}:${connectorId}`;

/** The OAuth client of a connector for an organization: its own app, then the environment, then the sandbox. */
export function resolveClientCredentials(options: { organizationId: string; connectorId: ConnectorId }): ClientCredentials {
  const { db, keyring, env } = getRuntime();
  // In sandbox mode a connector whose OAuth URLs are not overridden talks to its fake, which knows only the
  // sandbox client: an organization's real app would be refused there.
  if (usesSandboxFake(options.connectorId)) return { ...sandboxClientCredentials(options.connectorId), source: 'sandbox' };
  const row = db
    .select()
    .from(connectorApps)
    .where(and(eq(connectorApps.organizationId, options.organizationId), eq(connectorApps.connectorId, options.connectorId)))
    .get();
  if (row) {
    const clientSecret = keyring.decrypt(
      'connector-client-secret',
      row.clientSecretCiphertext,
      secretContext(row.organizationId, row.connectorId),
    );
    return { clientId: row.clientId, clientSecret, source: 'organization' };
  }
  const clientId = connectorEnv(options.connectorId, 'CLIENT_ID');
  const clientSecret = connectorEnv(options.connectorId, 'CLIENT_SECRET');
  if (clientId && clientSecret) return { clientId, clientSecret, source: 'environment' };
  if (env.SANDBOX) return { ...sandboxClientCredentials(options.connectorId), source: 'sandbox' };
  const name = getConnector(options.connectorId).name;
  const missing = [clientId ? null : 'client id', clientSecret ? null : 'client secret'].filter(Boolean).join(' and ');
  const prefix = `CONNECTOR_${options.connectorId.toUpperCase()}`;
  throw new AppError(
    'CONNECTOR::BAD_CONFIGURATION',
    `${name} has no OAuth ${missing}: set them on the dashboard's Connector apps page or in ${prefix}_CLIENT_ID / ${prefix}_CLIENT_SECRET`,
  );
}

export interface ConnectorAppView {
  connectorId: ConnectorId;
  name: string;
  category: string;
  logo: string;
  authKind: 'oauth2' | 'apiKey';
  configured: 'organization' | 'environment' | 'sandbox' | 'missing' | 'not-needed';
  clientId: string | null;
  updatedAt: string | null;
  callbackUrl: string;
  /** Sandbox mode: the fake's client is used whatever is configured here. */
  sandboxOverride: boolean;
}

export function listConnectorApps(options: { organizationId: string; catalogue: readonly ConnectorDeclaration[] }): ConnectorAppView[] {
  const { db, env } = getRuntime();
  const rows = db.select().from(connectorApps).where(eq(connectorApps.organizationId, options.organizationId)).all();
  return options.catalogue.map((connector) => {
    const row = rows.find((candidate) => candidate.connectorId === connector.id);
    let configured: ConnectorAppView['configured'] = 'not-needed';
    let clientId: string | null = row?.clientId ?? null;
    if (connector.auth.kind === 'oauth2') {
      if (row) configured = 'organization';
      else if (connectorEnv(connector.id, 'CLIENT_ID') && connectorEnv(connector.id, 'CLIENT_SECRET')) {
        configured = 'environment';
        clientId = connectorEnv(connector.id, 'CLIENT_ID') ?? null;
      } else configured = env.SANDBOX ? 'sandbox' : 'missing';
    }
    return {
      connectorId: connector.id,
      name: connector.name,
      category: connector.category,
      logo: connector.logo,
      authKind: connector.auth.kind,
      configured,
      clientId,
      updatedAt: row?.updatedAt ?? null,
      callbackUrl: `${env.baseUrl}/v1/oauth/callback`,
      sandboxOverride: connector.auth.kind === 'oauth2' && usesSandboxFake(connector.id),
    };
  });
}

/** Sets an organization's own OAuth client for a connector; the secret is stored encrypted and never shown again. */
export function setConnectorApp(options: {
  organizationId: string;
  connectorId: ConnectorId;
  clientId: string;
  clientSecret: string;
}): void {
  const { db, keyring } = getRuntime();
  const connector = getConnector(options.connectorId);
  if (connector.auth.kind !== 'oauth2') {
    throw new AppError(
      'SERVICE::CONNECTION::AUTH_TYPE_NOT_SUPPORTED',
      `connectorId: ${connector.name} uses an API key per connection, not an OAuth app`,
    );
  }
  const values = {
    organizationId: options.organizationId,
    connectorId: options.connectorId,
    clientId: options.clientId,
    clientSecretCiphertext: keyring.encrypt(
      'connector-client-secret',
      options.clientSecret,
      secretContext(options.organizationId, options.connectorId),
    ),
    updatedAt: nowIso(),
  };
  db.insert(connectorApps)
    .values(values)
    .onConflictDoUpdate({ target: [connectorApps.organizationId, connectorApps.connectorId], set: values })
    .run();
}

export function clearConnectorApp(options: { organizationId: string; connectorId: ConnectorId }): void {
  const { db } = getRuntime();
  db.delete(connectorApps)
    .where(and(eq(connectorApps.organizationId, options.organizationId), eq(connectorApps.connectorId, options.connectorId)))
    .run();
}
