import { useSyncExternalStore } from 'react';
import { env } from '../config/env.ts';

function subscribe() {
  return () => {};
}

/**
 * The current year for the copyright line. The prerendered HTML and hydration use the build
 * year, so they always match; right after, the visitor's clock takes over.
 */
export function useCurrentYear(): number {
  return useSyncExternalStore(
    subscribe,
    () => new Date().getFullYear(),
    () => env.buildYear,
  );
}
