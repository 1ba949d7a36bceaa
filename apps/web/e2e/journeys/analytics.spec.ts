import { THANK_YOU } from '../../src/content/site.ts';
import { expect, test } from '../support/fixtures.ts';
import { TEST_ANALYTICS } from '../support/run-env.ts';

const TAG_HOST = 'https://www.googletagmanager.com/';
const GTM_SCRIPT = `${TAG_HOST}gtm.js?id=${TEST_ANALYTICS.gtmId}`;
const GA_SCRIPT = `${TAG_HOST}gtag/js?id=${TEST_ANALYTICS.gaId}`;

test.describe('analytics tags on the thank-you page (site built with analytics IDs)', () => {
  test('when a visitor reaches /thank-you, then the tag manager and analytics scripts load, and leaving removes them', async ({
    page,
    analyticsBaseURL,
    outsideRequests,
  }) => {
    const tagScripts = page.locator(`script[src^="${TAG_HOST}"]`);
    await page.goto(`${analyticsBaseURL}/about`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(outsideRequests.filter(({ url }) => url.startsWith(TAG_HOST))).toEqual([]);
    await expect(tagScripts).toHaveCount(0);

    await page.goto(`${analyticsBaseURL}/thank-you`);

    await expect(page.locator(`script[src="${GTM_SCRIPT}"]`)).toHaveCount(1);
    await expect(page.locator(`script[src="${GA_SCRIPT}"]`)).toHaveCount(1);
    await expect
      .poll(() => outsideRequests.map(({ url }) => url))
      .toEqual(expect.arrayContaining([GTM_SCRIPT, GA_SCRIPT]));

    await page.getByRole('link', { name: THANK_YOU.backToHome }).click();

    await expect(page).toHaveURL(`${analyticsBaseURL}/`);
    await expect(tagScripts).toHaveCount(0);
  });

  test('when the site is built without analytics IDs, then /thank-you loads no tags', async ({
    page,
    outsideRequests,
  }) => {
    await page.goto('/thank-you');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(THANK_YOU.heading);

    await expect(page.locator(`script[src^="${TAG_HOST}"]`)).toHaveCount(0);
    expect(outsideRequests.filter(({ url }) => url.startsWith(TAG_HOST))).toEqual([]);
  });
});
