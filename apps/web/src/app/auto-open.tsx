import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

interface OnceGate {
  hasRun(): boolean;
  markRun(): void;
}

const OnceGateContext = createContext<OnceGate | null>(null);

function createOnceGate(): OnceGate {
  let ran = false;
  return {
    hasRun: () => ran,
    markRun: () => {
      ran = true;
    },
  };
}

/**
 * Remembers, for as long as the page is loaded, whether the automatic opening already happened,
 * so coming back to the landing page from another page does not pop the modal up again.
 */
export function AutoOpenScope({ children }: { children: ReactNode }) {
  const [gate] = useState(createOnceGate);
  return <OnceGateContext value={gate}>{children}</OnceGateContext>;
}

/**
 * Runs `action` once, `delayMs` after the calling page has loaded; leaving the page before then
 * cancels it.
 */
export function useRunOnceAfterLoad(action: () => void, delayMs: number) {
  const gate = useContext(OnceGateContext);
  useEffect(() => {
    if (gate?.hasRun()) return;
    const timer = window.setTimeout(() => {
      gate?.markRun();
      action();
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [gate, action, delayMs]);
}
