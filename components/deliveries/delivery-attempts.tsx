'use client';

import { trpc } from '../trpc';
import { DateTime, ErrorNotice } from '../ui';
import { Outcome } from './delivery-parts';

/** The attempts of one delivery, oldest first, loaded when its row is opened. */
export function DeliveryAttempts({ deliveryId }: { deliveryId: string }) {
  const attempts = trpc.deliveries.attempts.useQuery({ deliveryId });
  if (attempts.error) return <ErrorNotice error={attempts.error} />;
  if (!attempts.data) return <p className="text-sm text-slate-600">Loading attempts…</p>;
  if (attempts.data.length === 0) return <p className="text-sm text-slate-600">No attempt yet: the delivery is waiting for a worker.</p>;
  return (
    <ol aria-label="Attempts" className="space-y-2">
      {attempts.data.map((attempt) => (
        <li key={attempt.attempt} className="rounded-md border border-slate-200 bg-white p-3 text-sm">
          <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
            <span className="font-medium text-slate-900">Attempt {attempt.attempt}</span>
            <Outcome statusCode={attempt.statusCode} error={attempt.error} />
            <span className="text-xs text-slate-600">{attempt.durationMs} ms</span>
            <span className="text-xs text-slate-600">
              <DateTime value={attempt.startedAt} compact />
            </span>
            <span className="text-xs text-slate-500">
              worker <code className="font-mono">{attempt.workerId}</code>
            </span>
          </div>
          {attempt.responseExcerpt ? (
            <pre className="mt-2 max-h-40 overflow-auto rounded bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap text-slate-800">
              {attempt.responseExcerpt}
            </pre>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
