'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import type { RouterOutputs } from '../trpc';
import { DateTime, TABLE_WRAPPER_CLASS } from '../ui';
import { ConnectionStatusBadge, ConnectorLabel } from './badges';
import type { ConnectorInfo } from './connectors';
import { connectionHref } from './paths';

export type ConnectionRow = RouterOutputs['connections']['list']['data'][number];

const HEAD = 'px-4 py-2.5 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase';
const CELL = 'px-4 py-3 align-middle';
const LINK = 'font-medium break-all text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600';

function OperationCount({ operations }: { operations: string[] }) {
  return (
    <span title={operations.join('\n') || undefined} className="tabular-nums">
      {operations.length} {operations.length === 1 ? 'operation' : 'operations'}
    </span>
  );
}

interface ConnectionsTableProps {
  connections: ConnectionRow[];
  connectors: Map<string, ConnectorInfo>;
}

/** A table from the sm breakpoint up, cards on a phone. The owner id links to the detail; so does a click on the row. */
export function ConnectionsTable({ connections, connectors }: ConnectionsTableProps) {
  const router = useRouter();
  return (
    <>
      <div className={`${TABLE_WRAPPER_CLASS} max-sm:hidden`}>
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Connections, newest first. The owner id opens the connection.</caption>
          <thead className="bg-slate-50">
            <tr>
              {['Connector', 'Owner', 'Status', 'Operations', 'Created', 'Updated'].map((column) => (
                <th key={column} scope="col" className={HEAD}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {connections.map((connection) => {
              const href = connectionHref(connection.connectorId, connection.ownerId);
              return (
                <tr
                  key={`${connection.connectorId}/${connection.ownerId}`}
                  className="cursor-pointer hover:bg-slate-50"
                  onClick={(event) => {
                    // A click on the link is the link's; selecting text is not a navigation.
                    if ((event.target as HTMLElement).closest('a') || window.getSelection()?.toString()) return;
                    router.push(href);
                  }}
                >
                  <td className={CELL}>
                    <ConnectorLabel connectorId={connection.connectorId} connector={connectors.get(connection.connectorId)} />
                  </td>
                  <td className={`${CELL} max-w-xs`}>
                    <Link href={href} className={LINK}>
                      {connection.ownerId}
                    </Link>
                  </td>
                  <td className={CELL}>
                    <ConnectionStatusBadge status={connection.status} />
                  </td>
                  <td className={`${CELL} whitespace-nowrap`}>
                    <OperationCount operations={connection.operations} />
                  </td>
                  <td className={CELL}>
                    <DateTime value={connection.createdAt} compact />
                  </td>
                  <td className={CELL}>
                    <DateTime value={connection.updatedAt} compact />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ul aria-label="Connections, newest first" className="space-y-3 sm:hidden">
        {connections.map((connection) => (
          // The owner link covers the whole card (its ::after), so the card is one large tap target.
          <li
            key={`${connection.connectorId}/${connection.ownerId}`}
            className="relative rounded-lg border border-slate-200 bg-white p-4 text-sm hover:bg-slate-50"
          >
            <div className="flex items-start justify-between gap-3">
              <ConnectorLabel connectorId={connection.connectorId} connector={connectors.get(connection.connectorId)} />
              <ConnectionStatusBadge status={connection.status} />
            </div>
            <Link
              href={connectionHref(connection.connectorId, connection.ownerId)}
              className={`mt-2 block ${LINK} after:absolute after:inset-0 after:rounded-lg`}
            >
              {connection.ownerId}
            </Link>
            <dl className="mt-3 grid grid-cols-2 gap-2 text-xs">
              <div>
                <dt className="text-slate-500">Created</dt>
                <dd className="mt-0.5">
                  <DateTime value={connection.createdAt} compact />
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">Operations</dt>
                <dd className="mt-0.5">
                  <OperationCount operations={connection.operations} />
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
