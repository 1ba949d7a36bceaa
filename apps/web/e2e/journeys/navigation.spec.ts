import { NAV_ITEMS, PHONES, UI_TEXT, FOOTER } from '../../src/content/site.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  brochureModal,
  dismissAutoOpenedBrochure,
  openNavigation,
} from '../support/page-helpers.ts';
import { PAGE_HEADINGS } from '../support/site-map.ts';

test.describe('navigation bar', () => {
  test('when a visitor opens the navigation, then it lists the six pages in order and the Download Brochure button @layout', async ({
    page,
  }) => {
    await page.goto('/why');

    const nav = await openNavigation(page);

    await expect(nav.getByRole('link')).toHaveText(NAV_ITEMS.map((item) => item.label));
    for (const item of NAV_ITEMS) {
      await expect(nav.getByRole('link', { name: item.label, exact: true })).toHaveAttribute(
        'href',
        item.to,
      );
    }
    await expect(nav.getByRole('button', { name: UI_TEXT.downloadBrochure })).toBeVisible();
  });

  test('when a visitor moves to a page, then the navigation marks it as the current page', async ({
    page,
  }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: UI_TEXT.mainNavLabel });

    await nav.getByRole('link', { name: 'Gallery', exact: true }).click();

    await expect(nav.getByRole('link', { name: 'Gallery', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('when a visitor opens a page directly, then the navigation marks it as the current page', async ({
    page,
  }) => {
    await page.goto('/why');

    await expect(
      page
        .getByRole('navigation', { name: UI_TEXT.mainNavLabel })
        .getByRole('link', { name: 'Why', exact: true }),
    ).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('moving between pages', () => {
  test('when a visitor follows any link from far down a page, then the next page starts at the top', async ({
    page,
  }) => {
    // /contact has no link in the navigation, so every link below is a real route change.
    await page.goto('/contact');
    const scrollDown = () => page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const scrollY = () => page.evaluate(() => window.scrollY);
    // Home last: the landing page opens the brochure modal by itself after a moment.
    const items = [...NAV_ITEMS.filter((item) => item.to !== '/'), NAV_ITEMS[0]!];

    for (const item of items) {
      await scrollDown();
      expect(await scrollY()).toBeGreaterThan(0);
      await page
        .getByRole('navigation', { name: UI_TEXT.mainNavLabel })
        .getByRole('link', { name: item.label, exact: true })
        .click();
      await expect(page).toHaveURL(item.to);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAGE_HEADINGS[item.to]);
      await expect.poll(scrollY, { message: `scroll position on ${item.to}` }).toBe(0);
    }
  });

  test('when a visitor uses the footer link and then Back, then each page starts at the top', async ({
    page,
  }) => {
    await page.goto('/why');
    const scrollY = () => page.evaluate(() => window.scrollY);

    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: FOOTER.privacyPolicy, exact: true })
      .first()
      .click();
    await expect(page).toHaveURL('/privacy-policy');
    await expect.poll(scrollY).toBe(0);

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.goBack();
    await expect(page).toHaveURL('/why');
    await expect.poll(scrollY).toBe(0);
  });
});

test.describe('going home from home', () => {
  test('when a visitor far down the landing page follows Home or the logo, then the hero comes back into view', async ({
    page,
  }) => {
    await page.goto('/');
    await dismissAutoOpenedBrochure(page);
    for (const link of [
      page.getByRole('navigation', { name: UI_TEXT.mainNavLabel }).getByRole('link', {
        name: NAV_ITEMS[0]?.label ?? '',
        exact: true,
      }),
      page.getByRole('banner').getByRole('link').first(),
    ]) {
      await page.evaluate(() => window.scrollTo({ top: 3000, behavior: 'instant' }));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

      await link.click();

      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await expect(page).toHaveURL('/');
    }
  });
});

test.describe('footer', () => {
  test('when a visitor presses Download Brochure in the footer, then the brochure modal asks for their details first', async ({
    page,
  }) => {
    const pdfRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.pdf')) pdfRequests.push(request.url());
    });
    await page.goto('/about');

    await page
      .getByRole('contentinfo')
      .getByRole('button', { name: UI_TEXT.downloadBrochure })
      .click();

    await expect(brochureModal(page)).toBeVisible();
    expect(pdfRequests).toEqual([]);
  });
});

test.describe('mobile bottom bar', () => {
  test('when the window is 767 px wide, then Phone and WhatsApp show at the bottom; at 768 px they do not', async ({
    page,
  }) => {
    const bar = page.getByRole('navigation', { name: UI_TEXT.mobileBarLabel });
    await page.setViewportSize({ width: 767, height: 800 });
    await page.goto('/about');

    await expect(bar).toBeVisible();
    const phone = bar.getByRole('link', { name: UI_TEXT.phoneLabel });
    await expect(phone).toHaveAttribute('href', `tel:${PHONES.sales.e164}`);
    await expect(phone).toHaveText(new RegExp(`^${UI_TEXT.phoneLabel}`));
    await expect(bar.getByRole('link', { name: UI_TEXT.whatsappLabel })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\//,
    );
    const box = await bar.boundingBox();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeCloseTo(800, 0);

    await page.setViewportSize({ width: 768, height: 800 });
    await expect(bar).toBeHidden();
  });
});
