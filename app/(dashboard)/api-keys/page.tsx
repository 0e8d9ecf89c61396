import type { Metadata } from 'next';
import { ApiKeysPanel } from '@/components/api-keys/api-keys-panel';
import { requireOperator } from '@/components/operator-session';
import { PageHeader } from '@/components/page-header';

export const metadata: Metadata = { title: 'API keys' };

export default async function ApiKeysPage() {
  await requireOperator('/api-keys');
  return (
    <>
      <PageHeader
        title="API keys"
        description="Key pairs your application sends as the x-api-key and x-api-secret headers on /v1. Secrets are stored encrypted and shown only once."
      />
      <ApiKeysPanel />
    </>
  );
}
