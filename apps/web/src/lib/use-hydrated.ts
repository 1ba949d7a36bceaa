import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the prerendered HTML and while React hydrates it, true from then on (and at once for
 * anything that mounts later). Lets a part of the page work without script first and hand over
 * to React once it can.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
