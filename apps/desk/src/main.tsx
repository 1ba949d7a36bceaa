import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createDeskRouter } from './app/router.tsx';
import { canUseServiceWorker, registerServiceWorker } from './lib/service-worker.ts';
import './app/global.css';

// The desk's address is /desk/ (the router's basename and the worker's scope): /desk, typed or
// kept in a bookmark, is read as it.
const base = import.meta.env.BASE_URL;
const { pathname, search, hash } = window.location;
if (pathname === base.slice(0, -1)) {
  window.history.replaceState(window.history.state, '', `${base}${search}${hash}`);
}

const root = document.getElementById('root');
if (!root) throw new Error('The desk page has no #root element.');

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={createDeskRouter()} />
  </StrictMode>,
);

// After the first screen: keeping the shell for slow networks must not compete with showing it.
if (import.meta.env.PROD && canUseServiceWorker()) {
  window.addEventListener('load', () => {
    registerServiceWorker().catch((error: unknown) => {
      console.warn('The desk works without its offline shell here:', error);
    });
  });
}
