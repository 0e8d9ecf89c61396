'use client';

import { useId, useState } from 'react';
import { EVENT_NAMES } from '@/server/models/operations';
import { INPUT_CLASS } from '../ui';

// Plain data shared with the service (the same list validates the filter), grouped by model for the picker.
const GROUPS = EVENT_NAMES.reduce<{ model: string; events: string[] }[]>((groups, event) => {
  const model = event.slice(0, event.indexOf('::'));
  const last = groups.at(-1);
  if (last?.model === model) last.events.push(event);
  else groups.push({ model, events: [event] });
  return groups;
}, []);

/** "All events" for no filter, else the count and the first few names. */
export function summarizeEvents(events: readonly string[] | null): string {
  if (!events || events.length === 0) return 'All events';
  if (events.length === EVENT_NAMES.length) return `All ${EVENT_NAMES.length} events`;
  const shown = events.slice(0, 3).join(', ');
  return events.length > 3 ? `${events.length} events: ${shown}, …` : shown;
}

interface EventFilterPickerProps {
  value: readonly string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
}

/** Grouped checkboxes with a search; nothing checked means every event is delivered. */
export function EventFilterPicker({ value, onChange, disabled = false }: EventFilterPickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const selected = new Set(value);
  const needle = query.trim().toLowerCase();
  const groups = GROUPS.map((group) => ({
    ...group,
    visible: group.model.toLowerCase().includes(needle)
      ? group.events
      : group.events.filter((event) => event.toLowerCase().includes(needle)),
  })).filter((group) => group.visible.length > 0);

  // Keeps the service's order so the saved filter reads the same way as the list.
  const update = (change: (next: Set<string>) => void) => {
    const next = new Set(selected);
    change(next);
    onChange(EVENT_NAMES.filter((event) => next.has(event)));
  };

  return (
    <fieldset className="rounded-md border border-slate-200 p-3" disabled={disabled}>
      <legend className="px-1 text-sm font-medium text-slate-700">Events</legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600" aria-live="polite">
          {value.length === 0 ? 'None selected: every event is delivered.' : `${value.length} selected: only these are delivered.`}
        </p>
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-search`} className="sr-only">
            Search events
          </label>
          <input
            id={`${id}-search`}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search events"
            className={`${INPUT_CLASS} sm:w-56`}
          />
          {value.length > 0 ? (
            <button
              type="button"
              className="text-sm font-medium whitespace-nowrap text-indigo-700 hover:underline"
              onClick={() => onChange([])}
            >
              Clear
            </button>
          ) : null}
        </div>
      </div>
      <div className="relative mt-3 grid max-h-72 gap-x-4 gap-y-3 overflow-y-auto pr-1 sm:grid-cols-2 lg:grid-cols-3">
        {groups.map((group) => {
          const all = group.events.every((event) => selected.has(event));
          return (
            <div key={group.model} role="group" aria-label={group.model}>
              <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
                <input
                  type="checkbox"
                  checked={all}
                  onChange={() =>
                    update((next) => {
                      for (const event of group.events) {
                        if (all) next.delete(event);
                        else next.add(event);
                      }
                    })
                  }
                  className="size-4 rounded border-slate-300"
                />
                <span className="font-mono text-xs">{group.model}</span>
                <span className="sr-only">: all its events</span>
              </label>
              <ul className="mt-1 ml-6 space-y-0.5">
                {group.visible.map((event) => (
                  <li key={event}>
                    <label className="flex items-center gap-2 text-sm text-slate-700">
                      <input
                        type="checkbox"
                        checked={selected.has(event)}
                        onChange={() =>
                          update((next) => {
                            if (!next.delete(event)) next.add(event);
                          })
                        }
                        className="size-4 rounded border-slate-300"
                      />
                      <span>{event.slice(group.model.length + 2)}</span>
                      <span className="sr-only">({event})</span>
                    </label>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
        {groups.length === 0 ? <p className="text-sm text-slate-600">No event matches “{query}”.</p> : null}
      </div>
    </fieldset>
  );
}
