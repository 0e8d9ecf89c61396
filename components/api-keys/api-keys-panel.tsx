'use client';

import { useState } from 'react';
import { ConfirmDialog } from '../confirm-dialog';
import { trpc } from '../trpc';
import { Code } from '../empty-state';
import { buttonClass, ErrorNotice } from '../ui';
import { CreateKeyForm } from './create-key-form';
import type { KeyAction } from './key-parts';
import { KeysTable } from './keys-table';
import { SecretPanel, type RevealedSecret } from './secret-panel';

export function ApiKeysPanel() {
  const utils = trpc.useUtils();
  const keys = trpc.apiKeys.list.useQuery();
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);
  const [pending, setPending] = useState<KeyAction | null>(null);

  const settle = () => {
    setPending(null);
    void utils.apiKeys.list.invalidate();
  };
  const rotate = trpc.apiKeys.rotate.useMutation({
    onSuccess: ({ apiKey, secret }) => {
      setRevealed({ label: apiKey.label, publicKey: apiKey.publicKey, secret, reason: 'rotated' });
      settle();
    },
  });
  const revoke = trpc.apiKeys.revoke.useMutation({
    onSuccess: (apiKey) => {
      // A secret on screen for a key that no longer works would only mislead.
      setRevealed((current) => (current?.publicKey === apiKey.publicKey ? null : current));
      settle();
    },
  });
  const action = pending?.kind === 'rotate' ? rotate : revoke;

  function openDialog(next: KeyAction) {
    rotate.reset();
    revoke.reset();
    setPending(next);
  }

  function confirm() {
    if (!pending) return;
    if (pending.kind === 'rotate') rotate.mutate({ id: pending.key.id });
    else revoke.mutate({ id: pending.key.id });
  }

  return (
    <div className="space-y-6">
      {revealed ? <SecretPanel revealed={revealed} onDismiss={() => setRevealed(null)} /> : null}
      <CreateKeyForm
        onCreated={({ apiKey, secret }) => setRevealed({ label: apiKey.label, publicKey: apiKey.publicKey, secret, reason: 'created' })}
      />
      <section aria-labelledby="keys-heading" className="space-y-3">
        <div className="flex items-center justify-between">
          <h2 id="keys-heading" className="text-base font-semibold text-slate-900">
            Keys
          </h2>
          <button type="button" className={buttonClass('secondary')} onClick={() => void keys.refetch()} disabled={keys.isFetching}>
            Refresh
          </button>
        </div>
        <ErrorNotice error={keys.error} />
        {keys.isPending ? <p className="text-sm text-slate-600">Loading keys…</p> : null}
        {keys.data && keys.data.length === 0 ? <p className="text-sm text-slate-600">No API keys yet. Create one above.</p> : null}
        {keys.data && keys.data.length > 0 ? <KeysTable keys={keys.data} onAction={openDialog} /> : null}
      </section>
      <ConfirmDialog
        isOpen={pending !== null}
        title={pending?.kind === 'rotate' ? `Rotate “${pending.key.label}”?` : `Revoke “${pending?.key.label ?? ''}”?`}
        confirmLabel={pending?.kind === 'rotate' ? 'Rotate key' : 'Revoke key'}
        isPending={action.isPending}
        error={action.error?.message ?? null}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {pending?.kind === 'rotate' ? (
          <p>
            A new key pair with the same label is created and shown once. The current pair (<Code>{pending.key.publicKey}</Code>) is revoked
            at once: callers still using it get 401 until they switch.
          </p>
        ) : (
          <p>
            Every request with <Code>{pending?.key.publicKey ?? ''}</Code> is refused from now on with 401. This cannot be undone.
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
