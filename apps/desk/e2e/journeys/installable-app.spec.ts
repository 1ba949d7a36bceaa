import { createECDH, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '@iconia/web/e2e/axe';
import { CHROMIUM_ARGS, createTempDir, resolveChromium } from '@iconia/testkit';
import { PASSWORD, startDeskTestServer, type DeskTestServer } from '@iconia/api/test-server';
import { expect, signIn, test as deskTest } from '../support/desk-fixtures.ts';

/** The built desk (global setup builds it before any test runs). */
const DESK_DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const MANAGER = 'pwa.manager@iconia.test';

/**
 * The installable desk: its manifest, its service worker's kept shell and its push alerts. Each
 * test has a server of its own, so one can be taken away (the phone goes offline) and buyers are
 * known by id.
 */
const test = deskTest.extend<{ ownDesk: DeskTestServer }>({
  // eslint-disable-next-line no-empty-pattern
  ownDesk: async ({}, provide) => {
    const server = await startDeskTestServer({ deskDist: DESK_DIST });
    await server.addUser(MANAGER, 'manager', 'Pooja Manager');
    const removeOnce = server.remove.bind(server);
    let removed: Promise<void> | undefined;
    // A test may take the server away itself (the phone goes offline); it goes once.
    const remove = () => (removed ??= removeOnce());
    await provide(Object.assign(server, { remove }));
    await remove();
  },
  baseURL: async ({ ownDesk }, provide) => {
    await provide(ownDesk.url);
  },
});

/**
 * Chromium offers no install and no push in a private window, which every new Playwright context
 * is: a profile on disk is a person's ordinary browser.
 */
async function withProfile(run: (context: BrowserContext) => Promise<void>): Promise<void> {
  const profile = createTempDir('iconia-desk-profile-');
  const context = await chromium.launchPersistentContext(profile.dir, {
    executablePath: resolveChromium(),
    args: CHROMIUM_ARGS,
    headless: true,
    locale: 'en-IN',
  });
  try {
    await run(context);
  } finally {
    await context.close();
    profile.remove();
  }
}

/**
 * Opens the desk signed in and waits until its service worker controls the page and has finished
 * activating: a push delivered to a worker still activating may never reach its listener.
 */
async function openControlledDesk(page: Page): Promise<void> {
  await signIn(page, { email: MANAGER }, PASSWORD);
  await page.waitForFunction(async () => {
    if (navigator.serviceWorker.controller === null) return false;
    const { active } = await navigator.serviceWorker.ready;
    return active?.state === 'activated';
  });
}

/** The DevTools protocol's id for the desk's service worker registration. */
async function deskRegistrationId(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const desk = registrations.find(
        (registration) => registration.scopeURL === `${origin}/desk/` && !registration.isDeleted,
      );
      if (desk) resolve(desk.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

test('when Chromium opens the desk, then it finds it installable from its manifest', async ({
  ownDesk,
}) => {
  await withProfile(async (context) => {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${ownDesk.url}/desk/`);
    await expect(page.getByRole('heading', { name: 'Sales desk' })).toBeVisible();
    const cdp = await context.newCDPSession(page);

    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const { url, errors } = await cdp.send('Page.getAppManifest');

    expect(installabilityErrors).toEqual([]);
    expect(errors).toEqual([]);
    expect(url).toBe(`${ownDesk.url}/desk/manifest.webmanifest`);
    expect(await (await page.request.get(url)).json()).toMatchObject({
      short_name: 'Sales desk',
      start_url: '/desk/',
      scope: '/desk/',
      display: 'standalone',
    });
  });
});

test('when a push arrives, then its notification shows the buyer and tapping it opens that buyer in the open desk', async ({
  page,
  ownDesk,
}) => {
  const buyer = ownDesk.storeLead({ name: 'Kavya Reddy' });
  await page.context().grantPermissions(['notifications'], { origin: ownDesk.url });
  await openControlledDesk(page);
  await page.getByRole('link', { name: 'Today' }).click();
  await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  const registrationId = await deskRegistrationId(cdp, ownDesk.url);

  const alert = {
    title: 'New buyer: Kavya',
    body: 'Plot 200 - 300 Sq. Yds',
    url: `/desk/leads/${buyer}`,
    tag: `lead-${buyer}`,
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: ownDesk.url,
    registrationId,
    data: JSON.stringify(alert),
  });

  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const notifications = await registration.getNotifications();
      return notifications.map(({ title, body, tag, data }) => ({
        title,
        body,
        tag,
        data: data as unknown,
      }));
    });
  await expect
    .poll(shown)
    .toEqual([{ title: alert.title, body: alert.body, tag: alert.tag, data: { url: alert.url } }]);

  // No protocol command taps a notification; the worker's own notificationclick listener gets
  // the notification it showed, as a tap would hand it over.
  const [worker] = page.context().serviceWorkers();
  if (!worker) throw new Error('The desk has no running service worker.');
  await worker.evaluate(async (tag) => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
    };
    const [notification] = await scope.registration.getNotifications({ tag });
    if (!notification) throw new Error(`No notification tagged ${tag}`);
    const NotificationClick = (
      globalThis as unknown as {
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      }
    ).NotificationEvent;
    scope.dispatchEvent(new NotificationClick('notificationclick', { notification }));
  }, alert.tag);

  await expect(page).toHaveURL(`${ownDesk.url}${alert.url}`);
  await expect(page.getByRole('heading', { name: 'Kavya Reddy', level: 1 })).toBeVisible();
  await expect.poll(shown).toEqual([]);
});

test('when a push carries no readable alert, then the desk still says something is waiting and opens only the desk', async ({
  page,
  ownDesk,
}) => {
  await page.context().grantPermissions(['notifications'], { origin: ownDesk.url });
  await openControlledDesk(page);
  const cdp = await page.context().newCDPSession(page);
  const registrationId = await deskRegistrationId(cdp, ownDesk.url);

  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: ownDesk.url,
    registrationId,
    data: JSON.stringify({ title: 'Open me', url: 'https://elsewhere.example/' }),
  });

  await expect
    .poll(() =>
      page.evaluate(async () => {
        const notifications = await (await navigator.serviceWorker.ready).getNotifications();
        return notifications.map(({ title, body, data }) => ({
          title,
          body,
          data: data as unknown,
        }));
      }),
    )
    .toEqual([
      { title: 'Open me', body: 'Something new is waiting in the desk.', data: { url: '/desk/' } },
    ]);
});

test('when the server cannot be reached, then the desk opens from its kept shell and says so, and no API answer was kept', async ({
  page,
  ownDesk,
}) => {
  const buyer = ownDesk.storeLead({ name: 'Rohan Varma' });
  await openControlledDesk(page);
  await page.goto(`/desk/leads/${buyer}`);
  await expect(page.getByRole('heading', { name: 'Rohan Varma', level: 1 })).toBeVisible();

  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
    }
    return urls;
  });
  expect(kept).toContain('/desk/index.html');
  expect(kept.filter((path) => path.includes('/api/'))).toEqual([]);
  expect(
    kept.every((path) => path === '/desk/index.html' || path.startsWith('/desk/assets/')),
  ).toBe(true);

  await ownDesk.remove();
  await page.goto(`/desk/leads/${buyer}`);

  await expect(
    page.getByText('The desk could not reach the server.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('Rohan Varma')).toHaveCount(0);
});

test('when the desk is reloaded offline, then it keeps its header and says it is offline and will reconnect, and comes back by itself once online @layout', async ({
  page,
  context,
}) => {
  await openControlledDesk(page);
  const online = await page.getByRole('main').boundingBox();
  await context.setOffline(true);

  await page.reload();
  // Chromium's offline emulation does not reach the reloaded document's navigator.onLine: say
  // it again, as the system does when the network drops, until the page hears "offline" (said
  // too early, before the new document listens, it is lost).
  await expect
    .poll(async () => {
      await context.setOffline(false);
      await context.setOffline(true);
      return page.evaluate(() => navigator.onLine);
    })
    .toBe(false);

  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Iconia sales desk' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(
    'You are offline; the desk will reconnect',
  );
  await expect(main).toHaveText('You are offline; the desk will reconnect');
  // The same frame as online: the page's area sits where the desk's always does.
  const offline = await main.boundingBox();
  expect(offline?.x).toBe(online?.x);
  expect(offline?.width).toBe(online?.width);
  await expectNoAxeViolations(page, 'the desk reloaded offline');

  await context.setOffline(false);

  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Desk' })).toBeVisible();
});

test('when notifications are blocked for the desk, then Alerts on this phone stays off and says how to allow them', async ({
  page,
}) => {
  await signIn(page, { email: MANAGER }, PASSWORD);
  await page.getByText('Account of Pooja Manager').click();
  const alerts = page.getByRole('switch', { name: 'Alerts on this phone' });
  await expect(alerts).toHaveAttribute('aria-checked', 'false');

  await alerts.click();

  await expect(page.getByRole('alert')).toHaveText(
    'Notifications are blocked for the desk in this browser. Allow them in the site settings, then turn alerts on again.',
  );
  await expect(alerts).toHaveAttribute('aria-checked', 'false');
  await expectNoAxeViolations(page, 'Account menu with alerts refused');
});

test('when the browser cannot reach its push service, then Alerts on this phone stays off and says so', async ({
  ownDesk,
}) => {
  await withProfile(async (context) => {
    await context.grantPermissions(['notifications'], { origin: ownDesk.url });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${ownDesk.url}/desk/`);
    await page.getByLabel('Email').fill(MANAGER);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Account of Pooja Manager').click();
    const alerts = page.getByRole('switch', { name: 'Alerts on this phone' });

    await alerts.click();

    // Permission given and the server's key fetched: only the push service was out of reach.
    await expect(page.getByRole('alert')).toHaveText(
      'This browser could not reach its push service, so alerts stay off. Check the connection (and that this is not a private window), then try again.',
      { timeout: 30_000 },
    );
    await expect(alerts).toHaveAttribute('aria-checked', 'false');
    const subscribed = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.pushManager.getSubscription();
    });
    expect(subscribed).toBeNull();
  });
});

