'use client';

import { Code } from '../empty-state';
import { OneTimeSecretPanel } from '../one-time-secret';

export interface RevealedWebhookSecret {
  url: string;
  secret: string;
  reason: 'created' | 'rotated';
}

/** A new or rotated `whsec_…` signing secret, shown once. */
export function WebhookSecretPanel({ revealed, onDismiss }: { revealed: RevealedWebhookSecret; onDismiss: () => void }) {
  return (
    <OneTimeSecretPanel
      id="webhook-secret-heading"
      title={revealed.reason === 'created' ? 'Signing secret of the new endpoint' : 'New signing secret'}
      focusKey={revealed}
      onDismiss={onDismiss}
      items={[{ term: 'Signing secret (verifies the webhook-signature header)', value: revealed.secret, copyLabel: 'Copy secret' }]}
      footer={
        <p className="mt-3 text-sm text-amber-900">
          Requests follow Standard Webhooks: verify <Code>webhook-id</Code>, <Code>webhook-timestamp</Code> and{' '}
          <Code>webhook-signature</Code> with any Standard Webhooks library and this secret.
        </p>
      }
    >
      <p className="mt-1 text-sm break-all text-amber-900">{revealed.url}</p>
      <p className="mt-2 text-sm font-medium text-amber-900">
        Copy the secret now. It is shown only this once and cannot be displayed again; if it is lost, rotate it.
        {revealed.reason === 'rotated' ? ' For the next 24 hours each delivery is signed with both the old and the new secret.' : ''}
      </p>
    </OneTimeSecretPanel>
  );
}
