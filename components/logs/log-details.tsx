import type { ReactNode } from 'react';
import type { RouterOutputs } from '../trpc';

export type LogEntry = RouterOutputs['logs']['requests']['items'][number];

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}

function Json({ value }: { value: unknown }) {
  return (
    <pre className="mt-0.5 max-h-64 overflow-auto rounded bg-slate-900 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap wrap-anywhere text-slate-100">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** Everything kept about one request. Secret headers arrive already redacted by the service. */
export function LogDetails({ entry }: { entry: LogEntry }) {
  const details = entry.details as { query?: unknown; headers?: unknown } | null;
  return (
    <div className="space-y-4">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field label="Request id">
          <code className="font-mono">{entry.requestId}</code>
        </Field>
        <Field label="Time (UTC)">
          <code className="font-mono">{entry.createdAt}</code>
        </Field>
        <Field label="Route">
          <code className="font-mono">{entry.route}</code>
        </Field>
        <Field label="Path">
          <code className="font-mono">{entry.path}</code>
        </Field>
        <Field label="Connector">{entry.connectorId ?? '—'}</Field>
        <Field label="Owner">{entry.ownerId ?? '—'}</Field>
        {entry.errorCode ? (
          <div className="sm:col-span-2 lg:col-span-3">
            <Field label="Error">
              <code className="font-mono">{entry.errorCode}</code>
              {entry.errorMessage ? <span className="mt-1 block">{entry.errorMessage}</span> : null}
            </Field>
          </div>
        ) : null}
      </dl>
      {details ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <div>
            <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Query</h3>
            <Json value={details.query ?? {}} />
          </div>
          <div>
            <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Headers (secrets redacted)</h3>
            <Json value={details.headers ?? {}} />
          </div>
        </div>
      ) : (
        <p className="text-sm text-slate-600">Query and headers are kept only for requests that failed.</p>
      )}
    </div>
  );
}
