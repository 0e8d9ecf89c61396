import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ConnectionDetail } from '@/components/connections/connection-detail';
import { connectionHref } from '@/components/connections/paths';
import { requireOperator } from '@/components/operator-session';

type Params = Promise<{ connectorId: string; ownerId: string }>;

export const metadata: Metadata = { title: 'Connection' };

/** Next hands dynamic segments over still percent-encoded (on full loads and client navigations alike): decode once. */
function decodeSegment(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

export default async function ConnectionPage({ params }: { params: Params }) {
  const raw = await params;
  const connectorId = decodeSegment(raw.connectorId);
  const ownerId = decodeSegment(raw.ownerId);
  if (connectorId === null || ownerId === null) notFound();
  await requireOperator(connectionHref(connectorId, ownerId));
  return <ConnectionDetail connectorId={connectorId} ownerId={ownerId} />;
}
