import type { Page } from '@playwright/test';
import { FORM_BUTTONS } from '../../src/content/forms.ts';
import { BROCHURE_SECTION, CONTACT, DISCLAIMER, GALLERY, UI_TEXT } from '../../src/content/site.ts';
import { expect, test } from '../support/fixtures.ts';
import { brochureModal, dismissAutoOpenedBrochure } from '../support/page-helpers.ts';

/** The visible title inside a dialog, which must also be its accessible name. */
async function expectNamedByTitle(page: Page, title: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  const labelledBy = await dialog.getAttribute('aria-labelledby');
  if (labelledBy) {
    await expect(page.locator(`[id="${labelledBy}"]`)).toHaveText(title);
    await expect(dialog.locator(`[id="${labelledBy}"]`)).toBeVisible();
  } else {
    await expect(dialog).toHaveAccessibleName(title);
  }
}

test.describe('page structure', () => {
  test('when a page with the site shell loads, then header, navigation, main and footer landmarks are there', async ({
    page,
  }) => {
    await page.goto('/about');

    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('navigation', { name: UI_TEXT.mainNavLabel })).toBeAttached();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });
});

test.describe('keyboard', () => {
  test('when a keyboard user presses Tab first, then the skip link shows and takes focus to the main content', async ({
    page,
  }) => {
    await page.goto('/about');

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: UI_TEXT.skipLink });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');

    await expect(page.getByRole('main')).toBeFocused();
  });

  test('when a keyboard user tabs onto a control, then a focus outline is visible', async ({
    page,
  }) => {
    await page.goto('/about');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');

    const outline = await page.evaluate(() => {
      const style = window.getComputedStyle(document.activeElement ?? document.body);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThan(0);
  });
});

test.describe('forms for screen readers', () => {
  test('when the landing page forms show, then every control has a name', async ({ page }) => {
    await page.goto('/');
    await dismissAutoOpenedBrochure(page);

    for (const form of [
      page.getByRole('form', { name: BROCHURE_SECTION.formHeading }),
      page.getByRole('form', { name: CONTACT.formHeading }),
    ]) {
      const controls = form.locator(
        'input:not([tabindex="-1"]):not([type="hidden"]), select, textarea',
      );
      expect(await controls.count()).toBeGreaterThan(1);
      for (const control of await controls.all()) {
        await expect(control).toHaveAccessibleName(/\S/);
      }
    }
  });

  test('when a form refuses input, then each error is announced and tied to its field', async ({
    page,
  }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: CONTACT.formHeading });

    await form.getByRole('button', { name: FORM_BUTTONS.submit }).click();

    const invalid = form.locator('[aria-invalid="true"]');
    await expect(invalid).toHaveCount(2);
    for (const field of await invalid.all()) {
      const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
      const errors = page.locator(
        describedBy
          .split(/\s+/)
          .filter(Boolean)
          .map((id) => `[id="${id}"][role="alert"]`)
          .join(', ') || 'no-error',
      );
      await expect(errors).toHaveCount(1);
      await expect(errors).toBeVisible();
    }
  });
});

test.describe('dialogs', () => {
  test.use({ disclaimer: 'first-visit' });

  test('when each dialog opens, then it is named by its visible title', async ({ page }) => {
    await page.goto('/contact');

    await page
      .getByRole('region', { name: DISCLAIMER.regionLabel })
      .getByRole('button', { name: DISCLAIMER.barLinkLabel })
      .click();
    await expectNamedByTitle(page, DISCLAIMER.modalTitle);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: CONTACT.contactUs }).click();
    await expectNamedByTitle(page, CONTACT.modalTitle);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: UI_TEXT.bookSiteVisit }).click();
    await expectNamedByTitle(page, FORM_BUTTONS.downloadBrochure);
    await page.keyboard.press('Escape');

    await page.goto('/gallery');
    const first = GALLERY.categories[0]?.entries[0];
    if (!first) throw new Error('The gallery content lost its images.');
    await page.getByRole('button', { name: `${GALLERY.openImageLabel} ${first.title}` }).click();
    await expect(page.getByRole('dialog', { name: first.title })).toBeVisible();
  });
});

test.describe('motion', () => {
  test('when the visitor asks for reduced motion, then the modal and its backdrop appear without transitions', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/about');

    await page.getByRole('button', { name: UI_TEXT.bookSiteVisit }).click();
    const modal = brochureModal(page);
    await expect(modal).toBeVisible();

    const durations = await modal.evaluate((dialog) => ({
      dialog: getComputedStyle(dialog).transitionDuration,
      backdrop: getComputedStyle(dialog, '::backdrop').transitionDuration,
    }));
    // A common reset leaves 0.01 ms rather than 0: nothing a person can see.
    const seconds = (list: string) => list.split(',').map((value) => parseFloat(value));
    expect(Math.max(...seconds(durations.dialog))).toBeLessThanOrEqual(0.001);
    expect(Math.max(...seconds(durations.backdrop))).toBeLessThanOrEqual(0.001);
  });

  test('when motion is allowed, then the modal takes 300 ms and its backdrop 150 ms', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/about');

    await page.getByRole('button', { name: UI_TEXT.bookSiteVisit }).click();
    const modal = brochureModal(page);
    await expect(modal).toBeVisible();

    const durations = await modal.evaluate((dialog) => ({
      dialog: getComputedStyle(dialog).transitionDuration,
      backdrop: getComputedStyle(dialog, '::backdrop').transitionDuration,
    }));
    expect(durations.dialog.split(',').map((value) => value.trim())).toContain('0.3s');
    expect(durations.backdrop.trim()).toBe('0.15s');
  });
});
