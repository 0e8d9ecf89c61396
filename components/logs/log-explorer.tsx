'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../trpc';
import { buttonClass, ErrorNotice } from '../ui';
import { hasFilters, LogFilters, NO_FILTERS, toLogQuery, type LogFilterValues } from './log-filters';
import { LogTable } from './log-table';

const PAGE_SIZE = 25;

/** The request log and the error log: the same filters and table over logs.requests or logs.errors. */
export function LogExplorer({ kind }: { kind: 'requests' | 'errors' }) {
  const [filters, setFilters] = useState<LogFilterValues>(NO_FILTERS);
  const errorCodes = trpc.logs.errorCodes.useQuery();
  const utils = trpc.useUtils();
  const input = { ...toLogQuery(filters), limit: PAGE_SIZE };
  // React Query's infinite query over the plain tRPC client rather than tRPC's useInfiniteQuery, which adds a
  // `direction` field to the input that the strict logs filter refuses.
  const logs = useInfiniteQuery({
    queryKey: ['logs', kind, input],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) => {
      const procedure = kind === 'errors' ? utils.client.logs.errors : utils.client.logs.requests;
      return procedure.query({ ...input, ...(pageParam === undefined ? {} : { cursor: pageParam }) }, { signal });
    },
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const entries = logs.data?.pages.flatMap((page) => page.items) ?? [];
  const noun = kind === 'errors' ? 'errors' : 'requests';

  return (
    <div className="space-y-4">
      <LogFilters idPrefix={kind} errorCodes={errorCodes.data ?? []} isFetching={logs.isFetching} onApply={setFilters} />
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          {logs.isPending ? `Loading ${noun}…` : `${entries.length} ${noun} shown${logs.hasNextPage ? ', more available' : ''}`}
        </p>
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => {
            void logs.refetch();
            void errorCodes.refetch();
          }}
          disabled={logs.isFetching}
        >
          Refresh
        </button>
      </div>
      <ErrorNotice error={logs.error} />
      {logs.data && entries.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-600">
          {!hasFilters(filters) ? `No ${noun} logged yet. Calls to /v1 appear here.` : `No ${noun} match these filters.`}
        </p>
      ) : null}
      {entries.length > 0 ? <LogTable entries={entries} showErrorMessage={kind === 'errors'} /> : null}
      {logs.hasNextPage ? (
        <div className="flex justify-center">
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => void logs.fetchNextPage()}
            disabled={logs.isFetchingNextPage}
          >
            {logs.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </div>
      ) : null}
    </div>
  );
}
