import {
  BROCHURE_FILE_NAME,
  FOOTER,
  GALLERY_IMAGE_HEIGHT,
  MAP_EMBED_HEIGHT,
  MAP_EMBED_LABELS,
  MAP_EMBED_TITLE,
  SOCIAL_LINKS,
  THANK_YOU,
  UI_TEXT,
  VIDEO_EMBED_HEIGHT,
  VIDEO_TITLE,
} from '../../src/content/site.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectBrochurePdf } from '../support/page-helpers.ts';

test.describe('site shell', () => {
  test('when a page shows, then Follow Us offers the four social pages in new tabs and the footer shows this year', async ({
    page,
  }) => {
    await page.goto('/highlights');

    const topBar = page.getByText(UI_TEXT.followUs, { exact: true }).locator('..');
    for (const social of SOCIAL_LINKS) {
      const link = topBar.getByRole('link', { name: social.label });
      await expect(link).toHaveAttribute('href', social.url);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
    await expect(page.getByRole('contentinfo')).toContainText(
      FOOTER.copyright(new Date().getFullYear()),
    );
  });
});

test.describe('thank-you page', () => {
  test('when a visitor is on /thank-you, then the brochure link downloads the PDF and Back to Home goes to /', async ({
    page,
  }) => {
    await page.goto('/thank-you');
    await expect(page.getByText(THANK_YOU.line)).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: THANK_YOU.downloadBrochure }).click();
    await expectBrochurePdf(await download, BROCHURE_FILE_NAME);

    await page.getByRole('link', { name: THANK_YOU.backToHome }).click();
    await expect(page).toHaveURL('/');
  });
});

test.describe('media sizes', () => {
  test('when the gallery shows, then each image is 300 px high', async ({ page }) => {
    await page.goto('/gallery');

    const images = page.getByRole('tabpanel').getByRole('img');
    await expect(images).toHaveCount(9);
    for (const image of await images.all()) {
      expect((await image.boundingBox())?.height).toBe(GALLERY_IMAGE_HEIGHT);
    }
  });

  for (const path of ['/', '/about']) {
    test(`when a visitor scrolls to the contact map on ${path}, then Google Maps loads only then, in the 400 px frame`, async ({
      page,
      outsideRequests,
    }) => {
      await page.goto(path);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      // Even on a short page, the map costs nothing and tells Google nothing until the visitor
      // gets there; meanwhile its placeholder links to Google Maps. The map's own observer has
      // had its first report once a newer one has had its own (they report in the order they
      // were made), and a frame later whatever it started is on its way.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const observer = new IntersectionObserver(() => {
              observer.disconnect();
              requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
            });
            observer.observe(document.body);
          }),
      );
      expect(
        outsideRequests.filter(({ url }) => url.startsWith('https://www.google.com/')),
      ).toEqual([]);
      const map = page.getByTitle(MAP_EMBED_TITLE);
      await expect(map).toHaveCount(0);
      const placeholder = page.getByRole('link', { name: new RegExp(MAP_EMBED_LABELS.open) });

      await placeholder.scrollIntoViewIfNeeded();

      await expect(map).toBeVisible();
      expect((await map.boundingBox())?.height).toBe(MAP_EMBED_HEIGHT);
      await expect
        .poll(() =>
          outsideRequests.some(({ url }) => url.startsWith('https://www.google.com/maps')),
        )
        .toBe(true);
    });
  }

  test('when a visitor plays the location video, then a 500 px privacy-enhanced player loads in place', async ({
    page,
    outsideRequests,
  }) => {
    await page.goto('/location-highlights');
    expect(outsideRequests.filter(({ url }) => url.includes('youtube'))).toEqual([]);

    await page.getByRole('button', { name: new RegExp(VIDEO_TITLE) }).click();

    const player = page.getByTitle(VIDEO_TITLE);
    await expect(player).toBeVisible();
    expect((await player.boundingBox())?.height).toBe(VIDEO_EMBED_HEIGHT);
    await expect(player).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\//);
    await expect
      .poll(() =>
        outsideRequests.some(({ url }) => url.startsWith('https://www.youtube-nocookie.com/')),
      )
      .toBe(true);
  });
});
