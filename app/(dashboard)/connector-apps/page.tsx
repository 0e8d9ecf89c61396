import type { Metadata } from 'next';
import { EmptyState } from '@/components/empty-state';
import { requireOperator } from '@/components/operator-session';
import { PageHeader } from '@/components/page-header';

export const metadata: Metadata = { title: 'Connector apps' };

export default async function ConnectorAppsPage() {
  await requireOperator('/connector-apps');
  return (
    <>
      <PageHeader title="Connector apps" description="Your OAuth app credentials for each third-party system." />
      <EmptyState title="No connector apps yet">
        <p>Connector apps hold the OAuth client id and secret your organization uses for each third-party system.</p>
        <p>Configuring them in the dashboard is not available in this version yet.</p>
      </EmptyState>
    </>
  );
}
