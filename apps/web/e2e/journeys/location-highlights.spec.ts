import { LOCATION } from '../../src/content/site.ts';
import { expect, test } from '../support/fixtures.ts';
import { brochureModal } from '../support/page-helpers.ts';

test.describe('location highlights', () => {
  test('when a visitor expands Major Landmarks, then all 13 landmarks show with their distance or time', async ({
    page,
  }) => {
    await page.goto('/location-highlights');
    const list = page.getByRole('list').filter({ hasText: LOCATION.landmarks[0]?.name ?? '' });
    await expect(list).toBeHidden();

    await page.getByText(LOCATION.landmarksHeading, { exact: true }).click();

    await expect(list).toBeVisible();
    const items = list.getByRole('listitem');
    await expect(items).toHaveCount(13);
    for (const [index, landmark] of LOCATION.landmarks.entries()) {
      await expect(items.nth(index)).toContainText(landmark.name);
      await expect(items.nth(index)).toContainText(landmark.distance);
    }
  });

  test('when a visitor presses ENQUIRE NOW, then the Download Brochure modal opens @layout', async ({
    page,
  }) => {
    await page.goto('/location-highlights');

    await page.getByRole('button', { name: LOCATION.enquire }).click();

    await expect(brochureModal(page)).toBeVisible();
  });
});
