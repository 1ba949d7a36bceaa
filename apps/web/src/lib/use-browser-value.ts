import { useEffect, useState } from 'react';

/** Calls `onChange` whenever the value may have changed; returns the unsubscribe function. */
export type Subscribe = (onChange: () => void) => () => void;

/**
 * A value only the browser knows (the clock, the network, storage), for a prerendered page:
 * the prerendered HTML and hydration use `prerendered`, so they always match; right after
 * hydration `read()` takes over, and again whenever `subscribe` reports a change.
 *
 * `read` and `subscribe` must keep their identity between renders (module functions or
 * memoized callbacks).
 */
export function useBrowserValue<T>(read: () => T, prerendered: T, subscribe?: Subscribe): T {
  const [value, setValue] = useState(prerendered);
  useEffect(() => {
    const update = () => setValue(read());
    update();
    return subscribe?.(update);
  }, [read, subscribe]);
  return value;
}
