'use client';

import Link from 'next/link';
import { PageHeader } from '../page-header';
import { useNow } from '../relative-time';
import { trpc } from '../trpc';
import { buttonClass, ErrorNotice } from '../ui';
import { AttemptsTable } from './attempts-table';
import { ConnectorLabel } from './badges';
import { ConnectionSummary, Panel } from './connection-summary';
import { useConnectors } from './connectors';
import { DeleteConnection } from './delete-connection';
import { SessionsTable } from './sessions-table';

/** Everything the dashboard may know about one connection: never a token, only when it expires. */
export function ConnectionDetail({ connectorId, ownerId }: { connectorId: string; ownerId: string }) {
  const connectors = useConnectors();
  const connector = connectors.byId.get(connectorId);
  const name = connector?.name ?? connectorId;
  const detail = trpc.connections.detail.useQuery({ connectorId, ownerId });
  const now = useNow();
  const data = detail.error ? undefined : detail.data;
  const activeSessions = data?.sessions.filter((session) => !session.revokedAt && Date.parse(session.expiresAt) > now).length ?? 0;

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-3 text-sm">
        <Link
          href="/connections"
          className="font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <span aria-hidden="true">← </span>Connections
        </Link>
      </nav>
      <PageHeader
        title={`${name} connection`}
        description={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <ConnectorLabel connectorId={connectorId} connector={connector} />
            <span>
              Owner <code className="font-mono text-xs break-all text-slate-800">{ownerId}</code>
            </span>
          </span>
        }
        actions={
          data ? (
            <>
              <button type="button" className={buttonClass('secondary')} onClick={() => void detail.refetch()} disabled={detail.isFetching}>
                Refresh
              </button>
              <DeleteConnection connectorId={connectorId} ownerId={ownerId} connectorName={name} activeSessions={activeSessions} />
            </>
          ) : null
        }
      />
      <div aria-live="polite" className="sr-only">
        {detail.isPending ? 'Loading the connection…' : data ? 'Connection loaded' : ''}
      </div>
      {detail.isPending ? <p className="text-sm text-slate-600">Loading the connection…</p> : null}
      <ErrorNotice error={detail.error} />
      {data ? (
        <div className="space-y-6">
          <ConnectionSummary connection={data.connection} now={now} />
          <Panel title="Authorization history" id="history-heading">
            {data.authorizations.length > 0 ? (
              <AttemptsTable attempts={data.authorizations} caption="Authorization attempts of this connection, newest first" />
            ) : (
              <p className="text-sm text-slate-500">No authorization has been started for this connection.</p>
            )}
          </Panel>
          <Panel title="Sessions" id="sessions-heading">
            {data.sessions.length > 0 ? (
              <SessionsTable sessions={data.sessions} now={now} />
            ) : (
              <p className="text-sm text-slate-500">
                No session tokens issued. Your back end creates them with POST /v1/connections/{'{connectorId}'}/{'{ownerId}'}/sessions.
              </p>
            )}
          </Panel>
        </div>
      ) : null}
    </>
  );
}
