'use client';

import Link from 'next/link';
import { ConnectorLabel } from '../connections/badges';
import { useConnectors, type ConnectorInfo } from '../connections/connectors';
import { connectionHref } from '../connections/paths';
import { Code, EmptyState } from '../empty-state';
import { trpc, type RouterOutputs } from '../trpc';
import { Badge, buttonClass, DateTime, ErrorNotice, TABLE_WRAPPER_CLASS } from '../ui';
import { KindBadge, KindLegend } from './kind-badge';

type Subscription = RouterOutputs['webhookSubscriptions']['list'][number];
interface Group {
  key: string;
  connectorId: string;
  ownerId: string;
  subscriptions: Subscription[];
}

const HEAD = 'px-4 py-2 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase';
const CELL = 'px-4 py-2.5 align-middle';

/** The service sorts by connector, owner, model and trigger, so one pass groups them. */
function groupByConnection(subscriptions: Subscription[]): Group[] {
  const groups: Group[] = [];
  for (const subscription of subscriptions) {
    const last = groups.at(-1);
    if (last && last.connectorId === subscription.connectorId && last.ownerId === subscription.ownerId) {
      last.subscriptions.push(subscription);
    } else {
      groups.push({
        key: `${subscription.connectorId}/${subscription.ownerId}`,
        connectorId: subscription.connectorId,
        ownerId: subscription.ownerId,
        subscriptions: [subscription],
      });
    }
  }
  return groups;
}

function StateBadge({ state }: { state: Subscription['state'] }) {
  return state === 'active' ? <Badge tone="green">Active</Badge> : <Badge tone="red">Failed</Badge>;
}

function ConnectionGroup({ group, connector }: { group: Group; connector: ConnectorInfo | undefined }) {
  const name = `${connector?.name ?? group.connectorId} · ${group.ownerId}`;
  return (
    <section aria-label={name} className="space-y-2">
      <h3 className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm font-semibold text-slate-900">
        <ConnectorLabel connectorId={group.connectorId} connector={connector} />
        <Link
          href={connectionHref(group.connectorId, group.ownerId)}
          className="font-medium break-all text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {group.ownerId}
        </Link>
      </h3>
      <div className={`${TABLE_WRAPPER_CLASS} max-sm:hidden`}>
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Subscriptions of {name}</caption>
          <thead className="bg-slate-50">
            <tr>
              {['Event', 'Kind', 'State', 'Since'].map((column) => (
                <th key={column} scope="col" className={HEAD}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {group.subscriptions.map((subscription) => (
              <tr key={subscription.id}>
                <th scope="row" className={`${CELL} text-left font-normal`}>
                  <code className="font-mono text-xs break-all text-slate-900">
                    {subscription.model}::{subscription.trigger}
                  </code>
                </th>
                <td className={CELL}>
                  <KindBadge kind={subscription.kind} />
                </td>
                <td className={CELL}>
                  <StateBadge state={subscription.state} />
                </td>
                <td className={`${CELL} text-slate-600`}>
                  <DateTime value={subscription.createdAt} compact />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul
        aria-label={`Subscriptions of ${name}`}
        className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white sm:hidden"
      >
        {group.subscriptions.map((subscription) => (
          <li key={subscription.id} className="space-y-1.5 px-4 py-3 text-sm">
            <code className="block font-mono text-xs break-all text-slate-900">
              {subscription.model}::{subscription.trigger}
            </code>
            <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
              <KindBadge kind={subscription.kind} />
              <StateBadge state={subscription.state} />
              <span>
                since <DateTime value={subscription.createdAt} compact />
              </span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Every connection's event subscriptions, grouped per connection. */
export function SubscriptionsPanel() {
  const subscriptions = trpc.webhookSubscriptions.list.useQuery();
  const connectors = useConnectors();
  const groups = subscriptions.data ? groupByConnection(subscriptions.data) : [];
  const count = subscriptions.data?.length ?? 0;

  return (
    <section aria-labelledby="subscriptions-heading" className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <div>
          <h2 id="subscriptions-heading" className="text-base font-semibold text-slate-900">
            Subscriptions
          </h2>
          <p className="text-sm text-slate-600" aria-live="polite">
            {subscriptions.isPending
              ? 'Loading subscriptions…'
              : `${count} ${count === 1 ? 'subscription' : 'subscriptions'} on ${groups.length} ${groups.length === 1 ? 'connection' : 'connections'}`}
          </p>
        </div>
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => void subscriptions.refetch()}
          disabled={subscriptions.isFetching}
        >
          Refresh
        </button>
      </div>
      <ErrorNotice error={subscriptions.error} />
      {subscriptions.data && count === 0 ? (
        <EmptyState title="No webhook subscriptions yet">
          <p>
            Your application subscribes a connection to events such as <Code>genericContact::created</Code> with{' '}
            <Code>POST /v1/webhooks</Code> and a body <Code>{'{ "events": [...] }'}</Code>, sent with a key pair and the{' '}
            <Code>x-connector-id</Code> and <Code>x-owner-id</Code> headers (or a session token).
          </p>
          <p>Events are then signed and delivered to the endpoints set under Settings.</p>
        </EmptyState>
      ) : null}
      {count > 0 ? (
        <>
          <KindLegend />
          <div className="space-y-5">
            {groups.map((group) => (
              <ConnectionGroup key={group.key} group={group} connector={connectors.byId.get(group.connectorId)} />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
