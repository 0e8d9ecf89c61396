import type { Metadata } from 'next';
import { AuthorizationsList } from '@/components/authorizations/authorizations-list';
import { requireOperator } from '@/components/operator-session';
import { PageHeader } from '@/components/page-header';

export const metadata: Metadata = { title: 'Authorizations' };

export default async function AuthorizationsPage() {
  await requireOperator('/authorizations');
  return (
    <>
      <PageHeader
        title="Authorizations"
        description="Every attempt to authorize a connection (OAuth or API key), newest first, with its outcome and error code."
      />
      <AuthorizationsList />
    </>
  );
}
