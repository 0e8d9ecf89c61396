'use client';

import type { RouterOutputs } from '../trpc';
import { Badge, buttonClass, DateTime, TABLE_WRAPPER_CLASS } from '../ui';

export type ApiKey = RouterOutputs['apiKeys']['list'][number];
export type KeyAction = { kind: 'rotate' | 'revoke'; key: ApiKey };

const HEAD = 'px-4 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase';
const CELL = 'px-4 py-3 align-middle';

/** Enough of the key to recognise it; the full value is in the tooltip (it is not secret). */
function abbreviate(publicKey: string): string {
  return publicKey.length > 24 ? `${publicKey.slice(0, 14)}…${publicKey.slice(-4)}` : publicKey;
}

export function KeysTable({ keys, onAction }: { keys: ApiKey[]; onAction: (action: KeyAction) => void }) {
  return (
    <div className={TABLE_WRAPPER_CLASS}>
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">API keys of this organization</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={HEAD}>
              Label
            </th>
            <th scope="col" className={HEAD}>
              Public key
            </th>
            <th scope="col" className={HEAD}>
              Status
            </th>
            <th scope="col" className={HEAD}>
              Created
            </th>
            <th scope="col" className={HEAD}>
              Last used
            </th>
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
                <code className="font-mono text-xs whitespace-nowrap" title={key.publicKey}>
                  {abbreviate(key.publicKey)}
                </code>
              </td>
              <td className={CELL}>
                {key.status === 'active' ? (
                  <Badge tone="green">Active</Badge>
                ) : (
                  <span className="flex flex-col items-start gap-0.5">
                    <Badge tone="slate">Revoked</Badge>
                    <span className="text-xs">
                      <DateTime value={key.revokedAt} />
                    </span>
                  </span>
                )}
              </td>
              <td className={CELL}>
                <DateTime value={key.createdAt} />
              </td>
              <td className={CELL}>
                <DateTime value={key.lastUsedAt} fallback="Never" />
              </td>
              <td className={`${CELL} text-right`}>
                {key.status === 'active' ? (
                  <span className="inline-flex gap-2">
                    <button type="button" className={buttonClass('secondary')} onClick={() => onAction({ kind: 'rotate', key })}>
                      Rotate
                    </button>
                    <button type="button" className={buttonClass('dangerOutline')} onClick={() => onAction({ kind: 'revoke', key })}>
                      Revoke
                    </button>
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
