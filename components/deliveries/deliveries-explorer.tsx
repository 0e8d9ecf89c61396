'use client';

import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useConnectors } from '../connections/connectors';
import { Code, EmptyState } from '../empty-state';
import { useNow } from '../relative-time';
import { trpc } from '../trpc';
import { buttonClass, ErrorNotice, INPUT_CLASS, LABEL_CLASS } from '../ui';
import { useHydrated } from '../use-hydrated';
import { DeliveriesTable } from './deliveries-table';
import { DELIVERY_STATUSES, deliveryStatusLabel, type Delivery, type DeliveryStatus } from './delivery-parts';
import { ReplayRange } from './replay-range';

const PAGE_SIZE = 25;
const LIST_KEY = 'deliveries-list';

export function DeliveriesExplorer() {
  const isHydrated = useHydrated();
  const [status, setStatus] = useState<DeliveryStatus | ''>('');
  const [notice, setNotice] = useState<string | null>(null);
  const connectors = useConnectors();
  const now = useNow();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  // The plain client under React Query's infinite query (tRPC's adds a `direction` the strict input refuses).
  const list = useInfiniteQuery({
    queryKey: [LIST_KEY, status],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      utils.client.deliveries.list.query(
        { limit: PAGE_SIZE, ...(status ? { status } : {}), ...(pageParam ? { before: pageParam } : {}) },
        { signal },
      ),
    // The cursor is `createdAt~id`: deliveries of one event share their creation time.
    getNextPageParam: (page) => {
      const last = page.at(-1);
      return page.length === PAGE_SIZE && last ? `${last.createdAt}~${last.id}` : undefined;
    },
  });
  const reload = () => void queryClient.resetQueries({ queryKey: [LIST_KEY] });
  const replay = trpc.deliveries.replay.useMutation({
    onSuccess: ({ replayed }, variables) => {
      setNotice(replayed > 0 ? `Delivery ${variables.deliveryId ?? ''} replayed: it is due again now.` : 'That delivery no longer exists.');
      reload();
    },
  });
  const rows = list.data?.pages.flat() ?? [];
  const count = `${rows.length} ${rows.length === 1 ? 'delivery' : 'deliveries'}`;

  function onReplay(delivery: Delivery) {
    setNotice(null);
    replay.mutate({ deliveryId: delivery.id });
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <label htmlFor="deliveries-status" className={LABEL_CLASS}>
            Status
          </label>
          <select
            id="deliveries-status"
            value={status}
            disabled={!isHydrated}
            onChange={(event) => setStatus(event.target.value as DeliveryStatus | '')}
            className={`mt-1 min-w-40 ${INPUT_CLASS}`}
          >
            <option value="">All statuses</option>
            {DELIVERY_STATUSES.map((value) => (
              <option key={value} value={value}>
                {deliveryStatusLabel(value)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-center gap-3">
          <p className="text-sm text-slate-600" aria-live="polite">
            {list.isPending ? 'Loading deliveries…' : `${count} shown${list.hasNextPage ? ', more available' : ''}`}
          </p>
          <button type="button" className={buttonClass('secondary')} onClick={reload} disabled={list.isFetching}>
            Refresh
          </button>
        </div>
      </div>
      {notice ? (
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          {notice}
        </p>
      ) : null}
      <ErrorNotice error={replay.error} />
      <ErrorNotice error={list.error} />
      {list.data && rows.length === 0 ? (
        status ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-600">
            No {deliveryStatusLabel(status).toLowerCase()} deliveries.
          </p>
        ) : (
          <EmptyState title="No deliveries yet">
            <p>
              A delivery is one event sent to one endpoint. They appear once a connection has subscriptions (<Code>POST /v1/webhooks</Code>)
              and your organization has an endpoint under Settings.
            </p>
          </EmptyState>
        )
      ) : null}
      {rows.length > 0 ? (
        <DeliveriesTable
          deliveries={rows}
          connectors={connectors.byId}
          now={now}
          replayingId={replay.isPending ? (replay.variables?.deliveryId ?? null) : null}
          onReplay={onReplay}
        />
      ) : null}
      {list.hasNextPage ? (
        <div className="flex justify-center">
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </div>
      ) : null}
      <ReplayRange onReplayed={reload} />
    </div>
  );
}
