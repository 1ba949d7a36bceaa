import { CONTACT, DISCLAIMER, GALLERY, UI_TEXT } from '../../src/content/site.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  brochureModal,
  dismissAutoOpenedBrochure,
  openNavigation,
} from '../support/page-helpers.ts';
import { PAGES, UNKNOWN_PATH } from '../support/site-map.ts';

// axe reads every node of the page in the browser's one thread; on two busy cores a long page
// takes tens of seconds.
test.describe.configure({ timeout: 120_000 });

test.describe('axe, WCAG 2.2 A and AA, first visit', () => {
  // A first visit: the disclaimer bar is part of what is checked.
  test.use({ disclaimer: 'first-visit' });

  for (const { path } of PAGES) {
    test(`when ${path} has loaded, then axe finds no violations @layout`, async ({ page }) => {
      await page.goto(path);
      if (path === '/') await dismissAutoOpenedBrochure(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      await expectNoAxeViolations(page, path);
    });
  }

  test('when the landing page opens the brochure modal by itself on a laptop screen, then axe finds no violations', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1350, height: 940 });
    await page.goto('/');
    await expect(brochureModal(page)).toBeVisible({ timeout: 15_000 });

    await expectNoAxeViolations(page, 'the landing page with the brochure modal');
  });

  test('when the not-found page shows, then axe finds no violations @layout', async ({
    page,
    problems,
  }) => {
    problems.allow(/status of 404|answered 404/);
    await page.goto(UNKNOWN_PATH);

    await expectNoAxeViolations(page, 'the not-found page');
  });

  test('when the disclaimer modal is open, then axe finds no violations @layout', async ({
    page,
  }) => {
    await page.goto('/about');
    await page
      .getByRole('region', { name: DISCLAIMER.regionLabel })
      .getByRole('button', { name: DISCLAIMER.barLinkLabel })
      .click();
    await expect(page.getByRole('dialog', { name: DISCLAIMER.modalTitle })).toBeVisible();

    await expectNoAxeViolations(page, 'the disclaimer modal');
  });
});

test.describe('axe, WCAG 2.2 A and AA, with a modal open', () => {
  test('when the brochure modal is open, then axe finds no violations @layout', async ({
    page,
  }) => {
    await page.goto('/about');
    const nav = await openNavigation(page);
    await nav.getByRole('button', { name: UI_TEXT.downloadBrochure }).click();
    await expect(brochureModal(page)).toBeVisible();

    await expectNoAxeViolations(page, 'the brochure modal');
  });

  test('when the contact modal is open, then axe finds no violations @layout', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: CONTACT.contactUs }).click();
    await expect(page.getByRole('dialog', { name: CONTACT.modalTitle })).toBeVisible();

    await expectNoAxeViolations(page, 'the contact modal');
  });

  test('when the gallery overlay is open, then axe finds no violations @layout', async ({
    page,
  }) => {
    const first = GALLERY.categories[0]?.entries[0];
    if (!first) throw new Error('The gallery content lost its images.');
    await page.goto('/gallery');
    await page.getByRole('button', { name: `${GALLERY.openImageLabel} ${first.title}` }).click();
    await expect(page.getByRole('dialog', { name: first.title })).toBeVisible();

    await expectNoAxeViolations(page, 'the gallery overlay');
  });
});
