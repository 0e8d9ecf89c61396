'use client';

import { useEffect, useRef } from 'react';
import { CopyButton } from '../copy-button';
import { Code } from '../empty-state';
import { buttonClass } from '../ui';

export interface RevealedWebhookSecret {
  url: string;
  secret: string;
  reason: 'created' | 'rotated';
}

/** The one moment a signing secret is visible (the API keys pattern): only its ciphertext is kept. */
export function WebhookSecretPanel({ revealed, onDismiss }: { revealed: RevealedWebhookSecret; onDismiss: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [revealed]);

  return (
    <section aria-labelledby="webhook-secret-heading" className="rounded-lg border-2 border-amber-400 bg-amber-50 p-5">
      <h2 id="webhook-secret-heading" ref={headingRef} tabIndex={-1} className="text-base font-semibold text-amber-950 focus:outline-none">
        {revealed.reason === 'created' ? 'Signing secret of the new endpoint' : 'New signing secret'}
      </h2>
      <p className="mt-1 text-sm break-all text-amber-900">{revealed.url}</p>
      <p className="mt-2 text-sm font-medium text-amber-900">
        Copy the secret now. It is shown only this once and cannot be displayed again; if it is lost, rotate it.
        {revealed.reason === 'rotated' ? ' For the next 24 hours each delivery is signed with both the old and the new secret.' : ''}
      </p>
      <dl className="mt-4 text-sm">
        <dt className="font-medium text-amber-950">Signing secret (verifies the webhook-signature header)</dt>
        <dd className="mt-1 flex flex-wrap items-center gap-2">
          <code className="rounded bg-white px-2 py-1 font-mono text-xs break-all text-slate-900 ring-1 ring-amber-200">
            {revealed.secret}
          </code>
          <CopyButton value={revealed.secret} label="Copy secret" />
        </dd>
      </dl>
      <p className="mt-3 text-sm text-amber-900">
        Requests follow Standard Webhooks: verify <Code>webhook-id</Code>, <Code>webhook-timestamp</Code> and <Code>webhook-signature</Code>{' '}
        with any Standard Webhooks library and this secret.
      </p>
      <button type="button" className={`mt-4 ${buttonClass('secondary')}`} onClick={onDismiss}>
        I have stored the secret
      </button>
    </section>
  );
}
