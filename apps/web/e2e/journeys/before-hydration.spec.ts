import { FORM_BUTTONS, FORM_FIELDS, THANK_YOU_PATH } from '../../src/content/forms.ts';
import { CONTACT, FOOTER, PRIVACY_POLICY } from '../../src/content/site.ts';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { expectLeadEmail, newVisitor } from '../support/leads.ts';
import { fillLeadForm, holdRequest } from '../support/page-helpers.ts';
import { PAGES } from '../support/site-map.ts';

// The page paints from its HTML and only then loads its scripts; on a slow phone a visitor may
// act in between. Holding back the client entry makes that moment last as long as the test
// needs.
const CLIENT_ENTRY = '/assets/entry.client-*.js';

test.use({ waitForHydration: false });

/**
 * Opens `path` and waits until its scripts are requested; then the moments, in milliseconds
 * from the navigation, of its first paint and its first script request.
 */
async function scriptStart(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((entry) => entry.name.includes('entry.client')),
  );
  return page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    firstScript: Math.min(
      ...performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js'))
        .map((entry) => entry.startTime),
    ),
  }));
}

/**
 * The moment, in milliseconds from the navigation, the page's main image was shown. Only for a
 * page opened at its top: an image scrolled out of view is never shown, and this would wait.
 */
function mainImageShown(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((entries) => {
          const [hero] = entries.getEntries() as (PerformanceEntry & { renderTime: number })[];
          if (hero) resolve(hero.renderTime);
        }).observe({ type: 'element', buffered: true });
      }),
  );
}

test('when the page shows, then its scripts are requested only after its first paint', async ({
  page,
}) => {
  const { firstPaint, firstScript } = await scriptStart(page, '/about');

  expect(firstPaint).toBeGreaterThan(0);
  expect(firstScript).toBeGreaterThanOrEqual(firstPaint);
});

for (const path of ['/', '/gallery']) {
  test(`when ${path} shows, then its scripts are requested only once its main image is on screen`, async ({
    page,
  }) => {
    const { firstScript } = await scriptStart(page, path);
    const heroShown = await mainImageShown(page);

    expect(heroShown).toBeGreaterThan(0);
    expect(firstScript).toBeGreaterThanOrEqual(heroShown);
  });
}

test('when / opens at a section below the hero, then its scripts still start as soon as it paints', async ({
  page,
}) => {
  // The page's clock stands still: the 3 s a page waits at most for its main image never pass,
  // so only its paint can start the scripts.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  const scripts = page.waitForRequest((request) => request.url().includes('entry.client'));
  await page.goto('/#contact');

  await scripts;
});

for (const { path } of PAGES) {
  test(`when ${path} hydrates, then everything the visitor sees stays in place as the very element the HTML drew`, async ({
    page,
  }) => {
    const scripts = await holdRequest(page, CLIENT_ENTRY);
    await page.goto(path);
    // Every element on show before the scripts run, and every element hydration takes out of
    // the page (moving one takes it out too).
    await page.evaluate(() => {
      const state = window as unknown as { shown: Set<Element>; takenOut: Element[] };
      state.shown = new Set(
        [...document.body.querySelectorAll('*')].filter((element) => element.checkVisibility()),
      );
      state.takenOut = [];
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.removedNodes) {
            if (node instanceof Element) state.takenOut.push(node);
          }
        }
      }).observe(document.body, { childList: true, subtree: true });
    });

    await scripts.release();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

    const redrawn = await page.evaluate(() => {
      const { shown, takenOut } = window as unknown as { shown: Set<Element>; takenOut: Element[] };
      return takenOut
        .filter(
          (element) =>
            shown.has(element) ||
            [...element.querySelectorAll('*')].some((inner) => shown.has(inner)),
        )
        .map((element) =>
          [element.tagName.toLowerCase(), element.className, element.getAttribute('href')].join(
            ' ',
          ),
        );
    });
    // Swapped on purpose once the browser is known: the link to Google Maps gives way to the map.
    expect(redrawn.filter((element) => !element.includes(' https://www.google.com/maps'))).toEqual(
      [],
    );
  });
}

test('when the page has not hydrated yet, then a tapped link to another page is followed the plain way', async ({
  page,
}) => {
  // Held for good: the page never hydrates.
  await holdRequest(page, CLIENT_ENTRY);
  await page.goto('/why');

  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: FOOTER.privacyPolicy, exact: true })
    .first()
    .click();

  await expect(page).toHaveURL('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PRIVACY_POLICY.heading);
});

test('when a visitor types into the enquiry before the scripts have run, then the hydrated form keeps every word and sends it as the spec says', async ({
  page,
  mailbox,
}, testInfo) => {
  const visitor = newVisitor(testInfo);
  const scripts = await holdRequest(page, CLIENT_ENTRY);
  await page.goto('/contact');
  const form = page.getByRole('form', { name: CONTACT.formHeading });
  await fillLeadForm(form, visitor, { plotRange: false, agree: false, location: true });

  await scripts.release();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

  await expect(form.getByLabel(FORM_FIELDS.name.label)).toHaveValue(visitor.name);
  await expect(form.getByLabel(FORM_FIELDS.mobile.label)).toHaveValue(visitor.mobile);
  await expect(form.getByLabel(FORM_FIELDS.location.label)).toHaveValue(visitor.location);
  const request = page.waitForRequest((sent) => sent.url().endsWith('/contact-form'));
  await form.getByRole('button', { name: FORM_BUTTONS.submit }).click();

  // Sent by the hydrated form: multipart by fetch, then the thank-you page without a reload.
  const sent = await request;
  expect(await sent.headerValue('content-type')).toMatch(/^multipart\/form-data;/);
  expect(sent.resourceType()).toBe('fetch');
  await expect(page).toHaveURL(THANK_YOU_PATH);
  expectLeadEmail(await mailbox.waitForMessage(visitor.name), {
    kind: 'contact',
    source: 'contact-form',
    name: visitor.name,
    mobile: visitor.mobile,
    location: visitor.location,
    page: '/contact',
  });
});
