import type { ReactNode } from 'react';

/** The honest placeholder of a section whose dashboard view is not built yet. */
export function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <div className="mx-auto mt-2 max-w-xl space-y-2 text-sm text-slate-600">{children}</div>
    </section>
  );
}

export function Code({ children }: { children: ReactNode }) {
  return <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.8125rem] text-slate-800">{children}</code>;
}
