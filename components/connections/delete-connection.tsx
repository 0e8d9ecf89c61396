'use client';

import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ConfirmDialog } from '../confirm-dialog';
import { Code } from '../empty-state';
import { trpc, type RouterOutputs } from '../trpc';
import { buttonClass } from '../ui';
import { useHydrated } from '../use-hydrated';
import { CONNECTION_LIST_KEY } from './connectors';

type ListPage = RouterOutputs['connections']['list'];

interface DeleteConnectionProps {
  connectorId: string;
  ownerId: string;
  connectorName: string;
  activeSessions: number;
}

/** Delete with a confirmation; then back to the list, which no longer shows the connection. */
export function DeleteConnection({ connectorId, ownerId, connectorName, activeSessions }: DeleteConnectionProps) {
  const [isOpen, setOpen] = useState(false);
  const isHydrated = useHydrated();
  const router = useRouter();
  const queryClient = useQueryClient();
  const remove = trpc.connections.delete.useMutation({
    onSuccess: () => {
      // Drop the row from every cached list page at once, then reload them in the background.
      queryClient.setQueriesData<InfiniteData<ListPage>>({ queryKey: [CONNECTION_LIST_KEY] }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                data: page.data.filter((row) => row.connectorId !== connectorId || row.ownerId !== ownerId),
              })),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: [CONNECTION_LIST_KEY] });
      router.push(`/connections?deleted=${encodeURIComponent(`${connectorId}/${ownerId}`)}`);
    },
  });

  return (
    <>
      <button
        type="button"
        className={buttonClass('dangerOutline')}
        disabled={!isHydrated}
        onClick={() => {
          remove.reset();
          setOpen(true);
        }}
      >
        Delete connection
      </button>
      <ConfirmDialog
        isOpen={isOpen}
        title={`Delete this ${connectorName} connection?`}
        confirmLabel="Delete connection"
        isPending={remove.isPending || remove.isSuccess}
        error={remove.error?.message ?? null}
        onConfirm={() => remove.mutate({ connectorId, ownerId })}
        onCancel={() => setOpen(false)}
      >
        <p>
          The connection of <Code>{ownerId}</Code> and its stored credentials are deleted
          {activeSessions > 0 ? `, and its ${activeSessions} active ${activeSessions === 1 ? 'session is' : 'sessions are'} revoked` : ''}.
          Calls for this owner fail from now on until your application creates the connection again and the owner authorizes it again.
        </p>
        <p>
          The access granted at {connectorName} is not revoked there; the owner can remove it in their {connectorName} settings. This cannot
          be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
