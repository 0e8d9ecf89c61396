import type { Metadata } from 'next';
import { EmptyState } from '@/components/empty-state';
import { requireOperator } from '@/components/operator-session';
import { PageHeader } from '@/components/page-header';

export const metadata: Metadata = { title: 'Deliveries' };

export default async function DeliveriesPage() {
  await requireOperator('/deliveries');
  return (
    <>
      <PageHeader title="Deliveries" description="Attempts to deliver events to your webhook endpoints." />
      <EmptyState title="No deliveries yet">
        <p>Events are delivered once your application has webhook subscriptions and a delivery endpoint.</p>
        <p>Inspecting and replaying deliveries here is not available in this version of the dashboard yet.</p>
      </EmptyState>
    </>
  );
}
