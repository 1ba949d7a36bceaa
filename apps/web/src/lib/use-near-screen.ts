import { useEffect, useState, type RefObject } from 'react';
import { useHydrated } from './use-hydrated.ts';

/**
 * Whether the element has come within `margin` of the screen since the page hydrated; once true
 * it stays true. Browsers without IntersectionObserver (and test DOMs) count as near once
 * hydrated.
 */
export function useNearScreen(ref: RefObject<Element | null>, margin: string): boolean {
  const hydrated = useHydrated();
  const observable = typeof IntersectionObserver !== 'undefined';
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element || !observable) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near, observable]);
  return observable ? near : hydrated;
}
