import type { Page } from '@playwright/test';
import { GALLERY, VIDEO_TITLE } from '../../src/content/site.ts';
import { undecidedContrast } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { dismissAutoOpenedBrochure } from '../support/page-helpers.ts';
import { measurePixelContrast, type PixelContrast } from '../support/pixel-contrast.ts';

/**
 * Text measured below AA and reported to the site's owners; the second test below keeps failing
 * until it is fixed, and the first keeps everything else honest meanwhile.
 */
const KNOWN_LOW_CONTRAST = [
  VIDEO_TITLE,
  ...GALLERY.categories.flatMap((category) => category.entries.map((entry) => entry.title)),
];

/** The play label also carries a visually hidden "Play video:" before the title. */
function isKnownLowContrast({ text }: PixelContrast): boolean {
  return KNOWN_LOW_CONTRAST.some((known) => text === known || text.endsWith(`: ${known}`));
}

/** The landing page's hero banner: its text sits on a photograph, cropped per screen size. */
const HERO = '#home';

async function measureUndecided(
  page: Page,
  scope?: Parameters<typeof undecidedContrast>[1],
): Promise<PixelContrast[]> {
  const measured: PixelContrast[] = [];
  for (const { selector, required } of await undecidedContrast(page, scope)) {
    measured.push(
      await measurePixelContrast(page, page.locator(selector).first(), selector, required),
    );
  }
  return measured;
}

function belowAa(measured: readonly PixelContrast[]): PixelContrast[] {
  return measured.filter(({ ratio, required }) => ratio !== null && ratio < required);
}

function describe(failing: readonly PixelContrast[]): string {
  return failing
    .map(({ text, ratio, required }) => `  "${text}": ${ratio}:1, needs ${required}:1`)
    .join('\n');
}

test.describe('colour contrast where axe cannot decide, measured by pixels', () => {
  // The contact map's placeholder link gives way to the map as it nears the screen, so online it
  // could never be photographed. These visitors' phones say they are offline (the network still
  // serves the page and its images), and the link stays to be measured as offline visitors see it.
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'onLine', { get: () => false }),
    );
  });

  test('when the landing page shows, then the text over the hero photo meets AA @layout', async ({
    page,
  }) => {
    await page.goto('/');
    await dismissAutoOpenedBrochure(page);

    const measured = await measureUndecided(page, { include: HERO });

    expect(measured.filter(({ ratio }) => ratio !== null).length).toBeGreaterThan(3);
    const failing = belowAa(measured);
    expect(failing, `text below WCAG AA contrast:\n${describe(failing)}`).toEqual([]);
  });

  test('when the landing page shows, then text over gradients, images and layers in every section meets AA', async ({
    page,
  }) => {
    test.slow();
    await page.goto('/');
    await dismissAutoOpenedBrochure(page);

    const failing = belowAa(await measureUndecided(page, { exclude: HERO })).filter(
      (measured) => !isKnownLowContrast(measured),
    );

    expect(failing, `text below WCAG AA contrast:\n${describe(failing)}`).toEqual([]);
  });

  test('when the video poster and the gallery thumbnails show their titles, then the titles meet AA', async ({
    page,
  }) => {
    test.slow();
    await page.goto('/gallery');
    const gallery = (await measureUndecided(page)).filter(isKnownLowContrast);
    await page.goto('/location-highlights');
    const video = (await measureUndecided(page)).filter(isKnownLowContrast);

    expect(gallery.length + video.length).toBeGreaterThan(0);
    const failing = belowAa([...gallery, ...video]);
    expect(failing, `text below WCAG AA contrast:\n${describe(failing)}`).toEqual([]);
  });
});
