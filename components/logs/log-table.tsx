'use client';

import { Fragment, useState } from 'react';
import { Badge, DateTime, TABLE_WRAPPER_CLASS } from '../ui';
import { LogDetails, type LogEntry } from './log-details';

const HEAD = 'px-3 py-2.5 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase';
const CELL = 'px-3 py-2.5 align-top';

function statusTone(status: number) {
  if (status >= 500) return 'red';
  if (status >= 400) return 'amber';
  if (status >= 300) return 'blue';
  return 'green';
}

function Dim({ value }: { value: string | null }) {
  return value ? <span className="wrap-anywhere">{value}</span> : <span className="text-slate-400">—</span>;
}

/** Request-log rows, newest first; a click on a row (or Enter on its time) opens the details below it. */
export function LogTable({ entries, showErrorMessage }: { entries: LogEntry[]; showErrorMessage: boolean }) {
  const [openId, setOpenId] = useState<number | null>(null);
  const columns = showErrorMessage
    ? ['Time', 'Method', 'Path', 'Status', 'Error code', 'Message', 'Duration (ms)']
    : ['Time', 'Method', 'Path', 'Status', 'Error code', 'Connector', 'Owner', 'Duration (ms)'];

  return (
    <div className={TABLE_WRAPPER_CLASS}>
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">Requests, newest first. Select a row to see its details.</caption>
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
          {entries.map((entry) => {
            const isOpen = openId === entry.id;
            const detailsId = `log-details-${entry.id}`;
            return (
              <Fragment key={entry.id}>
                <tr
                  onClick={() => setOpenId(isOpen ? null : entry.id)}
                  className={`cursor-pointer hover:bg-slate-50 ${isOpen ? 'bg-indigo-50/60' : ''}`}
                >
                  <td className={CELL}>
                    {/* The row handles the click; the button makes it reachable and announced for keyboard users. */}
                    <button
                      type="button"
                      aria-expanded={isOpen}
                      aria-controls={isOpen ? detailsId : undefined}
                      className="rounded text-left text-slate-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                    >
                      <DateTime value={entry.createdAt} compact />
                      <span className="sr-only">: {isOpen ? 'hide' : 'show'} details</span>
                    </button>
                  </td>
                  <td className={`${CELL} font-mono text-xs font-semibold`}>{entry.method}</td>
                  <td className={CELL}>
                    <code className="font-mono text-xs whitespace-nowrap">{entry.path}</code>
                    {entry.route !== entry.path ? (
                      <div className="mt-0.5 font-mono text-xs whitespace-nowrap text-slate-500">{entry.route}</div>
                    ) : null}
                  </td>
                  <td className={CELL}>
                    <Badge tone={statusTone(entry.status)}>{entry.status}</Badge>
                  </td>
                  <td className={`${CELL} font-mono text-xs whitespace-nowrap`}>
                    <Dim value={entry.errorCode} />
                  </td>
                  {showErrorMessage ? (
                    <td className={`${CELL} min-w-48`}>
                      <Dim value={entry.errorMessage} />
                    </td>
                  ) : (
                    <>
                      <td className={CELL}>
                        <Dim value={entry.connectorId} />
                      </td>
                      <td className={CELL}>
                        <Dim value={entry.ownerId} />
                      </td>
                    </>
                  )}
                  <td className={`${CELL} text-right tabular-nums`}>{entry.durationMs}</td>
                </tr>
                {isOpen ? (
                  <tr id={detailsId} className="bg-slate-50">
                    <td colSpan={columns.length} className="px-4 py-4">
                      <LogDetails entry={entry} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
