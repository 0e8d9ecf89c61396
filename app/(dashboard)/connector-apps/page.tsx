import type { Metadata } from 'next';
import { ConnectorAppsPanel } from '@/components/connector-apps/connector-apps-panel';
import { requireOperator } from '@/components/operator-session';
import { PageHeader } from '@/components/page-header';

export const metadata: Metadata = { title: 'Connector apps' };

export default async function ConnectorAppsPage() {
  await requireOperator('/connector-apps');
  return (
    <>
      <PageHeader
        title="Connector apps"
        description="The OAuth app (client id and secret) your organization uses for each third-party system, and where its credentials come from: your own app set here, the environment, or the sandbox."
      />
      <ConnectorAppsPanel />
    </>
  );
}
