import type { Metadata } from 'next';
import { LogExplorer } from '@/components/logs/log-explorer';
import { requireOperator } from '@/components/operator-session';
import { PageHeader } from '@/components/page-header';

export const metadata: Metadata = { title: 'Error log' };

export default async function ErrorLogPage() {
  await requireOperator('/error-log');
  return (
    <>
      <PageHeader
        title="Error log"
        description="Calls to the /v1 API that failed, newest first, with the error returned and the request's query and headers (secrets redacted)."
      />
      <LogExplorer kind="errors" />
    </>
  );
}
