'use client';

import { useState } from 'react';
import { ConfirmDialog } from '../confirm-dialog';
import { trpc } from '../trpc';
import { buttonClass, ErrorNotice } from '../ui';
import { CreateEndpointForm } from './create-endpoint-form';
import { EndpointCard, type EndpointAction } from './endpoint-card';
import { WebhookSecretPanel, type RevealedWebhookSecret } from './webhook-secret-panel';

type Revealed = RevealedWebhookSecret & { endpointId: string };

/** Settings → Webhook endpoints: where the organization's events are delivered, and their signing secrets. */
export function EndpointsPanel() {
  const utils = trpc.useUtils();
  const endpoints = trpc.webhookEndpoints.list.useQuery();
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [pending, setPending] = useState<EndpointAction | null>(null);
  const settle = () => {
    setPending(null);
    void utils.webhookEndpoints.list.invalidate();
  };
  const rotate = trpc.webhookEndpoints.rotateSecret.useMutation({
    onSuccess: ({ endpoint, secret }) => {
      setRevealed({ endpointId: endpoint.id, url: endpoint.url, secret, reason: 'rotated' });
      settle();
    },
  });
  const remove = trpc.webhookEndpoints.delete.useMutation({
    onSuccess: (_result, { id }) => {
      setRevealed((current) => (current?.endpointId === id ? null : current));
      settle();
    },
  });
  const action = pending?.kind === 'rotate' ? rotate : remove;

  function open(next: EndpointAction) {
    rotate.reset();
    remove.reset();
    setPending(next);
  }

  return (
    <section aria-labelledby="endpoints-heading" className="space-y-4">
      <div className="flex items-end justify-between gap-3">
        <div>
          <h2 id="endpoints-heading" className="text-lg font-semibold text-slate-900">
            Webhook endpoints
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-slate-600">
            Every subscribed event is sent to each enabled endpoint whose filter includes it, signed with the endpoint&apos;s secret
            (Standard Webhooks), and retried on failure.
          </p>
        </div>
        <button type="button" className={buttonClass('secondary')} onClick={() => void endpoints.refetch()} disabled={endpoints.isFetching}>
          Refresh
        </button>
      </div>
      {revealed ? <WebhookSecretPanel revealed={revealed} onDismiss={() => setRevealed(null)} /> : null}
      <ErrorNotice error={endpoints.error} />
      {endpoints.isPending ? <p className="text-sm text-slate-600">Loading endpoints…</p> : null}
      {endpoints.data && endpoints.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-sm text-slate-600">
          No endpoints yet: events are not delivered anywhere. Add one below.
        </p>
      ) : null}
      {endpoints.data && endpoints.data.length > 0 ? (
        <ul aria-label="Webhook endpoints" className="space-y-3">
          {endpoints.data.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} onAction={open} />
          ))}
        </ul>
      ) : null}
      <CreateEndpointForm
        onCreated={({ endpoint, secret }) => setRevealed({ endpointId: endpoint.id, url: endpoint.url, secret, reason: 'created' })}
      />
      <ConfirmDialog
        isOpen={pending !== null}
        title={pending?.kind === 'rotate' ? 'Rotate the signing secret?' : 'Delete this endpoint?'}
        confirmLabel={pending?.kind === 'rotate' ? 'Rotate secret' : 'Delete endpoint'}
        isPending={action.isPending}
        error={action.error?.message ?? null}
        onConfirm={() => pending && (pending.kind === 'rotate' ? rotate : remove).mutate({ id: pending.endpoint.id })}
        onCancel={() => setPending(null)}
      >
        <p className="font-mono text-xs break-all text-slate-800">{pending?.endpoint.url}</p>
        {pending?.kind === 'rotate' ? (
          <p>
            A new secret is created and shown once. For 24 hours every delivery carries two signatures, one with the old secret and one with
            the new, so your receiver keeps verifying while you deploy the new secret. After that only the new one signs.
          </p>
        ) : (
          <p>
            No more events are sent to this URL, and its pending deliveries and their history are removed. Subscriptions are not affected.
            This cannot be undone.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
