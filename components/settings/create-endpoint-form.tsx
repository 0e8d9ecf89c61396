'use client';

import { useState, type FormEvent } from 'react';
import { trpc, type RouterOutputs } from '../trpc';
import { buttonClass, ErrorNotice, INPUT_CLASS, LABEL_CLASS } from '../ui';
import { useHydrated } from '../use-hydrated';
import { EventFilterPicker } from './event-filter-picker';

type Created = RouterOutputs['webhookEndpoints']['create'];

export function CreateEndpointForm({ onCreated }: { onCreated: (created: Created) => void }) {
  const isHydrated = useHydrated();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const utils = trpc.useUtils();
  const create = trpc.webhookEndpoints.create.useMutation({
    onSuccess: (created) => {
      setUrl('');
      setEvents([]);
      onCreated(created);
      void utils.webhookEndpoints.list.invalidate();
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate({ url: url.trim(), ...(events.length > 0 ? { events } : {}) });
  }

  return (
    <form onSubmit={submit} aria-labelledby="add-endpoint-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h3 id="add-endpoint-heading" className="text-base font-semibold text-slate-900">
        Add endpoint
      </h3>
      <div>
        <label htmlFor="endpoint-url" className={LABEL_CLASS}>
          Endpoint URL
        </label>
        <input
          id="endpoint-url"
          type="url"
          required
          maxLength={2000}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          placeholder="https://example.com/webhooks/integrations"
          className={`mt-1 ${INPUT_CLASS}`}
        />
      </div>
      <EventFilterPicker value={events} onChange={setEvents} disabled={create.isPending} />
      <ErrorNotice error={create.error} />
      <button type="submit" className={buttonClass('primary')} disabled={!isHydrated || create.isPending}>
        {create.isPending ? 'Adding…' : 'Add endpoint'}
      </button>
    </form>
  );
}
