import { Fragment, options, type VNode } from 'preact';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

/**
 * The built site runs on Preact (vite.config.ts), which hydrates a whole document into its
 * `<html>` element rather than into `document` itself. The root layout still renders `<html>`
 * (the prerender needs it), so on the client that element becomes a fragment: its `<head>` and
 * `<body>` then meet the prerendered ones one to one, and the `<html>` element the browser
 * built (with its `lang`) stays as it is.
 */
const previousVNodeHook = options.vnode?.bind(options);
options.vnode = (vnode: VNode) => {
  if (vnode.type === 'html') (vnode as { type: unknown }).type = Fragment;
  previousVNodeHook?.(vnode);
};

/**
 * The router first decodes the page's embedded state, which takes a moment, and suspends by
 * throwing the pending promise. Preact hands that back from the call (React would wait by
 * itself), so hydration starts again once the state is ready.
 */
function hydrate(): void {
  try {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  } catch (thrown) {
    if (!(thrown instanceof Promise)) throw thrown;
    void thrown.then(hydrate, hydrate);
  }
}

startTransition(hydrate);
