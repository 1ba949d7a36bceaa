import { FORM_BUTTONS, THANK_YOU_PATH } from '../../src/content/forms.ts';
import { UI_TEXT } from '../../src/content/site.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectLeadEmail, newVisitor } from '../support/leads.ts';
import {
  brochureModal,
  collectAlerts,
  dismissAutoOpenedBrochure,
  fillLeadForm,
} from '../support/page-helpers.ts';

test.describe('campaign attribution', () => {
  test('when a visitor lands from a campaign link, moves to another page and asks for the brochure, then the email names the campaign', async ({
    page,
    mailbox,
  }, testInfo) => {
    const visitor = newVisitor(testInfo);
    collectAlerts(page);
    await page.goto('/?utm_source=x&utm_campaign=y');
    await dismissAutoOpenedBrochure(page);

    const nav = page.getByRole('navigation', { name: UI_TEXT.mainNavLabel });
    await nav.getByRole('link', { name: 'Highlights', exact: true }).click();
    await expect(page).toHaveURL('/highlights');
    await nav.getByRole('button', { name: UI_TEXT.downloadBrochure }).click();
    const modal = brochureModal(page);
    await fillLeadForm(modal, visitor);
    await modal.getByRole('button', { name: FORM_BUTTONS.downloadBrochure }).click();
    await expect(page).toHaveURL(THANK_YOU_PATH);

    expectLeadEmail(await mailbox.waitForMessage(visitor.name), {
      kind: 'brochure',
      source: 'brochure-modal',
      name: visitor.name,
      mobile: visitor.mobile,
      page: '/highlights',
      campaign: { utm_source: 'x', utm_campaign: 'y' },
    });
  });
});
