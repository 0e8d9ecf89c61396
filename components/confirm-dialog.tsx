'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { buttonClass } from './ui';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  isOpen: boolean;
  isPending?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal confirmation on the native <dialog>: focus trap, Escape and the inert background come for free. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  isOpen,
  isPending = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);

  return (
    <dialog
      ref={ref}
      aria-labelledby="confirm-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-xl"
    >
      <div className="p-6">
        <h2 id="confirm-dialog-title" className="text-lg font-semibold">
          {title}
        </h2>
        <div className="mt-2 space-y-2 text-sm text-slate-600">{children}</div>
        {error ? (
          <p role="alert" className="mt-3 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex justify-end gap-2 rounded-b-lg border-t border-slate-200 bg-slate-50 px-6 py-3">
        <button type="button" className={buttonClass('secondary')} onClick={onCancel} disabled={isPending}>
          Cancel
        </button>
        <button type="button" className={buttonClass('danger')} onClick={onConfirm} disabled={isPending}>
          {isPending ? 'Working…' : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
