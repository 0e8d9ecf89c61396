import type { Metadata } from 'next';
import { Code, EmptyState } from '@/components/empty-state';
import { requireOperator } from '@/components/operator-session';
import { PageHeader } from '@/components/page-header';

export const metadata: Metadata = { title: 'Connections' };

export default async function ConnectionsPage() {
  await requireOperator('/connections');
  return (
    <>
      <PageHeader title="Connections" description="One connection per owner of your application and third-party system." />
      <EmptyState title="No connections yet">
        <p>
          Connections are created through the API (<Code>POST /v1/connections</Code>) by your application, with the API key pair from the
          API keys page.
        </p>
        <p>Browsing them here is not available in this version of the dashboard yet.</p>
      </EmptyState>
    </>
  );
}
