import { Suspense, useState, type ReactNode } from 'react';

/*
 * Hydration of a long page in steps. Hydrating the whole landing page at once is one task of
 * some 200 ms on a mid-range phone, long enough to hold up a tap. Sections wrapped in
 * <HydrateLater> instead hydrate one per task, in page order, after the rest of the page: each
 * suspends during the first hydration, which keeps its prerendered HTML on screen untouched,
 * and resumes in a task of its own. Rendered any other way (the prerender, a visit from another
 * page of the site) they render at once.
 *
 * What a <HydrateLater> wraps must render exactly one element: while it waits, Preact keeps only
 * the first element of a suspended part in place and would drop and rebuild any others.
 */

interface Gate {
  open: boolean;
  opened: Promise<void>;
}

const OPEN: Gate = { open: true, opened: Promise.resolve() };

/** True while the page's first hydration renders: set by the client entry. */
let hydrating = false;
/** Settles once every section deferred so far has been let through. */
let lastGate: Promise<void> = Promise.resolve();

/** Lets the browser handle input and paint before the next piece of work. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function createGate(): Gate {
  const gate: Gate = { open: false, opened: Promise.resolve() };
  gate.opened = lastGate.then(nextTask).then(() => {
    gate.open = true;
  });
  lastGate = gate.opened;
  return gate;
}

/**
 * Runs the page's first hydration (`render`, synchronous) with sections deferred, and settles
 * once every deferred section has hydrated too.
 */
export async function hydrateInSteps(render: () => void): Promise<void> {
  hydrating = true;
  try {
    render();
  } finally {
    hydrating = false;
  }
  await lastGate;
  // The last section renders in the task its gate opened in; let that finish.
  await nextTask();
}

function Gated({ gate, children }: { gate: Gate; children: ReactNode }) {
  // Suspense's signal for "not yet": the pending promise itself.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (!gate.open) throw gate.opened;
  return children;
}

export function HydrateLater({ children }: { children: ReactNode }) {
  const [gate] = useState(() => (hydrating ? createGate() : OPEN));
  return (
    <Suspense fallback={null}>
      <Gated gate={gate}>{children}</Gated>
    </Suspense>
  );
}
