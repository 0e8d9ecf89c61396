'use client';

import { useState } from 'react';
import { ConfirmDialog } from '../confirm-dialog';
import { trpc } from '../trpc';
import { buttonClass, ErrorNotice } from '../ui';
import type { ConnectorApp } from './app-source';
import { ConnectorAppCard } from './connector-app-card';

export function ConnectorAppsPanel() {
  const apps = trpc.connectorApps.list.useQuery();
  const utils = trpc.useUtils();
  const [removing, setRemoving] = useState<ConnectorApp | null>(null);
  const clear = trpc.connectorApps.clear.useMutation({
    onSuccess: () => {
      setRemoving(null);
      void utils.connectorApps.list.invalidate();
    },
  });

  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          {apps.isPending ? 'Loading connector apps…' : apps.data ? `${apps.data.length} connectors` : ''}
        </p>
        <button type="button" className={buttonClass('secondary')} onClick={() => void apps.refetch()} disabled={apps.isFetching}>
          Refresh
        </button>
      </div>
      <ErrorNotice error={apps.error} />
      {apps.data ? (
        <div className="grid items-start gap-4 lg:grid-cols-2">
          {apps.data.map((app) => (
            <ConnectorAppCard
              key={app.connectorId}
              app={app}
              onRemove={(next) => {
                clear.reset();
                setRemoving(next);
              }}
            />
          ))}
        </div>
      ) : null}
      <ConfirmDialog
        isOpen={removing !== null}
        title={`Remove your ${removing?.name ?? ''} app?`}
        confirmLabel="Remove app"
        isPending={clear.isPending}
        error={clear.error?.message ?? null}
        onConfirm={() => removing && clear.mutate({ connectorId: removing.connectorId })}
        onCancel={() => setRemoving(null)}
      >
        <p>
          The client id and secret are deleted. New authorizations and token refreshes of {removing?.name ?? 'this connector'} then use the
          app from the environment, or the sandbox app in sandbox mode, and fail with CONNECTOR::BAD_CONFIGURATION when there is neither.
        </p>
        <p>Connections authorized through your app may stop refreshing their tokens: the vendor ties refresh tokens to the app.</p>
      </ConfirmDialog>
    </div>
  );
}
