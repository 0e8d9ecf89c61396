'use client';

import type { FormEvent } from 'react';
import { buttonClass, INPUT_CLASS, LABEL_CLASS } from '../ui';
import { useHydrated } from '../use-hydrated';

export interface LogFilterValues {
  status: string;
  errorCode: string;
  route: string;
  /** `datetime-local` values, in the operator's time zone. */
  from: string;
  to: string;
}

export const NO_FILTERS: LogFilterValues = { status: '', errorCode: '', route: '', from: '', to: '' };

export function hasFilters(values: LogFilterValues): boolean {
  return [values.status, values.errorCode, values.route, values.from, values.to].some((value) => value.trim() !== '');
}

function localToIso(value: string, endOfMinute: boolean): string | undefined {
  const time = new Date(value).getTime();
  if (!value || Number.isNaN(time)) return undefined;
  // datetime-local has minute precision: "to 10:30" should include requests at 10:30:45.
  return new Date(endOfMinute ? time + 59_999 : time).toISOString();
}

/** The filter part of the logs.requests / logs.errors input; blank fields are left out. */
export function toLogQuery(values: LogFilterValues) {
  const from = localToIso(values.from, false);
  const to = localToIso(values.to, true);
  return {
    ...(values.status.trim() ? { status: values.status.trim().toLowerCase() } : {}),
    ...(values.errorCode.trim() ? { errorCode: values.errorCode.trim() } : {}),
    ...(values.route.trim() ? { route: values.route.trim() } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}

interface LogFiltersProps {
  idPrefix: string;
  errorCodes: string[];
  isFetching: boolean;
  onApply: (values: LogFilterValues) => void;
}

export function LogFilters({ idPrefix, errorCodes, isFetching, onApply }: LogFiltersProps) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const isHydrated = useHydrated();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const read = (name: keyof LogFilterValues) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    onApply({ status: read('status'), errorCode: read('errorCode'), route: read('route'), from: read('from'), to: read('to') });
  }

  return (
    <form
      onSubmit={submit}
      onReset={() => onApply(NO_FILTERS)}
      aria-label="Filters"
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6"
    >
      <div>
        <label htmlFor={id('status')} className={LABEL_CLASS}>
          Status
        </label>
        <input
          id={id('status')}
          name="status"
          placeholder="404 or 4xx"
          pattern="[1-5]([0-9]{2}|[xX]{2})"
          title="A status like 404 or a class like 4xx"
          className={`mt-1 ${INPUT_CLASS}`}
        />
      </div>
      <div className="lg:col-span-2">
        <label htmlFor={id('error-code')} className={LABEL_CLASS}>
          Error code
        </label>
        <input id={id('error-code')} name="errorCode" list={id('error-codes')} placeholder="Any" className={`mt-1 ${INPUT_CLASS}`} />
        <datalist id={id('error-codes')}>
          {errorCodes.map((code) => (
            <option key={code} value={code} />
          ))}
        </datalist>
      </div>
      <div className="lg:col-span-3">
        <label htmlFor={id('route')} className={LABEL_CLASS}>
          Route or path contains
        </label>
        <input id={id('route')} name="route" placeholder="/v1/connections" className={`mt-1 ${INPUT_CLASS}`} />
      </div>
      <div className="lg:col-span-2">
        <label htmlFor={id('from')} className={LABEL_CLASS}>
          From
        </label>
        <input id={id('from')} name="from" type="datetime-local" className={`mt-1 ${INPUT_CLASS}`} />
      </div>
      <div className="lg:col-span-2">
        <label htmlFor={id('to')} className={LABEL_CLASS}>
          To
        </label>
        <input id={id('to')} name="to" type="datetime-local" className={`mt-1 ${INPUT_CLASS}`} />
      </div>
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-2">
        <button type="submit" className={buttonClass('primary')} disabled={!isHydrated || isFetching}>
          Apply filters
        </button>
        <button type="reset" className={buttonClass('secondary')}>
          Clear
        </button>
      </div>
    </form>
  );
}
