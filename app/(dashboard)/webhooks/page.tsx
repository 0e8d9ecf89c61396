import type { Metadata } from 'next';
import Link from 'next/link';
import { requireOperator } from '@/components/operator-session';
import { PageHeader } from '@/components/page-header';
import { GlobalHooks } from '@/components/webhooks/global-hooks';
import { SubscriptionsPanel } from '@/components/webhooks/subscriptions-panel';
import { getRuntime } from '@/server/runtime';

export const metadata: Metadata = { title: 'Webhooks' };

export default async function WebhooksPage() {
  const operator = await requireOperator('/webhooks');
  return (
    <>
      <PageHeader
        title="Webhooks"
        description={
          <>
            The events each connection is subscribed to and how the service learns of them. Events are signed and sent to the endpoints in{' '}
            <Link href="/settings" className="font-medium text-indigo-700 hover:underline">
              Settings
            </Link>
            .
          </>
        }
      />
      <div className="space-y-6">
        <SubscriptionsPanel />
        <GlobalHooks baseUrl={getRuntime().env.baseUrl} organizationId={operator.organizationId} />
      </div>
    </>
  );
}
