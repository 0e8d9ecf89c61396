'use client';

import { useEffect, useRef } from 'react';
import { CopyButton } from '../copy-button';
import { buttonClass } from '../ui';

export interface RevealedSecret {
  label: string;
  publicKey: string;
  secret: string;
  reason: 'created' | 'rotated';
}

/** The one moment the secret is visible: the service keeps only its ciphertext and never returns it again. */
export function SecretPanel({ revealed, onDismiss }: { revealed: RevealedSecret; onDismiss: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Move focus here so keyboard and screen-reader users notice the panel appear.
  useEffect(() => headingRef.current?.focus(), [revealed]);

  return (
    <section aria-labelledby="secret-panel-heading" className="rounded-lg border-2 border-amber-400 bg-amber-50 p-5">
      <h2 id="secret-panel-heading" ref={headingRef} tabIndex={-1} className="text-base font-semibold text-amber-950 focus:outline-none">
        {revealed.reason === 'created' ? 'New API key' : 'Rotated API key'}: {revealed.label}
      </h2>
      <p className="mt-1 text-sm font-medium text-amber-900">
        Copy the secret now. It is shown only this once and cannot be displayed again; if it is lost, rotate the key.
        {revealed.reason === 'rotated' ? ' The previous key pair has been revoked.' : ''}
      </p>
      <dl className="mt-4 space-y-3 text-sm">
        <div>
          <dt className="font-medium text-amber-950">API key (x-api-key header)</dt>
          <dd className="mt-1 flex flex-wrap items-center gap-2">
            <code className="rounded bg-white px-2 py-1 font-mono text-xs break-all text-slate-900 ring-1 ring-amber-200">
              {revealed.publicKey}
            </code>
            <CopyButton value={revealed.publicKey} label="Copy key" />
          </dd>
        </div>
        <div>
          <dt className="font-medium text-amber-950">API secret (x-api-secret header)</dt>
          <dd className="mt-1 flex flex-wrap items-center gap-2">
            <code className="rounded bg-white px-2 py-1 font-mono text-xs break-all text-slate-900 ring-1 ring-amber-200">
              {revealed.secret}
            </code>
            <CopyButton value={revealed.secret} label="Copy secret" />
          </dd>
        </div>
      </dl>
      <button type="button" className={`mt-4 ${buttonClass('secondary')}`} onClick={onDismiss}>
        I have stored the secret
      </button>
    </section>
  );
}
