import type { ReactNode } from 'react';
import { Badge } from '../ui';
import type { ConnectorInfo } from './connectors';

const CONNECTION_STATUS = {
  authorized: { tone: 'green', label: 'Authorized' },
  unauthorized: { tone: 'slate', label: 'Unauthorized' },
  expired: { tone: 'amber', label: 'Expired' },
} as const;

const ATTEMPT_STATUS = {
  authorized: { tone: 'green', label: 'Authorized' },
  pending: { tone: 'blue', label: 'Pending' },
  failed: { tone: 'red', label: 'Failed' },
} as const;

export type ConnectionStatus = keyof typeof CONNECTION_STATUS;
export const CONNECTION_STATUSES = Object.keys(CONNECTION_STATUS) as ConnectionStatus[];

export function connectionStatusLabel(status: ConnectionStatus): string {
  return CONNECTION_STATUS[status].label;
}

export function ConnectionStatusBadge({ status }: { status: ConnectionStatus }) {
  const { tone, label } = CONNECTION_STATUS[status];
  return <Badge tone={tone}>{label}</Badge>;
}

export function AttemptStatusBadge({ status }: { status: keyof typeof ATTEMPT_STATUS }) {
  const { tone, label } = ATTEMPT_STATUS[status];
  return <Badge tone={tone}>{label}</Badge>;
}

const MODE_LABEL: Record<string, string> = { direct: 'Direct', connect: 'Connect page', apiKey: 'API key' };
// Who started it: the customer's back end with its key pair, or a front end with a session token.
const VIA_LABEL: Record<string, string> = { apiKey: 'server (API key)', session: 'front end (session)' };

export const modeLabel = (mode: string) => MODE_LABEL[mode] ?? mode;
export const viaLabel = (via: string) => VIA_LABEL[via] ?? via;

/** Logo and name; the logo is decorative, the name is the text. */
export function ConnectorLabel({ connectorId, connector }: { connectorId: string; connector: ConnectorInfo | undefined }) {
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      <img src={connector?.logo ?? `/connectors/${connectorId}.svg`} alt="" width={20} height={20} className="size-5 shrink-0 rounded" />
      <span>{connector?.name ?? connectorId}</span>
    </span>
  );
}

export function Chips({ items, empty }: { items: readonly string[]; empty: ReactNode }) {
  if (items.length === 0) return <p className="text-sm text-slate-500">{empty}</p>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li key={item} className="rounded bg-slate-100 px-2 py-0.5 font-mono text-xs break-all text-slate-800">
          {item}
        </li>
      ))}
    </ul>
  );
}
