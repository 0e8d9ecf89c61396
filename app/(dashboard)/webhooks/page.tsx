import type { Metadata } from 'next';
import { Code, EmptyState } from '@/components/empty-state';
import { requireOperator } from '@/components/operator-session';
import { PageHeader } from '@/components/page-header';

export const metadata: Metadata = { title: 'Webhooks' };

export default async function WebhooksPage() {
  await requireOperator('/webhooks');
  return (
    <>
      <PageHeader title="Webhooks" description="Event subscriptions and the endpoints that receive signed events." />
      <EmptyState title="No webhook subscriptions yet">
        <p>
          Your application subscribes to events such as <Code>crmContact::created</Code> through the API (<Code>POST /v1/webhooks</Code>).
        </p>
        <p>Managing subscriptions and delivery endpoints here is not available in this version of the dashboard yet.</p>
      </EmptyState>
    </>
  );
}
