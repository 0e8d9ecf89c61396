import { Fragment, type ReactNode } from 'react';

const BUTTON_BASE =
  'inline-flex items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60';

const BUTTON_VARIANTS = {
  primary: 'bg-indigo-600 text-white hover:bg-indigo-500',
  secondary: 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
  danger: 'bg-red-600 text-white hover:bg-red-500',
  dangerOutline: 'border border-red-300 bg-white text-red-700 hover:bg-red-50',
} as const;

export function buttonClass(variant: keyof typeof BUTTON_VARIANTS = 'secondary'): string {
  return `${BUTTON_BASE} ${BUTTON_VARIANTS[variant]}`;
}

export const INPUT_CLASS =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none';

// `relative` keeps sr-only (absolutely positioned) captions inside the scroll box; without it they escape and
// widen the whole page on a phone.
export const TABLE_WRAPPER_CLASS = 'relative overflow-x-auto rounded-lg border border-slate-200 bg-white';

export const LABEL_CLASS = 'block text-sm font-medium text-slate-700';

const FULL = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
// Log tables: the year is left out to keep the column narrow; the tooltip has the full UTC instant.
const COMPACT = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

/** A timestamp in the operator's locale and time zone; the exact UTC instant is in the tooltip. */
export function DateTime({ value, fallback = '—', compact = false }: { value: string | null; fallback?: string; compact?: boolean }) {
  if (!value) return <span className="text-slate-400">{fallback}</span>;
  return (
    <time dateTime={value} title={value} className="whitespace-nowrap">
      {(compact ? COMPACT : FULL).format(new Date(value))}
    </time>
  );
}

export function Badge({ tone, children }: { tone: 'green' | 'amber' | 'red' | 'slate' | 'blue'; children: ReactNode }) {
  const tones = {
    green: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
    amber: 'bg-amber-50 text-amber-800 ring-amber-600/20',
    red: 'bg-red-50 text-red-700 ring-red-600/20',
    slate: 'bg-slate-100 text-slate-600 ring-slate-500/20',
    blue: 'bg-sky-50 text-sky-700 ring-sky-600/20',
  };
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tones[tone]}`}>
      {children}
    </span>
  );
}

/** An error code such as `SERVICE::CONNECTION::NOT_FOUND`, allowed to wrap only after its `::` separators. */
export function ErrorCode({ code, className = '' }: { code: string; className?: string }) {
  const parts = code.split('::');
  return (
    <code className={`font-mono text-xs ${className}`}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? '::' : null}
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </code>
  );
}

/** A failed query or mutation; a lost session gets a way back to the login page. */
export function ErrorNotice({ error }: { error: { message: string; data?: { code?: string } | null } | null }) {
  if (!error) return null;
  const isSignedOut = error.data?.code === 'UNAUTHORIZED';
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {isSignedOut ? (
        <>
          Your session has ended.{' '}
          <a className="font-medium underline" href={`/login?callbackUrl=${encodeURIComponent(window.location.pathname)}`}>
            Sign in again
          </a>
        </>
      ) : (
        error.message
      )}
    </div>
  );
}
