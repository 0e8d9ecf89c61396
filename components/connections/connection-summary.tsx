import type { ReactNode } from 'react';
import { RelativeDateTime } from '../relative-time';
import type { RouterOutputs } from '../trpc';
import { DateTime } from '../ui';
import { Chips, ConnectionStatusBadge } from './badges';

type Connection = RouterOutputs['connections']['detail']['connection'];

const STATUS_HINT: Record<Connection['status'], string> = {
  authorized: 'Credentials are stored; calls go through.',
  unauthorized: 'No usable credentials yet: the application has to start an authorization.',
  expired: 'The vendor refused the credentials or their refresh: the owner has to authorize again.',
};

const IDENTITY_LABEL: Record<string, string> = {
  accountEmail: 'Account e-mail',
  accountName: 'Account name',
  apiDomain: 'API domain',
  apiBaseUrl: 'API base URL',
  instanceUrl: 'Instance URL',
  env: 'Environment',
};

/** `portalId` → "Portal id", unless it has a better name above. */
function identityLabel(key: string): string {
  return IDENTITY_LABEL[key] ?? key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/^./, (first) => first.toUpperCase());
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}

export function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** The access token's expiry, relative and absolute. The token itself never reaches the dashboard. */
function TokenExpiry({ connection, now }: { connection: Connection; now: number }) {
  if (!connection.hasCredentials) return <span className="text-slate-500">No credentials stored</span>;
  const expiresAt = connection.accessTokenExpiresAt;
  if (!expiresAt) return <span>No expiry (an API key, or the vendor gave none)</span>;
  return (
    <span>
      {Date.parse(expiresAt) > now ? 'Expires' : 'Expired'} <RelativeDateTime value={expiresAt} now={now} />
    </span>
  );
}

export function ConnectionSummary({ connection, now }: { connection: Connection; now: number }) {
  const identity = Object.entries(connection.identity);
  return (
    <div className="space-y-6">
      <section aria-label="Summary">
        <dl className="grid gap-5 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2 lg:grid-cols-3">
          <Field label="Status">
            <ConnectionStatusBadge status={connection.status} />
            <span className="mt-1 block text-slate-600">{STATUS_HINT[connection.status]}</span>
          </Field>
          <Field label="Access token">
            <TokenExpiry connection={connection} now={now} />
            {connection.hasCredentials ? <span className="mt-1 block text-slate-600">Stored encrypted; never shown.</span> : null}
          </Field>
          <Field label="Authorized at">
            <DateTime value={connection.authorizedAt} fallback="Never" />
          </Field>
          <Field label="Owner id">
            <code className="font-mono text-xs">{connection.ownerId}</code>
          </Field>
          <Field label="Created">
            <DateTime value={connection.createdAt} />
          </Field>
          <Field label="Updated">
            <DateTime value={connection.updatedAt} />
          </Field>
        </dl>
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title="Vendor identity" id="identity-heading">
          {identity.length > 0 ? (
            <dl className="grid gap-4 sm:grid-cols-2">
              {identity.map(([key, value]) => (
                <Field key={key} label={identityLabel(key)}>
                  <span title={key}>{value}</span>
                </Field>
              ))}
            </dl>
          ) : (
            <p className="text-sm text-slate-500">Captured from the vendor when the connection is authorized.</p>
          )}
        </Panel>
        <div className="space-y-6">
          <Panel title={`Operations (${connection.operations.length})`} id="operations-heading">
            <Chips items={connection.operations} empty="No operations." />
          </Panel>
          <Panel title="Granted scopes" id="scopes-heading">
            <Chips items={connection.grantedScopes} empty="None yet: scopes are granted at authorization." />
          </Panel>
        </div>
      </div>
    </div>
  );
}
