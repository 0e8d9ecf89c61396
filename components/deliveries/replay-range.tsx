'use client';

import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../confirm-dialog';
import { trpc } from '../trpc';
import { useHydrated } from '../use-hydrated';
import { buttonClass, INPUT_CLASS, LABEL_CLASS } from '../ui';

/** A `datetime-local` value is wall-clock time in the browser's zone; the service wants an ISO instant. */
function toIso(local: string): string | undefined {
  if (!local) return undefined;
  const time = new Date(local).getTime();
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

const FULL = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function describeRange(from: string | undefined, to: string | undefined): string {
  if (from && to) return `created from ${FULL.format(new Date(from))} to ${FULL.format(new Date(to))}`;
  if (from) return `created since ${FULL.format(new Date(from))}`;
  if (to) return `created until ${FULL.format(new Date(to))}`;
  return '';
}

/** Replays every delivery created in a time range (both ends inclusive), after a confirmation. */
export function ReplayRange({ onReplayed }: { onReplayed: () => void }) {
  const isHydrated = useHydrated();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ from?: string; to?: string } | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const replay = trpc.deliveries.replay.useMutation({
    onSuccess: ({ replayed }, variables) => {
      setConfirming(null);
      setResult(
        `${replayed} ${replayed === 1 ? 'delivery' : 'deliveries'} ${describeRange(variables.from, variables.to)} replayed: ${
          replayed === 1 ? 'it is' : 'they are'
        } due again now.`,
      );
      onReplayed();
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(null);
    const start = toIso(from);
    const end = toIso(to);
    if (!start && !end) return setProblem('Choose a start, an end, or both.');
    if (start && end && start > end) return setProblem('The start must be before the end.');
    const range = { ...(start ? { from: start } : {}), ...(end ? { to: end } : {}) };
    setProblem(null);
    replay.reset();
    setConfirming(range);
  }

  return (
    <>
      <form onSubmit={submit} aria-labelledby="replay-range-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="replay-range-heading" className="text-base font-semibold text-slate-900">
          Replay a time range
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Every delivery created in the range, whatever its status, is sent again with its original event id, for example after your
          endpoint was down. Times are in your browser&apos;s time zone.
        </p>
        <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <div>
            <label htmlFor="replay-from" className={LABEL_CLASS}>
              From
            </label>
            <input
              id="replay-from"
              type="datetime-local"
              step={1}
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              className={`mt-1 ${INPUT_CLASS}`}
            />
          </div>
          <div>
            <label htmlFor="replay-to" className={LABEL_CLASS}>
              To
            </label>
            <input
              id="replay-to"
              type="datetime-local"
              step={1}
              value={to}
              onChange={(event) => setTo(event.target.value)}
              className={`mt-1 ${INPUT_CLASS}`}
            />
          </div>
          <button type="submit" className={buttonClass('secondary')} disabled={!isHydrated}>
            Replay range…
          </button>
        </div>
        {problem ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-700">
            {problem}
          </p>
        ) : null}
        <p role="status" className="mt-2 text-sm text-emerald-800 empty:hidden">
          {result}
        </p>
      </form>
      <ConfirmDialog
        isOpen={confirming !== null}
        title="Replay these deliveries?"
        confirmLabel="Replay deliveries"
        isPending={replay.isPending}
        error={replay.error?.message ?? null}
        onConfirm={() => confirming && replay.mutate(confirming)}
        onCancel={() => setConfirming(null)}
      >
        <p>
          Every delivery {describeRange(confirming?.from, confirming?.to)} is sent again to its endpoint, including those that succeeded.
        </p>
        <p>Receivers see the same event ids again; they should treat them as duplicates if they already handled them.</p>
      </ConfirmDialog>
    </>
  );
}
