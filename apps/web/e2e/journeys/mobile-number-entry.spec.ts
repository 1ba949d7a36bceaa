import { MESSAGES } from '@iconia/shared';
import type { Locator, Page } from '@playwright/test';
import { FORM_BUTTONS, FORM_FIELDS, THANK_YOU_PATH } from '../../src/content/forms.ts';
import { UI_TEXT } from '../../src/content/site.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectLeadEmail, newVisitor } from '../support/leads.ts';
import {
  brochureModal,
  collectAlerts,
  dismissAutoOpenedBrochure,
  fillLeadForm,
  inlineBrochureForm,
  openNavigation,
} from '../support/page-helpers.ts';

/** "98765 43210", as people write a mobile number down. */
const spaced = (mobile: string) => `${mobile.slice(0, 5)} ${mobile.slice(5)}`;

/** Puts `text` on the system clipboard and pastes it into `field` with the keyboard. */
async function paste(page: Page, field: Locator, text: string): Promise<void> {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await field.focus();
  await page.keyboard.press('ControlOrMeta+V');
}

test.describe('typing and pasting a mobile number into a ten-digit field', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test.describe('the brochure form on the landing page', () => {
    test.beforeEach(async ({ page }) => {
      await page.goto('/');
      await dismissAutoOpenedBrochure(page);
    });

    const ENTRIES = [
      {
        how: 'types the number with a space',
        enter: (page: Page, field: Locator, mobile: string) =>
          field.pressSequentially(spaced(mobile)),
      },
      {
        how: 'pastes the number with +91 and spaces',
        enter: (page: Page, field: Locator, mobile: string) =>
          paste(page, field, `+91 ${spaced(mobile)}`),
      },
    ];
    for (const { how, enter } of ENTRIES) {
      test(`when a visitor ${how}, then the field holds the ten digits and the lead goes through`, async ({
        page,
        mailbox,
      }, testInfo) => {
        const visitor = newVisitor(testInfo);
        const form = inlineBrochureForm(page);
        await fillLeadForm(form, { ...visitor, mobile: '' });
        const mobile = form.getByLabel(FORM_FIELDS.mobile.label);

        await enter(page, mobile, visitor.mobile);

        await expect(mobile).toHaveValue(visitor.mobile);
        await form.getByRole('button', { name: FORM_BUTTONS.submit }).click();
        await expect(page).toHaveURL(THANK_YOU_PATH);
        expectLeadEmail(await mailbox.waitForMessage(visitor.name), {
          kind: 'brochure',
          source: 'inline-brochure',
          name: visitor.name,
          mobile: visitor.mobile,
        });
      });
    }

    test('when a visitor pastes the number with a leading 0 and a hyphen, then the field holds the ten digits', async ({
      page,
    }, testInfo) => {
      const { mobile: number } = newVisitor(testInfo);
      const mobile = inlineBrochureForm(page).getByLabel(FORM_FIELDS.mobile.label);

      await paste(page, mobile, `0${number.slice(0, 5)}-${number.slice(5)}`);

      await expect(mobile).toHaveValue(number);
    });

    test('when a visitor types letters into the number, then they stay and the form asks for a valid number without sending', async ({
      page,
    }, testInfo) => {
      const visitor = newVisitor(testInfo);
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') sent.push(request.url());
      });
      const form = inlineBrochureForm(page);
      await fillLeadForm(form, { ...visitor, mobile: '' });
      const mobile = form.getByLabel(FORM_FIELDS.mobile.label);

      await mobile.pressSequentially('98765 abcde');

      await expect(mobile).toHaveValue('98765abcde');
      await form.getByRole('button', { name: FORM_BUTTONS.submit }).click();
      await expect(
        form.getByRole('alert').filter({ hasText: MESSAGES.invalidMobile }),
      ).toBeVisible();
      expect(sent).toEqual([]);
    });
  });

  test('when a visitor types +91 and the number with spaces into the brochure modal, then the field holds the ten digits and the lead goes through', async ({
    page,
    mailbox,
  }, testInfo) => {
    const visitor = newVisitor(testInfo);
    collectAlerts(page);
    await page.goto('/about');
    const nav = await openNavigation(page);
    await nav.getByRole('button', { name: UI_TEXT.downloadBrochure }).click();
    const modal = brochureModal(page);
    await fillLeadForm(modal, { ...visitor, mobile: '' });
    const mobile = modal.getByLabel(FORM_FIELDS.mobile.label);

    await mobile.pressSequentially(`+91 ${spaced(visitor.mobile)}`);

    await expect(mobile).toHaveValue(visitor.mobile);
    await modal.getByRole('button', { name: FORM_BUTTONS.downloadBrochure }).click();
    await expect(page).toHaveURL(THANK_YOU_PATH);
    expectLeadEmail(await mailbox.waitForMessage(visitor.name), {
      kind: 'brochure',
      source: 'brochure-modal',
      name: visitor.name,
      mobile: visitor.mobile,
    });
  });
});
