import { Code } from '../empty-state';
import type { RouterOutputs } from '../trpc';
import { Badge, DateTime } from '../ui';

export type ConnectorApp = RouterOutputs['connectorApps']['list'][number];

const SOURCE = {
  organization: { tone: 'green', label: "Your organization's app" },
  environment: { tone: 'blue', label: 'From the environment' },
  sandbox: { tone: 'amber', label: 'Sandbox app' },
  missing: { tone: 'red', label: 'Not configured' },
  'not-needed': { tone: 'slate', label: 'API key per connection' },
} as const;

export function SourceBadge({ configured }: { configured: ConnectorApp['configured'] }) {
  const { tone, label } = SOURCE[configured];
  return <Badge tone={tone}>{label}</Badge>;
}

/** Where the OAuth client of this connector comes from, and what that means for authorizations. */
export function SourceExplanation({ app }: { app: ConnectorApp }) {
  const prefix = `CONNECTOR_${app.connectorId.toUpperCase()}`;
  const clientId = app.clientId ? <Code>{app.clientId}</Code> : null;
  switch (app.configured) {
    case 'organization':
      return (
        <p>
          Client id {clientId}, saved <DateTime value={app.updatedAt} />. The secret is stored encrypted and never shown.
        </p>
      );
    case 'environment':
      return (
        <p>
          Client id {clientId} from <Code>{prefix}_CLIENT_ID</Code> and <Code>{prefix}_CLIENT_SECRET</Code>. An app set here takes
          precedence.
        </p>
      );
    case 'sandbox':
      return <p>Sandbox mode: authorizations go to the fake {app.name} with its sandbox client. No vendor account is needed.</p>;
    case 'missing':
      return (
        <p>
          Authorizations fail with <Code>CONNECTOR::BAD_CONFIGURATION</Code> until an app is set here or in <Code>{prefix}_CLIENT_ID</Code>{' '}
          and <Code>{prefix}_CLIENT_SECRET</Code>.
        </p>
      );
    case 'not-needed':
      return (
        <p>
          {app.name} has no OAuth app: keys are given per connection. Your application sends <Code>settings.site</Code> and{' '}
          <Code>settings.apiKey</Code> when it authorizes each connection, and the key is checked and stored encrypted.
        </p>
      );
  }
}
