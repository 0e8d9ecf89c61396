'use client';

import type { RouterOutputs } from '../trpc';
import { Badge, buttonClass, DateTime } from '../ui';

export type ApiKey = RouterOutputs['apiKeys']['list'][number];
export type KeyAction = { kind: 'rotate' | 'revoke'; key: ApiKey };
export type OnKeyAction = (action: KeyAction) => void;

/** Enough of the key to recognise it; the full value is in the tooltip (it is not secret). */
export function PublicKey({ value }: { value: string }) {
  const short = value.length > 24 ? `${value.slice(0, 14)}…${value.slice(-4)}` : value;
  return (
    <code className="font-mono text-xs whitespace-nowrap" title={value}>
      {short}
    </code>
  );
}

export function KeyStatus({ apiKey }: { apiKey: ApiKey }) {
  if (apiKey.status === 'active') return <Badge tone="green">Active</Badge>;
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <Badge tone="slate">Revoked</Badge>
      <span className="text-xs">
        <DateTime value={apiKey.revokedAt} />
      </span>
    </span>
  );
}

/** Rotate and Revoke; a revoked key has no actions left. */
export function KeyActions({ apiKey, onAction }: { apiKey: ApiKey; onAction: OnKeyAction }) {
  if (apiKey.status !== 'active') return null;
  return (
    <span className="inline-flex gap-2">
      <button type="button" className={buttonClass('secondary')} onClick={() => onAction({ kind: 'rotate', key: apiKey })}>
        Rotate
      </button>
      <button type="button" className={buttonClass('dangerOutline')} onClick={() => onAction({ kind: 'revoke', key: apiKey })}>
        Revoke
      </button>
    </span>
  );
}
