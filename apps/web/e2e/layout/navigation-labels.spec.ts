import { NAV_ITEMS, UI_TEXT } from '../../src/content/site.ts';
import { expect, test } from '../support/fixtures.ts';
import { textLineCount } from '../support/geometry.ts';
import { openNavigation } from '../support/page-helpers.ts';

/** Laptop and desktop widths, from the smallest the site is tried at to a full HD screen. */
const WIDTHS = [1024, 1100, 1200, 1280, 1366, 1440, 1536, 1920];

const LABELS = [...NAV_ITEMS.map((item) => item.label), UI_TEXT.downloadBrochure];

test('when the window is 1024 px wide or more, then every navigation label stays on one line', async ({
  page,
}) => {
  await page.goto('/about');
  const lines: Record<string, number> = {};

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const nav = await openNavigation(page);
    for (const label of LABELS) {
      lines[`${label} at ${width} px`] = await textLineCount(nav.getByText(label, { exact: true }));
    }
  }

  expect(lines).toEqual(Object.fromEntries(Object.keys(lines).map((key) => [key, 1])));
});
