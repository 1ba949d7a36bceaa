import type { Page } from '@playwright/test';
import { GALLERY } from '../../src/content/site.ts';
import { expect, test } from '../support/fixtures.ts';

const [PROPOSED, COMPLETED] = GALLERY.categories;

function tabs(page: Page) {
  return page.getByRole('tablist', { name: GALLERY.tabsLabel });
}

function thumbnail(page: Page, title: string) {
  return page.getByRole('button', { name: `${GALLERY.openImageLabel} ${title}` });
}

test.describe('gallery', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/gallery');
  });

  test('when a visitor picks the other tab, then its nine images show instead @layout', async ({
    page,
  }) => {
    const proposedTab = tabs(page).getByRole('tab', { name: PROPOSED?.label });
    const completedTab = tabs(page).getByRole('tab', { name: COMPLETED?.label });
    await expect(proposedTab).toHaveAttribute('aria-selected', 'true');
    const proposedPanel = page.getByRole('tabpanel', { name: PROPOSED?.label });
    await expect(proposedPanel.getByRole('img')).toHaveCount(9);

    await completedTab.click();

    await expect(completedTab).toHaveAttribute('aria-selected', 'true');
    await expect(proposedTab).toHaveAttribute('aria-selected', 'false');
    const completedPanel = page.getByRole('tabpanel', { name: COMPLETED?.label });
    await expect(completedPanel.getByRole('img')).toHaveCount(9);
    for (const entry of COMPLETED?.entries ?? []) {
      await expect(completedPanel.getByRole('img', { name: entry.alt })).toBeVisible();
    }
    await expect(proposedPanel).toBeHidden();
  });

  test('when a keyboard user presses the arrow keys on the tabs, then the selection and focus move', async ({
    page,
  }) => {
    const proposedTab = tabs(page).getByRole('tab', { name: PROPOSED?.label });
    const completedTab = tabs(page).getByRole('tab', { name: COMPLETED?.label });
    await proposedTab.focus();

    await page.keyboard.press('ArrowRight');
    await expect(completedTab).toBeFocused();
    await expect(completedTab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: COMPLETED?.label })).toBeVisible();

    await page.keyboard.press('ArrowLeft');
    await expect(proposedTab).toBeFocused();
    await expect(proposedTab).toHaveAttribute('aria-selected', 'true');

    // Wraps around at either end.
    await page.keyboard.press('ArrowLeft');
    await expect(completedTab).toBeFocused();
  });

  test('when a visitor opens an image, then it shows full size and closes by a click outside, the close button and Esc @layout', async ({
    page,
  }) => {
    const first = PROPOSED?.entries[0];
    const second = PROPOSED?.entries[1];
    if (!first || !second) throw new Error('The gallery content lost its images.');

    await thumbnail(page, first.title).click();
    const overlay = page.getByRole('dialog', { name: first.title });
    await expect(overlay).toBeVisible();
    await expect(overlay.getByRole('img', { name: first.alt })).toBeVisible();
    // A click beside the picture, in the dark area near the top-left corner.
    await page.mouse.click(5, page.viewportSize()!.height - 5);
    await expect(overlay).toBeHidden();
    await expect(thumbnail(page, first.title)).toBeFocused();

    await thumbnail(page, second.title).click();
    const secondOverlay = page.getByRole('dialog', { name: second.title });
    await secondOverlay.getByRole('button', { name: GALLERY.closeOverlay }).click();
    await expect(secondOverlay).toBeHidden();

    await thumbnail(page, second.title).click();
    await expect(secondOverlay).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(secondOverlay).toBeHidden();
    await expect(thumbnail(page, second.title)).toBeFocused();
  });

  test('when a visitor clicks the picture itself, then the overlay stays open', async ({
    page,
  }) => {
    const first = PROPOSED?.entries[0];
    if (!first) throw new Error('The gallery content lost its images.');
    await thumbnail(page, first.title).click();
    const overlay = page.getByRole('dialog', { name: first.title });

    await overlay.getByRole('img', { name: first.alt }).click();

    await expect(overlay).toBeVisible();
  });
});

test.describe('gallery preloading', () => {
  test('when the gallery page settles, then the images of both tabs are already fetched', async ({
    page,
  }) => {
    const fetched = new Set<string>();
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'image') fetched.add(new URL(request.url()).pathname);
    });
    await page.goto('/gallery');

    const sources = await page
      .getByRole('tabpanel', { includeHidden: true })
      .getByRole('img', { includeHidden: true })
      .evaluateAll((images) =>
        images.map((image) => {
          const img = image as HTMLImageElement;
          // Every file the browser may choose for this picture: its <source>s and the <img>.
          const srcsets = [
            ...[...(img.parentElement?.querySelectorAll('source') ?? [])].map(
              (source) => source.srcset,
            ),
            img.srcset,
          ];
          const candidates = srcsets.flatMap((srcset) =>
            srcset
              .split(',')
              .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
              .filter(Boolean),
          );
          return [img.getAttribute('src') ?? '', ...candidates]
            .filter(Boolean)
            .map((url) => new URL(url, window.location.href).pathname);
        }),
      );
    expect(sources).toHaveLength(18);
    await expect
      .poll(() => sources.filter((urls) => !urls.some((url) => fetched.has(url))).length, {
        timeout: 10_000,
      })
      .toBe(0);
  });
});
