import type { ReactNode } from 'react';
import { CopyButton } from '../copy-button';
import { Code } from '../empty-state';

function HookUrl({ label, url, children }: { label: string; url: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-slate-900">{label}</dt>
      <dd className="mt-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <code className="rounded bg-slate-100 px-2 py-1 font-mono text-xs break-all text-slate-900">{url}</code>
          <CopyButton value={url} label="Copy" context={label} />
        </div>
        <p className="text-slate-600">{children}</p>
      </dd>
    </div>
  );
}

/** The addresses an operator enters once in the HubSpot app's settings (global, not per connection). */
export function GlobalHooks({ baseUrl, organizationId }: { baseUrl: string; organizationId: string }) {
  const base = `${baseUrl}/v1/hook/${organizationId}/prod/hubspot/global`;
  return (
    <section aria-labelledby="global-hooks-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="global-hooks-heading" className="text-base font-semibold text-slate-900">
        Global hook addresses (HubSpot)
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        HubSpot sends events to one address per app, not per connection. Enter these in your HubSpot app&apos;s settings; events of{' '}
        <span className="whitespace-nowrap">Global</span> subscriptions arrive only once they are set.
      </p>
      <dl className="mt-3 space-y-3 text-sm">
        <HookUrl label="Webhooks target URL" url={`${base}/main`}>
          For contact, company and deal subscriptions (<Code>genericContact</Code>, <Code>genericCompany</Code>, <Code>crmOpportunity</Code>
          ).
        </HookUrl>
        <HookUrl label="CRM card data fetch URL" url={`${base}/cardView`}>
          Only needed when you use <Code>widgetCardView</Code>: enter it as the data fetch URL of the CRM card.
        </HookUrl>
      </dl>
    </section>
  );
}
