'use client';

import { useEffect, useState } from 'react';
import { DateTime } from './ui';

const RELATIVE = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "in 29 minutes", "3 hours ago". */
export function formatRelative(iso: string, now: number): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return RELATIVE.format(Math.round(seconds / size), unit);
  }
  return RELATIVE.format(seconds, 'second');
}

/** The current time, refreshed every `intervalMs`, so relative times do not go stale on an open page. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Relative and absolute: "in 29 minutes (5 Jun 2025, 10:30:00)". */
export function RelativeDateTime({ value, now }: { value: string; now: number }) {
  return (
    <span>
      {formatRelative(value, now)} <span className="text-slate-500">(</span>
      <DateTime value={value} />
      <span className="text-slate-500">)</span>
    </span>
  );
}
