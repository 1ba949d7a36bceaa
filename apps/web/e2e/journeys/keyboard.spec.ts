import { MESSAGES, PLOT_RANGES } from '@iconia/shared';
import type { Page } from '@playwright/test';
import { CONSENT_TEXT, FORM_FIELDS, THANK_YOU_PATH } from '../../src/content/forms.ts';
import { UI_TEXT } from '../../src/content/site.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectLeadEmail, newVisitor } from '../support/leads.ts';
import { brochureModal, collectAlerts } from '../support/page-helpers.ts';

/** The accessible name of whatever has focus, as a screen reader would announce it. */
async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement)) return '';
    const labelledBy = element.getAttribute('aria-label');
    if (labelledBy) return labelledBy;
    const labels = (element as HTMLInputElement).labels;
    if (labels && labels.length > 0) return labels[0]?.textContent?.trim() ?? '';
    return element.textContent?.trim() ?? '';
  });
}

/** Presses Tab until `name` has focus, as a keyboard user would; fails after `limit` presses. */
async function tabTo(page: Page, name: string, limit = 40): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if ((await focusedName(page)) === name) return;
  }
  throw new Error(`"${name}" was not reached with ${limit} presses of Tab.`);
}

test.describe('keyboard only', () => {
  test('when a keyboard user opens the brochure modal, then focus stays inside in field order, Esc closes it and focus returns', async ({
    page,
  }) => {
    await page.goto('/about');
    await tabTo(page, UI_TEXT.downloadBrochure);
    const opener = page
      .getByRole('navigation', { name: UI_TEXT.mainNavLabel })
      .getByRole('button', { name: UI_TEXT.downloadBrochure });
    await expect(opener).toBeFocused();

    await page.keyboard.press('Enter');
    const modal = brochureModal(page);
    await expect(modal).toBeVisible();

    const order: string[] = [await focusedName(page)];
    for (let press = 0; press < 5; press += 1) {
      await page.keyboard.press('Tab');
      order.push(await focusedName(page));
    }
    expect(order).toEqual([
      'Close',
      FORM_FIELDS.name.label,
      FORM_FIELDS.mobile.label,
      expect.stringContaining(FORM_FIELDS.plotRange.label),
      CONSENT_TEXT,
      UI_TEXT.downloadBrochure,
    ]);

    // Past the last control the browser may hand focus to its own toolbar (the document itself
    // here), but never to the page behind; the next Tab comes back to the dialog's first control.
    const whereFocusWent: string[] = [];
    for (let press = 0; press < 2 && (await focusedName(page)) !== 'Close'; press += 1) {
      await page.keyboard.press('Tab');
      whereFocusWent.push(
        await page.evaluate(() => {
          const element = document.activeElement;
          if (!element || element === document.body) return 'browser';
          return element.closest('dialog[open]') ? 'dialog' : `page: ${element.outerHTML}`;
        }),
      );
    }
    expect(whereFocusWent.every((place) => place === 'browser' || place === 'dialog')).toBe(true);
    expect(await focusedName(page)).toBe('Close');

    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('when a keyboard user fills and sends the brochure modal, then the lead goes through to /thank-you', async ({
    page,
    mailbox,
  }, testInfo) => {
    const visitor = newVisitor(testInfo);
    const alerts = collectAlerts(page);
    await page.goto('/about');
    await tabTo(page, UI_TEXT.downloadBrochure);
    await page.keyboard.press('Enter');
    const modal = brochureModal(page);
    await expect(modal).toBeVisible();

    await page.keyboard.press('Tab');
    await page.keyboard.type(visitor.name);
    await page.keyboard.press('Tab');
    await page.keyboard.type(visitor.mobile);
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await expect(modal.getByLabel(FORM_FIELDS.plotRange.label)).toHaveValue(PLOT_RANGES[0]);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(modal.getByRole('checkbox', { name: CONSENT_TEXT })).toBeChecked();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(THANK_YOU_PATH);
    expect(alerts).toEqual([MESSAGES.brochureDownloading]);
    expectLeadEmail(await mailbox.waitForMessage(visitor.name), {
      kind: 'brochure',
      source: 'brochure-modal',
      name: visitor.name,
      mobile: visitor.mobile,
      plotRange: PLOT_RANGES[0],
    });
  });
});
