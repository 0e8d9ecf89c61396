'use client';

import { useState } from 'react';
import { trpc, type RouterOutputs } from '../trpc';
import { Badge, buttonClass, DateTime, ErrorNotice } from '../ui';
import { useHydrated } from '../use-hydrated';
import { summarizeEvents } from './event-filter-picker';

export type Endpoint = RouterOutputs['webhookEndpoints']['list'][number];
export type EndpointAction = { kind: 'rotate' | 'delete'; endpoint: Endpoint };

function PingResult({ result }: { result: RouterOutputs['webhookEndpoints']['testPing'] }) {
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  return (
    <div className={`rounded-md border p-3 text-sm ${ok ? 'border-emerald-200 bg-emerald-50' : 'border-red-200 bg-red-50'}`}>
      <p className={`font-medium ${ok ? 'text-emerald-900' : 'text-red-900'}`}>
        {result.statusCode !== null ? `HTTP ${result.statusCode}` : 'No answer'} in {result.durationMs} ms
        {ok ? ': the endpoint accepted the ping.' : result.error ? `: ${result.error}` : ': the endpoint refused the ping.'}
      </p>
      {result.responseExcerpt ? (
        <pre className="mt-2 max-h-32 overflow-auto rounded bg-white/70 p-2 font-mono text-xs whitespace-pre-wrap text-slate-800">
          {result.responseExcerpt}
        </pre>
      ) : null}
    </div>
  );
}

/** One endpoint: its filter, on/off switch, rotation state, a test ping and the rotate/delete actions. */
export function EndpointCard({ endpoint, onAction }: { endpoint: Endpoint; onAction: (action: EndpointAction) => void }) {
  const isHydrated = useHydrated();
  const utils = trpc.useUtils();
  // The switch follows the click at once (set in the same event, as a controlled input needs), then the server's answer.
  const [requested, setRequested] = useState<boolean | null>(null);
  const update = trpc.webhookEndpoints.update.useMutation({
    onSuccess: (updated) =>
      utils.webhookEndpoints.list.setData(undefined, (list) => list?.map((item) => (item.id === updated.id ? updated : item))),
    onError: () => setRequested(null),
  });
  const ping = trpc.webhookEndpoints.testPing.useMutation();
  // Once the list shows what was asked for, the list is the truth again.
  if (requested !== null && !update.isPending && endpoint.enabled === requested) setRequested(null);
  const enabled = requested ?? endpoint.enabled;

  function toggle(next: boolean) {
    setRequested(next);
    update.mutate({ id: endpoint.id, enabled: next });
  }

  return (
    <li aria-label={endpoint.url} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <p className="font-mono text-sm font-medium break-all text-slate-900">{endpoint.url}</p>
          <p className="text-slate-600">{summarizeEvents(endpoint.events)}</p>
          <p className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
            {enabled ? <Badge tone="green">Enabled</Badge> : <Badge tone="slate">Disabled</Badge>}
            {endpoint.rotating ? <Badge tone="amber">Rotating secret</Badge> : null}
            <span>
              Added <DateTime value={endpoint.createdAt} />
            </span>
          </p>
        </div>
        <label className="inline-flex shrink-0 items-center gap-2 text-sm font-medium text-slate-700">
          <input
            type="checkbox"
            role="switch"
            checked={enabled}
            disabled={!isHydrated || update.isPending}
            onChange={(event) => toggle(event.target.checked)}
            className="size-4 rounded border-slate-300"
          />
          Deliver events
        </label>
      </div>
      {endpoint.rotating ? (
        <p className="text-xs text-amber-800">
          The previous secret still signs deliveries, next to the new one, until 24 hours after the rotation.
        </p>
      ) : null}
      <ErrorNotice error={update.error ?? ping.error} />
      {ping.data ? (
        <div role="status">
          <PingResult result={ping.data} />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={!isHydrated || ping.isPending}
          onClick={() => ping.mutate({ id: endpoint.id })}
        >
          {ping.isPending ? 'Sending…' : 'Send test ping'}
        </button>
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={!isHydrated}
          onClick={() => onAction({ kind: 'rotate', endpoint })}
        >
          Rotate secret
        </button>
        <button
          type="button"
          className={buttonClass('dangerOutline')}
          disabled={!isHydrated}
          onClick={() => onAction({ kind: 'delete', endpoint })}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
