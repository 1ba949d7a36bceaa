import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';

// Script tests run in the node environment with the same setup file; only the browser-like
// environment gets the DOM helpers.
if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  // findBy… and waitFor wait for the change itself; a second is too short a deadline on a busy
  // machine.
  configure({ asyncUtilTimeout: 10_000 });
  const { installDialogPolyfill } = await import('./dialog-polyfill.ts');
  installDialogPolyfill(window);
  // jsdom does not scroll; tests that care spy on it.
  window.scrollTo = () => {};
  afterEach(() => {
    cleanup();
    // Each test starts as a new visitor.
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
}
