'use client';

import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server render and during hydration, true once React handles events. Buttons whose work needs
 * JavaScript stay disabled until then, so an early click is not silently lost (or, for a form, submitted natively).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
