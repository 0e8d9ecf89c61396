'use client';

import { useEffect, useState, type FormEvent } from 'react';
import { buttonClass, INPUT_CLASS, LABEL_CLASS } from '../ui';
import { useHydrated } from '../use-hydrated';
import { CONNECTION_STATUSES, connectionStatusLabel } from './badges';
import type { ConnectorInfo } from './connectors';

export interface ConnectionFilterValues {
  q: string;
  connectorId: string;
  status: string;
}

const SEARCH_DELAY_MS = 350;

interface ConnectionFiltersProps {
  filters: ConnectionFilterValues;
  connectors: ConnectorInfo[];
  onChange: (patch: Partial<ConnectionFilterValues>) => void;
}

/** Search as you type (after a short pause, or at once on Enter); the selects apply when changed. */
export function ConnectionFilters({ filters, connectors, onChange }: ConnectionFiltersProps) {
  const isHydrated = useHydrated();
  const [draft, setDraft] = useState(filters.q);
  const [seenQ, setSeenQ] = useState(filters.q);
  // The URL changed under us (navigation, Clear): show its query, unless it is just our own draft, trimmed.
  if (filters.q !== seenQ) {
    setSeenQ(filters.q);
    if (filters.q !== draft.trim()) setDraft(filters.q);
  }

  useEffect(() => {
    const next = draft.trim();
    if (next === filters.q) return;
    const timer = setTimeout(() => onChange({ q: next }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, filters.q, onChange]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onChange({ q: draft.trim() });
  }

  const hasFilters = Boolean(filters.q || filters.connectorId || filters.status || draft.trim());

  return (
    <form
      role="search"
      aria-label="Connections"
      onSubmit={submit}
      className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
    >
      <div className="col-span-2 lg:col-span-1">
        <label htmlFor="connections-q" className={LABEL_CLASS}>
          Search connections
        </label>
        <input
          id="connections-q"
          name="q"
          type="search"
          value={draft}
          // Controlled by React: text typed before hydration would be dropped, so wait for it (like the buttons).
          disabled={!isHydrated}
          maxLength={500}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="e.g. jane@acme.com or acme.com"
          aria-describedby="connections-q-hint"
          autoComplete="off"
          spellCheck={false}
          className={`mt-1 ${INPUT_CLASS}`}
        />
        <p id="connections-q-hint" className="mt-1 text-xs text-slate-500">
          Finds the vendor account&apos;s e-mail, phone (international, +…), domain or URL, a day (YYYY-MM-DD) the connection was created or
          updated, or text in the owner id, connector or account name. Every term must match.
        </p>
      </div>
      <div>
        <label htmlFor="connections-connector" className={LABEL_CLASS}>
          Connector
        </label>
        <select
          id="connections-connector"
          name="connectorId"
          value={filters.connectorId}
          disabled={!isHydrated}
          onChange={(event) => onChange({ connectorId: event.target.value })}
          className={`mt-1 ${INPUT_CLASS}`}
        >
          <option value="">All connectors</option>
          {connectors.map((connector) => (
            <option key={connector.id} value={connector.id}>
              {connector.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="connections-status" className={LABEL_CLASS}>
          Status
        </label>
        <select
          id="connections-status"
          name="status"
          value={filters.status}
          disabled={!isHydrated}
          onChange={(event) => onChange({ status: event.target.value })}
          className={`mt-1 ${INPUT_CLASS}`}
        >
          <option value="">Any status</option>
          {CONNECTION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {connectionStatusLabel(status)}
            </option>
          ))}
        </select>
      </div>
      <div className="col-span-2 flex items-start gap-2 lg:col-span-1 lg:pt-6">
        <button type="submit" className={buttonClass('primary')} disabled={!isHydrated}>
          Search
        </button>
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={!isHydrated || !hasFilters}
          onClick={() => {
            setDraft('');
            onChange({ q: '', connectorId: '', status: '' });
          }}
        >
          Clear
        </button>
      </div>
    </form>
  );
}
