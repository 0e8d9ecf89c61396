'use client';

import { useState } from 'react';
import { buttonClass } from './ui';

/** Copies a value to the clipboard and says so in a live region. */
export function CopyButton({ value, label }: { value: string; label: string }) {
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
      </button>
      <span aria-live="polite" className="text-xs text-slate-600">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the text instead' : ''}
      </span>
    </span>
  );
}
