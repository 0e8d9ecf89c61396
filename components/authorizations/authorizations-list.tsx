'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { AttemptsTable } from '../connections/attempts-table';
import { useConnectors } from '../connections/connectors';
import { Code, EmptyState } from '../empty-state';
import { trpc } from '../trpc';
import { buttonClass, ErrorNotice } from '../ui';

const PAGE_SIZE = 25;

/** Every authorization attempt of the organization, newest first, with its outcome and error code. */
export function AuthorizationsList() {
  const connectors = useConnectors();
  const utils = trpc.useUtils();
  // The plain client under React Query's infinite query: tRPC's would add `direction` to the strict input.
  const attempts = useInfiniteQuery({
    queryKey: ['authorizations-list'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      utils.client.authorizations.list.query({ limit: PAGE_SIZE, ...(pageParam ? { before: pageParam } : {}) }, { signal }),
    getNextPageParam: (page) => page.nextBefore ?? undefined,
  });
  const items = attempts.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          {attempts.isPending
            ? 'Loading authorizations…'
            : `${items.length} ${items.length === 1 ? 'attempt' : 'attempts'} shown${attempts.hasNextPage ? ', more available' : ''}`}
        </p>
        <button type="button" className={buttonClass('secondary')} onClick={() => void attempts.refetch()} disabled={attempts.isFetching}>
          Refresh
        </button>
      </div>
      <ErrorNotice error={attempts.error} />
      {attempts.data && items.length === 0 ? (
        <EmptyState title="No authorizations yet">
          <p>
            An authorization starts when your application calls{' '}
            <Code>
              POST /v1/connections/{'{connectorId}'}/{'{ownerId}'}/authorization
            </Code>{' '}
            and the owner follows the returned <Code>authorizationUrl</Code>.
          </p>
        </EmptyState>
      ) : null}
      {items.length > 0 ? (
        <AttemptsTable attempts={items} connectors={connectors.byId} caption="Authorization attempts, newest first" />
      ) : null}
      {attempts.hasNextPage ? (
        <div className="flex justify-center">
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => void attempts.fetchNextPage()}
            disabled={attempts.isFetchingNextPage}
          >
            {attempts.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </div>
      ) : null}
    </div>
  );
}
