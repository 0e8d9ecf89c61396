'use client';

import { useState, type FormEvent } from 'react';
import { trpc, type RouterOutputs } from '../trpc';
import { useHydrated } from '../use-hydrated';
import { buttonClass, ErrorNotice, INPUT_CLASS, LABEL_CLASS } from '../ui';

type Created = RouterOutputs['apiKeys']['create'];

export function CreateKeyForm({ onCreated }: { onCreated: (created: Created) => void }) {
  const [label, setLabel] = useState('');
  const isHydrated = useHydrated();
  const utils = trpc.useUtils();
  const create = trpc.apiKeys.create.useMutation({
    onSuccess: (created) => {
      setLabel('');
      onCreated(created);
      void utils.apiKeys.list.invalidate();
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate({ label });
  }

  return (
    <form onSubmit={submit} className="rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="create-key-heading">
      <h2 id="create-key-heading" className="text-base font-semibold text-slate-900">
        Create key
      </h2>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="new-key-label" className={LABEL_CLASS}>
            Label
          </label>
          <input
            id="new-key-label"
            name="label"
            required
            maxLength={100}
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            placeholder="e.g. Production backend"
            className={`mt-1 ${INPUT_CLASS}`}
          />
        </div>
        <button type="submit" className={buttonClass('primary')} disabled={!isHydrated || create.isPending}>
          {create.isPending ? 'Creating…' : 'Create key'}
        </button>
      </div>
      {create.error ? (
        <div className="mt-3">
          <ErrorNotice error={create.error} />
        </div>
      ) : null}
    </form>
  );
}
