import type { RouterOutputs } from '../trpc';
import { Badge } from '../ui';

export type Delivery = RouterOutputs['deliveries']['list'][number];
export type DeliveryAttempt = RouterOutputs['deliveries']['attempts'][number];
export type DeliveryStatus = Delivery['status'];

const STATUS = {
  pending: { tone: 'blue', label: 'Pending' },
  succeeded: { tone: 'green', label: 'Succeeded' },
  failed: { tone: 'red', label: 'Failed' },
} as const;

export const DELIVERY_STATUSES = Object.keys(STATUS) as DeliveryStatus[];
export const deliveryStatusLabel = (status: DeliveryStatus) => STATUS[status].label;

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const { tone, label } = STATUS[status];
  return <Badge tone={tone}>{label}</Badge>;
}

/** An HTTP status (green for 2xx) and/or the transport error; neither yet is a dash. */
export function Outcome({ statusCode, error }: { statusCode: number | null; error: string | null }) {
  if (statusCode === null && !error) return <span className="text-slate-400">—</span>;
  const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
  return (
    <span className="block">
      {statusCode !== null ? (
        <span className={`font-mono text-xs font-semibold ${ok ? 'text-emerald-700' : 'text-red-700'}`}>HTTP {statusCode}</span>
      ) : null}
      {error ? <span className="block text-xs break-words text-red-800">{error}</span> : null}
    </span>
  );
}
