/** The desk's service worker (service-worker/sw.js), built to the root of the desk. */
const WORKER_URL = `${import.meta.env.BASE_URL}sw.js`;

export const canUseServiceWorker = (): boolean => 'serviceWorker' in navigator;

/**
 * Registers the worker for the whole desk, or hands back the one already registered. The
 * development server builds no worker, so there this fails like a browser without one.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.register(WORKER_URL, {
    scope: import.meta.env.BASE_URL,
    // The worker script is checked on every update, whatever the HTTP cache holds.
    updateViaCache: 'none',
  });
}
