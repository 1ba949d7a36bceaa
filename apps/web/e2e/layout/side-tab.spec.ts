import { UI_TEXT } from '../../src/content/site.ts';
import { expect, test } from '../support/fixtures.ts';
import { whatPassesUnder } from '../support/geometry.ts';
import { dismissAutoOpenedBrochure } from '../support/page-helpers.ts';
import { SHELL_PAGES } from '../support/site-map.ts';

/** Common phone screens: a small Android, an iPhone, a large iPhone. */
const PHONES = [
  { width: 360, height: 780 },
  { width: 390, height: 844 },
  { width: 430, height: 932 },
];

for (const viewport of PHONES) {
  test.describe(`the Book Free Site Visit tab on a ${viewport.width} px phone`, () => {
    test.use({ viewport, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

    for (const { path } of SHELL_PAGES) {
      test(`when a visitor scrolls ${path} from top to bottom, then the tab stays in view and covers no text and no control`, async ({
        page,
      }) => {
        await page.goto(path);
        if (path === '/') await dismissAutoOpenedBrochure(page);
        const tab = page
          .getByRole('complementary', { name: UI_TEXT.quickActionsLabel })
          .getByRole('button', { name: UI_TEXT.bookSiteVisit });
        await expect(tab).toBeInViewport();

        const covered = await whatPassesUnder(tab);

        expect(covered).toEqual([]);
        await expect(tab).toBeInViewport();
      });
    }
  });
}
