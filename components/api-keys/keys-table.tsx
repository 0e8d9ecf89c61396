'use client';

import { DateTime, TABLE_WRAPPER_CLASS } from '../ui';
import { KeyActions, KeyStatus, PublicKey, type ApiKey, type OnKeyAction } from './key-parts';

const HEAD = 'px-4 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase';
const CELL = 'px-4 py-3 align-middle';

/** A table from the sm breakpoint up, a list of cards on a phone (six columns do not fit 390 px). */
export function KeysTable({ keys, onAction }: { keys: ApiKey[]; onAction: OnKeyAction }) {
  return (
    <>
      <div className={`${TABLE_WRAPPER_CLASS} max-sm:hidden`}>
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">API keys of this organization</caption>
          <thead className="bg-slate-50">
            <tr>
              {['Label', 'Public key', 'Status', 'Created', 'Last used'].map((column) => (
                <th key={column} scope="col" className={HEAD}>
                  {column}
                </th>
              ))}
              <th scope="col" className={HEAD}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {keys.map((key) => (
              <tr key={key.id} className={key.status === 'revoked' ? 'bg-slate-50/60 text-slate-500' : undefined}>
                <th scope="row" className={`${CELL} text-left font-medium text-slate-900`}>
                  {key.label}
                </th>
                <td className={CELL}>
                  <PublicKey value={key.publicKey} />
                </td>
                <td className={CELL}>
                  <KeyStatus apiKey={key} />
                </td>
                <td className={CELL}>
                  <DateTime value={key.createdAt} />
                </td>
                <td className={CELL}>
                  <DateTime value={key.lastUsedAt} fallback="Never" />
                </td>
                <td className={`${CELL} text-right`}>
                  <KeyActions apiKey={key} onAction={onAction} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label="API keys of this organization" className="space-y-3 sm:hidden">
        {keys.map((key) => (
          <li key={key.id} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
            <div className="flex items-start justify-between gap-3">
              <p className="font-medium text-slate-900">{key.label}</p>
              <KeyStatus apiKey={key} />
            </div>
            <div className="mt-1">
              <PublicKey value={key.publicKey} />
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-2 text-xs">
              <div>
                <dt className="text-slate-500">Created</dt>
                <dd className="mt-0.5">
                  <DateTime value={key.createdAt} />
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">Last used</dt>
                <dd className="mt-0.5">
                  <DateTime value={key.lastUsedAt} fallback="Never" />
                </dd>
              </div>
            </dl>
            {key.status === 'active' ? (
              <div className="mt-3">
                <KeyActions apiKey={key} onAction={onAction} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
