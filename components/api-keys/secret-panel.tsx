'use client';

import { OneTimeSecretPanel } from '../one-time-secret';

export interface RevealedSecret {
  label: string;
  publicKey: string;
  secret: string;
  reason: 'created' | 'rotated';
}

/** A new or rotated key pair, shown once. */
export function SecretPanel({ revealed, onDismiss }: { revealed: RevealedSecret; onDismiss: () => void }) {
  return (
    <OneTimeSecretPanel
      id="secret-panel-heading"
      title={`${revealed.reason === 'created' ? 'New API key' : 'Rotated API key'}: ${revealed.label}`}
      focusKey={revealed}
      onDismiss={onDismiss}
      items={[
        { term: 'API key (x-api-key header)', value: revealed.publicKey, copyLabel: 'Copy key' },
        { term: 'API secret (x-api-secret header)', value: revealed.secret, copyLabel: 'Copy secret' },
      ]}
    >
      <p className="mt-1 text-sm font-medium text-amber-900">
        Copy the secret now. It is shown only this once and cannot be displayed again; if it is lost, rotate the key.
        {revealed.reason === 'rotated' ? ' The previous key pair has been revoked.' : ''}
      </p>
    </OneTimeSecretPanel>
  );
}
