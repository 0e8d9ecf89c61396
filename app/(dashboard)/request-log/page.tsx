import type { Metadata } from 'next';
import { LogExplorer } from '@/components/logs/log-explorer';
import { requireOperator } from '@/components/operator-session';
import { PageHeader } from '@/components/page-header';

export const metadata: Metadata = { title: 'Request log' };

export default async function RequestLogPage() {
  await requireOperator('/request-log');
  return (
    <>
      <PageHeader title="Request log" description="Every call to the /v1 API of this organization, newest first." />
      <LogExplorer kind="requests" />
    </>
  );
}
