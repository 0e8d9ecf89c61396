import type { Metadata } from 'next';
import { ConnectionsExplorer } from '@/components/connections/connections-explorer';
import { requireOperator } from '@/components/operator-session';
import { PageHeader } from '@/components/page-header';

export const metadata: Metadata = { title: 'Connections' };

export default async function ConnectionsPage() {
  await requireOperator('/connections');
  return (
    <>
      <PageHeader
        title="Connections"
        description="One connection per owner (your user) and third-party system: its status, the operations it may perform and who authorized it."
      />
      <ConnectionsExplorer />
    </>
  );
}
