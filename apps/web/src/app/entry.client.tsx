import { Fragment, options, type VNode } from 'preact';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { hydrateInSteps, nextTask } from './hydrate-later.tsx';

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
 * Creates React Router's router, the largest single piece of hydration, in a task before the
 * render. `HydratedRouter` creates it on its first line, before any hook, and keeps it for the
 * render; called here outside a render, it then stops at its first hook, which is expected. A
 * router that cannot be created yet (the page's state still decoding) throws that promise on.
 */
function createRouterAhead(): void {
  try {
    (HydratedRouter as (props: object) => unknown)({});
  } catch (thrown) {
    if (thrown instanceof Promise) throw thrown;
  }
}

/**
 * Hydrates in tasks of its own, so that no single task keeps a slow phone's main thread long:
 * first the modules run, then the router decodes the page's embedded state, then the router is
 * created, then the page hydrates. The router signals that the state is still being decoded by
 * throwing the pending promise; Preact hands that back from the call (React would wait by
 * itself). Long pages hydrate their later sections in further tasks (hydrate-later.tsx). Once
 * the whole page is hydrated, whatever the visitor did before (queued by the page boot script)
 * is handed to it.
 */
async function hydrate(): Promise<void> {
  for (;;) {
    await nextTask();
    try {
      createRouterAhead();
      await nextTask();
      await hydrateInSteps(() =>
        hydrateRoot(
          document,
          <StrictMode>
            <HydratedRouter />
          </StrictMode>,
        ),
      );
      break;
    } catch (thrown) {
      if (!(thrown instanceof Promise)) throw thrown;
      await thrown.catch(() => {});
    }
  }
  await nextTask();
  await window.iconiaEarlyInput?.replay();
  // Marks the end of hydration for whoever waits for it (browser tests, for one).
  document.documentElement.dataset.hydrated = '';
}

startTransition(() => {
  hydrate().catch((error: unknown) => {
    // A page that cannot hydrate must not keep what the visitor did waiting for it: a form
    // sent early goes out as a plain form post, which the API answers all the same.
    window.iconiaEarlyInput?.release();
    throw error;
  });
});