/*
 * Chromium here cannot reach a push service, so PushManager.subscribe never succeeds: the phone's
 * subscription is the one thing played by the page (its endpoint stored on the server as the
 * desk would store it); the server's answer and the switch are real.
 */
test('when alerts were on for a phone and its owner signed out everywhere on another device, then the phone shows them off and says why once signed in again', async ({
  page,
  browser,
  ownDesk,
}) => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const subscription = {
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('base64url')}`,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
  await page.context().grantPermissions(['notifications'], { origin: ownDesk.url });
  // The browser holds the subscription from when the test says so until the desk drops it.
  await page.addInitScript((endpoint) => {
    const state = 'played-subscription';
    PushManager.prototype.getSubscription = () =>
      Promise.resolve(
        localStorage.getItem(state) === 'on'
          ? ({
              endpoint,
              unsubscribe: () => {
                localStorage.setItem(state, 'dropped');
                return Promise.resolve(true);
              },
            } as unknown as PushSubscription)
          : null,
      );
  }, subscription.endpoint);
  await openControlledDesk(page);
  const stored = await page.request.post('/desk/api/push/subscriptions', {
    data: subscription,
    headers: { Origin: ownDesk.url },
  });
  expect(stored.status()).toBe(201);
  const alerts = page.getByRole('switch', { name: 'Alerts on this phone' });
  await page.evaluate(() => localStorage.setItem('played-subscription', 'on'));
  await page.reload();
  await page.getByText('Account of Pooja Manager').click();
  await expect(alerts).toHaveAttribute('aria-checked', 'true');

  const laptop = await browser.newContext({ baseURL: ownDesk.url, locale: 'en-IN' });
  const laptopPage = await laptop.newPage();
  await signIn(laptopPage, { email: MANAGER }, PASSWORD);
  await laptopPage.getByText('Account of Pooja Manager').click();
  await laptopPage.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(laptopPage.getByRole('heading', { name: 'Sales desk' })).toBeVisible();
  await laptop.close();
  await signIn(page, { email: MANAGER }, PASSWORD);
  await page.getByText('Account of Pooja Manager').click();

  await expect(page.getByRole('status').filter({ hasText: 'stopped sending' })).toHaveText(
    'Alerts are off for this phone: the desk stopped sending them here, as it does when you sign out everywhere or your password is reset. Turn them on again to get them here.',
  );
  await expect(alerts).toHaveAttribute('aria-checked', 'false');
  // The browser's own subscription is dropped too, so turning alerts on makes a fresh one.
  expect(await page.evaluate(() => localStorage.getItem('played-subscription'))).toBe('dropped');
});
