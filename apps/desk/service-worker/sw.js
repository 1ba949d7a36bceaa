/**
 * The sales desk's service worker (scope /desk/). It does two things:
 * 1. Opens the desk when the network is slow or gone: the app's shell (index.html and the
 *    hashed files the build made) is kept in a cache named after the build, and a page load
 *    that gets no answer within NETWORK_WAIT_MS is served the kept shell.
 * 2. Shows the desk's push alerts and opens the buyer when one is tapped.
 * Nothing under /desk/api/ is ever answered or kept here: buyers' details stay on the server.
 *
 * The build replaces DESK_SHELL with `{ version, files }` (service-worker/emit-service-worker.ts).
 */
const SHELL = DESK_SHELL;
const CACHE = `desk-shell-${SHELL.version}`;
const SCOPE = new URL(self.registration.scope).pathname;
const SHELL_PAGE = `${SCOPE}index.html`;
const API = `${SCOPE}api/`;
const NETWORK_WAIT_MS = 3000;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([SHELL_PAGE, ...SHELL.files.map((file) => SCOPE + file)]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => names.filter((name) => name.startsWith('desk-shell-') && name !== CACHE))
      .then((old) => Promise.all(old.map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (!url.pathname.startsWith(SCOPE) || url.pathname.startsWith(API)) return;
  if (request.mode === 'navigate') {
    event.respondWith(pageOrShell(request));
  } else if (url.pathname.startsWith(`${SCOPE}assets/`)) {
    // Hashed names never change content: the kept copy is the file.
    event.respondWith(caches.match(request).then((kept) => kept ?? fetch(request)));
  }
});

/** The page from the network; the kept shell when the network fails or keeps the desk waiting. */
async function pageOrShell(request) {
  const network = fetch(request);
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(resolve, NETWORK_WAIT_MS);
  });
  try {
    const answer = await Promise.race([network, late]);
    if (answer) return answer;
  } catch {
    // Offline: fall through to the kept shell.
  } finally {
    clearTimeout(timer);
  }
  const shell = await caches.match(SHELL_PAGE);
  return shell ?? network;
}

/**
 * A push carries `{ title, body, url, tag }` (see the desk API's push documentation); the tag
 * folds repeated alerts about one buyer into one notification.
 */
self.addEventListener('push', (event) => {
  const alert = readAlert(event.data);
  event.waitUntil(
    self.registration.showNotification(alert.title, {
      body: alert.body,
      tag: alert.tag,
      data: { url: alert.url },
      icon: `${SCOPE}icons/icon-192.png`,
      lang: 'en-IN',
    }),
  );
});

function readAlert(data) {
  const fallback = {
    title: 'Sales desk',
    body: 'Something new is waiting in the desk.',
    url: SCOPE,
  };
  let sent;
  try {
    sent = data ? data.json() : {};
  } catch {
    sent = {};
  }
  const text = (value) => (typeof value === 'string' && value.trim() ? value : undefined);
  const url = text(sent.url);
  return {
    title: text(sent.title) ?? fallback.title,
    body: text(sent.body) ?? fallback.body,
    // Only a page of the desk: an alert never opens another site.
    url: url && url.startsWith(SCOPE) ? url : fallback.url,
    tag: text(sent.tag),
  };
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? SCOPE, self.location.origin).href;
  event.waitUntil(openInDesk(url));
});

/** Shows the buyer in an open desk window (brought to the front), or in a new one. */
async function openInDesk(url) {
  const windows = await self.clients.matchAll({ type: 'window' });
  const desk = windows.find((client) => new URL(client.url).pathname.startsWith(SCOPE));
  if (!desk) return self.clients.openWindow(url);
  const shown = (await desk.navigate(url)) ?? desk;
  return shown.focus();
}
