import type { Metadata } from 'next';
import { Code, EmptyState } from '@/components/empty-state';
import { requireOperator } from '@/components/operator-session';
import { PageHeader } from '@/components/page-header';

export const metadata: Metadata = { title: 'Authorizations' };

export default async function AuthorizationsPage() {
  await requireOperator('/authorizations');
  return (
    <>
      <PageHeader title="Authorizations" description="The OAuth or API-key authorizations of your connections." />
      <EmptyState title="No authorizations yet">
        <p>
          An authorization starts when your application calls{' '}
          <Code>
            POST /v1/connections/{'{connectorId}'}/{'{ownerId}'}/authorization
          </Code>{' '}
          and the owner follows the returned <Code>authorizationUrl</Code>.
        </p>
        <p>Viewing them here is not available in this version of the dashboard yet.</p>
      </EmptyState>
    </>
  );
}
