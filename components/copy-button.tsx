'use client';

import { useState } from 'react';
import { buttonClass } from './ui';

/** Copies a value to the clipboard and says so in a live region; `context` completes the name for screen readers. */
export function CopyButton({ value, label, context }: { value: string; label: string; context?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      // Clipboard access needs a secure context and permission; the value stays selectable on the page.
      setState('failed');
    }
  }

  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" className={buttonClass('secondary')} onClick={() => void copy()}>
        {label}
        {context ? <span className="sr-only"> ({context})</span> : null}
      </button>
      <span aria-live="polite" className="text-xs text-slate-600">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the text instead' : ''}
      </span>
    </span>
  );
}
