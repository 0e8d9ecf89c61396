import type { Metadata } from 'next';
import { DeliveriesExplorer } from '@/components/deliveries/deliveries-explorer';
import { requireOperator } from '@/components/operator-session';
import { PageHeader } from '@/components/page-header';

export const metadata: Metadata = { title: 'Deliveries' };

export default async function DeliveriesPage() {
  await requireOperator('/deliveries');
  return (
    <>
      <PageHeader
        title="Deliveries"
        description="Each event sent to each of your webhook endpoints: its status, its attempts and the next retry. Failed or past deliveries can be sent again."
      />
      <DeliveriesExplorer />
    </>
  );
}
