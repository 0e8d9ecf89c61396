import Link from 'next/link';
import type { ReactNode } from 'react';
import type { RouterOutputs } from '../trpc';
import { DateTime, ErrorCode, TABLE_WRAPPER_CLASS } from '../ui';
import { AttemptStatusBadge, ConnectorLabel, modeLabel, viaLabel } from './badges';
import type { ConnectorInfo } from './connectors';
import { connectionHref } from './paths';

export type Attempt = RouterOutputs['authorizations']['list']['items'][number];

const HEAD = 'px-3 py-2.5 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase';
const CELL = 'px-3 py-2.5 align-top';

function ErrorCell({ attempt }: { attempt: Attempt }) {
  if (!attempt.errorCode) return <span className="text-slate-400">—</span>;
  return (
    <>
      <ErrorCode code={attempt.errorCode} className="text-red-800" />
      {attempt.errorMessage ? <span className="mt-0.5 block text-slate-700">{attempt.errorMessage}</span> : null}
    </>
  );
}

function ModeCell({ attempt }: { attempt: Attempt }) {
  return (
    <>
      <span className="block whitespace-nowrap">{modeLabel(attempt.mode)}</span>
      <span className="block text-xs whitespace-nowrap text-slate-500">via {viaLabel(attempt.via)}</span>
    </>
  );
}

function OwnerLink({ attempt }: { attempt: Attempt }) {
  return (
    <Link
      href={connectionHref(attempt.connectorId, attempt.ownerId)}
      className="font-medium break-all text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {attempt.ownerId}
    </Link>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-500">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

interface AttemptsTableProps {
  attempts: Attempt[];
  caption: string;
  /** On the Authorizations page: the connector and owner columns (the detail page knows them already). */
  connectors?: Map<string, ConnectorInfo>;
}

/** Authorization attempts, newest first: a table from the sm breakpoint up, cards on a phone. */
export function AttemptsTable({ attempts, caption, connectors }: AttemptsTableProps) {
  const columns = connectors
    ? ['Started', 'Connection', 'Status', 'Mode', 'Error', 'Completed']
    : ['Started', 'Status', 'Mode', 'Error', 'Completed'];
  return (
    <>
      <div className={`${TABLE_WRAPPER_CLASS} max-sm:hidden`}>
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50">
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" className={HEAD}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {attempts.map((attempt) => (
              <tr key={attempt.id}>
                <td className={CELL}>
                  <DateTime value={attempt.createdAt} compact />
                </td>
                {connectors ? (
                  <td className={`${CELL} min-w-40`}>
                    <ConnectorLabel connectorId={attempt.connectorId} connector={connectors.get(attempt.connectorId)} />
                    <span className="mt-1 block">
                      <OwnerLink attempt={attempt} />
                    </span>
                  </td>
                ) : null}
                <td className={CELL}>
                  <AttemptStatusBadge status={attempt.status} />
                </td>
                <td className={CELL}>
                  <ModeCell attempt={attempt} />
                </td>
                <td className={`${CELL} min-w-52`}>
                  <ErrorCell attempt={attempt} />
                </td>
                <td className={CELL}>
                  <DateTime value={attempt.completedAt} compact />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={caption} className="space-y-3 sm:hidden">
        {attempts.map((attempt) => (
          <li key={attempt.id} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
            <div className="flex items-start justify-between gap-3">
              {connectors ? (
                <ConnectorLabel connectorId={attempt.connectorId} connector={connectors.get(attempt.connectorId)} />
              ) : (
                <DateTime value={attempt.createdAt} compact />
              )}
              <AttemptStatusBadge status={attempt.status} />
            </div>
            {connectors ? (
              <div className="mt-2">
                <OwnerLink attempt={attempt} />
              </div>
            ) : null}
            <dl className="mt-3 grid grid-cols-2 gap-2 text-xs">
              {connectors ? (
                <Item label="Started">
                  <DateTime value={attempt.createdAt} compact />
                </Item>
              ) : null}
              <Item label="Completed">
                <DateTime value={attempt.completedAt} compact />
              </Item>
              <Item label="Mode">
                <ModeCell attempt={attempt} />
              </Item>
              {attempt.errorCode ? (
                <div className="col-span-2">
                  <Item label="Error">
                    <ErrorCell attempt={attempt} />
                  </Item>
                </div>
              ) : null}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
