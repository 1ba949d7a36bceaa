import type { Page } from '@playwright/test';
import { DISCLAIMER_STORAGE_KEY } from '../../src/features/disclaimer/disclaimer-storage.ts';
import { DISCLAIMER } from '../../src/content/site.ts';
import { expect, test } from '../support/fixtures.ts';

test.use({ disclaimer: 'first-visit' });

function disclaimerBar(page: Page) {
  return page.getByRole('region', { name: DISCLAIMER.regionLabel });
}

function storedFlag(page: Page) {
  return page.evaluate((key) => window.localStorage.getItem(key), DISCLAIMER_STORAGE_KEY);
}

test.describe('disclaimer bar', () => {
  test('when a first-time visitor accepts, then the flag is stored and the bar stays away on reload @layout', async ({
    page,
  }) => {
    await page.goto('/about');
    await expect(disclaimerBar(page)).toContainText(DISCLAIMER.barText);

    await disclaimerBar(page).getByRole('button', { name: DISCLAIMER.accept, exact: true }).click();

    await expect(disclaimerBar(page)).toBeHidden();
    expect(await storedFlag(page)).toBe('true');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(disclaimerBar(page)).toBeHidden();
  });

  test.describe('before the scripts run', () => {
    // The reload below never hydrates: its scripts are answered empty.
    test.use({ waitForHydration: false });

    test('when a visitor who accepted comes back, then the bar is not painted even before the scripts run', async ({
      page,
    }) => {
      await page.goto('/about');
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await disclaimerBar(page)
        .getByRole('button', { name: DISCLAIMER.accept, exact: true })
        .click();
      await expect(disclaimerBar(page)).toBeHidden();
      // Only the prerendered HTML and its head script: the app's bundles answer empty, so what
      // shows is exactly the first paint, before hydration could hide anything.
      await page.route('**/assets/**/*.js', (route) =>
        route.fulfill({ contentType: 'text/javascript', body: '' }),
      );

      await page.reload();

      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(disclaimerBar(page)).toBeHidden();
    });
  });

  test('when a visitor closes the bar, then nothing is stored and it shows again on reload', async ({
    page,
  }) => {
    await page.goto('/about');

    await disclaimerBar(page).getByRole('button', { name: DISCLAIMER.closeLabel }).click();

    await expect(disclaimerBar(page)).toBeHidden();
    expect(await storedFlag(page)).toBeNull();
    await page.reload();
    await expect(disclaimerBar(page)).toBeVisible();
  });

  test('when a visitor reads the disclaimer and accepts in the modal, then both close and the flag is stored', async ({
    page,
  }) => {
    await page.goto('/why');

    await disclaimerBar(page).getByRole('button', { name: DISCLAIMER.barLinkLabel }).click();
    const modal = page.getByRole('dialog', { name: DISCLAIMER.modalTitle });
    await expect(modal).toBeVisible();
    for (const paragraph of DISCLAIMER.modalParagraphs) {
      await expect(modal).toContainText(paragraph);
    }
    await modal.getByRole('button', { name: DISCLAIMER.accept, exact: true }).click();

    await expect(modal).toBeHidden();
    await expect(disclaimerBar(page)).toBeHidden();
    expect(await storedFlag(page)).toBe('true');
  });
});
