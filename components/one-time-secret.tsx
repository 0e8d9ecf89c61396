'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { CopyButton } from './copy-button';
import { buttonClass } from './ui';

export interface SecretItem {
  term: string;
  value: string;
  copyLabel: string;
}

/**
 * The one moment a secret is visible (API keys, webhook signing secrets): the service keeps only its ciphertext
 * and never returns it again. Focus moves to the heading so keyboard and screen-reader users notice it appear.
 */
export function OneTimeSecretPanel(props: {
  id: string;
  title: ReactNode;
  children: ReactNode;
  items: SecretItem[];
  footer?: ReactNode;
  /** Changes whenever a new secret is shown, to move focus again. */
  focusKey: unknown;
  onDismiss: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [props.focusKey]);

  return (
    <section aria-labelledby={props.id} className="rounded-lg border-2 border-amber-400 bg-amber-50 p-5">
      <h2 id={props.id} ref={headingRef} tabIndex={-1} className="text-base font-semibold text-amber-950 focus:outline-none">
        {props.title}
      </h2>
      {props.children}
      <dl className="mt-4 space-y-3 text-sm">
        {props.items.map((item) => (
          <div key={item.term}>
            <dt className="font-medium text-amber-950">{item.term}</dt>
            <dd className="mt-1 flex flex-wrap items-center gap-2">
              <code className="rounded bg-white px-2 py-1 font-mono text-xs break-all text-slate-900 ring-1 ring-amber-200">
                {item.value}
              </code>
              <CopyButton value={item.value} label={item.copyLabel} />
            </dd>
          </div>
        ))}
      </dl>
      {props.footer}
      <button type="button" className={`mt-4 ${buttonClass('secondary')}`} onClick={props.onDismiss}>
        I have stored the secret
      </button>
    </section>
  );
}
