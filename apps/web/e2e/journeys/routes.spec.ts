import { NOT_FOUND } from '../../src/content/site.ts';
import { unlabelledGraphics } from '../support/a11y-checks.ts';
import { expect, test } from '../support/fixtures.ts';
import { PAGES, UNKNOWN_PATH } from '../support/site-map.ts';

test.describe('every page', () => {
  for (const { path, heading } of PAGES) {
    test(`when a visitor opens ${path}, then it answers 200 with its one h1 heading, a main landmark and described images`, async ({
      page,
    }) => {
      const response = await page.goto(path);

      expect(response?.status()).toBe(200);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('main')).toHaveCount(1);
      expect(await unlabelledGraphics(page)).toEqual([]);
    });
  }

  test('when a visitor opens an unknown path, then it answers 404 with the not-found page and a link home', async ({
    page,
    problems,
  }) => {
    // The browser reports the 404 of the document itself; that answer is the point here.
    problems.allow(new RegExp(`${UNKNOWN_PATH}.*(404|Not Found)|status of 404`));

    const response = await page.goto(UNKNOWN_PATH);

    expect(response?.status()).toBe(404);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND.heading);
    expect(await unlabelledGraphics(page)).toEqual([]);
    await page.getByRole('link', { name: NOT_FOUND.home }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
