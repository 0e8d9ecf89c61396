import type { Metadata } from 'next';
import { Code } from '@/components/empty-state';
import { requireOperator } from '@/components/operator-session';
import { PageHeader } from '@/components/page-header';
import { EndpointsPanel } from '@/components/settings/endpoints-panel';

export const metadata: Metadata = { title: 'Settings' };

export default async function SettingsPage() {
  const operator = await requireOperator('/settings');
  return (
    <>
      <PageHeader title="Settings" />
      <dl className="mb-2 grid gap-4 rounded-lg border border-slate-200 bg-white p-5 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-500">Organization</dt>
          <dd className="mt-1 font-mono break-all text-slate-900">{operator.organizationId}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">Signed in as</dt>
          <dd className="mt-1 break-all text-slate-900">{operator.email}</dd>
        </div>
      </dl>
      <p className="mb-8 text-sm text-slate-600">
        Everything else is configured through environment variables at start-up (see <Code>docs/configuration.md</Code>).
      </p>
      <EndpointsPanel />
    </>
  );
}
