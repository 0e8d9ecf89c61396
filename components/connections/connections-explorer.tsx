'use client';

import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { useCallback } from 'react';
import { Code, EmptyState } from '../empty-state';
import { trpc } from '../trpc';
import { buttonClass, ErrorNotice } from '../ui';
import { CONNECTION_STATUSES, type ConnectionStatus } from './badges';
import { ConnectionFilters, type ConnectionFilterValues } from './connection-filters';
import { CONNECTION_LIST_KEY, useConnectors, type ConnectorId } from './connectors';
import { ConnectionsTable } from './connections-table';

const PAGE_SIZE = 25;

function readFilters(params: URLSearchParams): ConnectionFilterValues {
  return { q: params.get('q') ?? '', connectorId: params.get('connectorId') ?? '', status: params.get('status') ?? '' };
}

function toListInput(filters: ConnectionFilterValues) {
  const status = CONNECTION_STATUSES.find((candidate): candidate is ConnectionStatus => candidate === filters.status);
  return {
    ...(filters.q ? { q: filters.q } : {}),
    // The select only offers catalogue ids; a hand-edited URL gets the server's validation message.
    ...(filters.connectorId ? { connectorId: filters.connectorId as ConnectorId } : {}),
    ...(status ? { status } : {}),
    limit: PAGE_SIZE,
  };
}

/** The filters live in the URL (shareable, kept by Back from a detail page); replaceState avoids a server round trip. */
function writeFilters(patch: Partial<ConnectionFilterValues>) {
  const params = new URLSearchParams(window.location.search);
  params.delete('deleted');
  for (const [key, value] of Object.entries(patch)) {
    if (value) params.set(key, value);
    else params.delete(key);
  }
  const search = params.toString();
  window.history.replaceState(null, '', `${window.location.pathname}${search ? `?${search}` : ''}`);
}

function DeletedNotice({ value }: { value: string }) {
  const slash = value.indexOf('/');
  const [connectorId, ownerId] = slash > 0 ? [value.slice(0, slash), value.slice(slash + 1)] : [value, ''];
  return (
    <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
      The {connectorId} connection of <span className="font-medium break-all">{ownerId}</span> was deleted.
    </p>
  );
}

export function ConnectionsExplorer() {
  const searchParams = useSearchParams();
  const filters = readFilters(searchParams);
  const deleted = searchParams.get('deleted');
  const connectors = useConnectors();
  const utils = trpc.useUtils();
  const input = toListInput(filters);
  // React Query's infinite query over the plain client: tRPC's useInfiniteQuery adds `direction`, which the strict
  // input refuses. The previous results stay on screen while a new search loads.
  const list = useInfiniteQuery({
    queryKey: [CONNECTION_LIST_KEY, input],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      utils.client.connections.list.query({ ...input, ...(pageParam ? { cursor: pageParam } : {}) }, { signal }),
    getNextPageParam: (page) => page.next ?? undefined,
    placeholderData: keepPreviousData,
  });
  const onChange = useCallback((patch: Partial<ConnectionFilterValues>) => writeFilters(patch), []);
  const rows = list.data?.pages.flatMap((page) => page.data) ?? [];
  const isFiltered = Boolean(filters.q || filters.connectorId || filters.status);
  const count = `${rows.length} ${rows.length === 1 ? 'connection' : 'connections'}`;

  return (
    <div className="space-y-4">
      {deleted ? <DeletedNotice value={deleted} /> : null}
      <ConnectionFilters filters={filters} connectors={connectors.list} onChange={onChange} />
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          {list.isPending || list.isPlaceholderData
            ? 'Loading connections…'
            : `${count} ${isFiltered ? 'found' : 'shown'}${list.hasNextPage ? ', more available' : ''}`}
        </p>
        <button type="button" className={buttonClass('secondary')} onClick={() => void list.refetch()} disabled={list.isFetching}>
          Refresh
        </button>
      </div>
      <ErrorNotice error={list.error} />
      {list.data && !list.isPlaceholderData && rows.length === 0 ? (
        isFiltered ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-600">
            No connections match this search.
          </p>
        ) : (
          <EmptyState title="No connections yet">
            <p>
              Connections are created through the API: <Code>POST /v1/connections</Code> with a connector id, your user&apos;s owner id and
              the operations it needs, signed with a key pair from the API keys page.
            </p>
          </EmptyState>
        )
      ) : null}
      {rows.length > 0 ? (
        <div className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <ConnectionsTable connections={rows} connectors={connectors.byId} />
        </div>
      ) : null}
      {list.hasNextPage && !list.isPlaceholderData ? (
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
    </div>
  );
}
