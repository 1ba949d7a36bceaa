import { MESSAGES } from '@iconia/shared';
import {
  FORM_BUTTONS,
  FORM_FIELDS,
  FORM_MESSAGES,
  LOCATION_THANK_YOU_DELAY_MS,
  THANK_YOU_PATH,
} from '../../src/content/forms.ts';
import { BROCHURE_FILE_NAME, LOCATION } from '../../src/content/site.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectLeadEmail, newVisitor } from '../support/leads.ts';
import {
  brochureFields,
  brochureModal,
  collectAlerts,
  expectBrochurePdf,
  expectFormKeeps,
  fillLeadForm,
  holdRequest,
} from '../support/page-helpers.ts';

const SEND_EMAIL = '/send-email';
const PAGE = '/location-highlights';

test.describe('ENQUIRE NOW brochure modal on the location highlights', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(PAGE);
  });

  test('when a visitor sends complete details, then they go multipart, the PDF downloads, the modal closes, /thank-you follows after a pause and sales get the lead @layout', async ({
    page,
    mailbox,
  }, testInfo) => {
    const visitor = newVisitor(testInfo);
    // The page's clock stands still until the test moves it, so a busy machine cannot move it.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.goto(PAGE);
    const alerts = collectAlerts(page);
    await page.getByRole('button', { name: LOCATION.enquire }).click();
    const modal = brochureModal(page);
    await fillLeadForm(modal, visitor);

    const download = page.waitForEvent('download');
    const request = page.waitForRequest((sent) => sent.url().endsWith(SEND_EMAIL));
    await modal.getByRole('button', { name: FORM_BUTTONS.downloadBrochure }).click();
    expect(await (await request).headerValue('content-type')).toMatch(/^multipart\/form-data;/);
    // The server's reply closes the modal and starts the pause, in one step.
    await expect(modal).toBeHidden();
    await page.clock.runFor(LOCATION_THANK_YOU_DELAY_MS - 100);
    await expect(page).toHaveURL(PAGE);
    await page.clock.runFor(100);
    await expect(page).toHaveURL(THANK_YOU_PATH);
    await expectBrochurePdf(await download, BROCHURE_FILE_NAME);
    expect(alerts).toEqual([]);
    expectLeadEmail(await mailbox.waitForMessage(visitor.name), {
      kind: 'brochure',
      source: 'location-modal',
      name: visitor.name,
      mobile: visitor.mobile,
      plotRange: visitor.plotRange,
      page: PAGE,
    });
  });

  test('when required fields are empty, then each says what is missing and nothing is sent', async ({
    page,
  }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(SEND_EMAIL)) sent.push(request.url());
    });
    await page.getByRole('button', { name: LOCATION.enquire }).click();
    const modal = brochureModal(page);

    await modal.getByRole('button', { name: FORM_BUTTONS.downloadBrochure }).click();

    await expect(modal.getByLabel(FORM_FIELDS.name.label)).toHaveAccessibleDescription(
      MESSAGES.nameRequired,
    );
    await expect(modal.getByLabel(FORM_FIELDS.mobile.label)).toHaveAccessibleDescription(
      FORM_MESSAGES.mobileRequired,
    );
    await expect(modal.getByLabel(FORM_FIELDS.plotRange.label)).toHaveAccessibleDescription(
      FORM_MESSAGES.plotRangeRequired,
    );
    await expect(modal.getByRole('checkbox')).toHaveAccessibleDescription(
      FORM_MESSAGES.consentRequired,
    );
    expect(sent).toEqual([]);
  });

  test('when the mobile number is short, then the form sends it unchecked and the server refusal reads "Email failed"', async ({
    page,
    problems,
  }, testInfo) => {
    // The server's 400 for the bad number is the expected answer here.
    problems.allow(new RegExp(`${SEND_EMAIL}.*400|status of 400`));
    const visitor = { ...newVisitor(testInfo), mobile: '98765' };
    const alerts = collectAlerts(page);
    await page.getByRole('button', { name: LOCATION.enquire }).click();
    const modal = brochureModal(page);
    await fillLeadForm(modal, visitor);

    const reply = page.waitForResponse((response) => response.url().endsWith(SEND_EMAIL));
    await modal.getByRole('button', { name: FORM_BUTTONS.downloadBrochure }).click();

    expect((await reply).status()).toBe(400);
    await expect.poll(() => alerts).toEqual([MESSAGES.emailFailed]);
    await expect(modal).toBeVisible();
    await expectFormKeeps(modal, brochureFields(visitor), { agree: true });
  });

  test('when the lead is on its way, then the button reads Submitting... and is disabled', async ({
    page,
  }, testInfo) => {
    const visitor = newVisitor(testInfo);
    const held = await holdRequest(page, SEND_EMAIL);
    await page.getByRole('button', { name: LOCATION.enquire }).click();
    const modal = brochureModal(page);
    await fillLeadForm(modal, visitor);

    await modal.getByRole('button', { name: FORM_BUTTONS.downloadBrochure }).click();
    await held.sent;

    const submitting = modal.getByRole('button', { name: MESSAGES.submitting });
    await expect(submitting).toBeVisible();
    await expect(submitting).toBeDisabled();
    const download = page.waitForEvent('download');
    await held.release();
    await download;
  });

  test('when the server answers "error", then the alert reads "Email failed" and the visitor keeps the form', async ({
    page,
  }, testInfo) => {
    const visitor = newVisitor(testInfo);
    const alerts = collectAlerts(page);
    await page.route(`**${SEND_EMAIL}`, (route) => route.fulfill({ body: 'error' }));
    await page.getByRole('button', { name: LOCATION.enquire }).click();
    const modal = brochureModal(page);
    await fillLeadForm(modal, visitor);

    await modal.getByRole('button', { name: FORM_BUTTONS.downloadBrochure }).click();

    await expect.poll(() => alerts).toEqual([MESSAGES.emailFailed]);
    await expect(page).toHaveURL(PAGE);
    await expect(modal).toBeVisible();
    await expectFormKeeps(modal, brochureFields(visitor), { agree: true });
  });

  test('when the network fails, then the visitor reads "Submission failed. Try again later." and keeps the form', async ({
    page,
    problems,
  }, testInfo) => {
    problems.allow(new RegExp(`${SEND_EMAIL}|net::ERR_FAILED`));
    const visitor = newVisitor(testInfo);
    const alerts = collectAlerts(page);
    await page.route(`**${SEND_EMAIL}`, (route) => route.abort());
    await page.getByRole('button', { name: LOCATION.enquire }).click();
    const modal = brochureModal(page);
    await fillLeadForm(modal, visitor);

    await modal.getByRole('button', { name: FORM_BUTTONS.downloadBrochure }).click();

    await expect.poll(() => alerts).toEqual([MESSAGES.submissionFailedLater]);
    await expect(
      modal.getByRole('alert').filter({ hasText: MESSAGES.submissionFailedLater }),
    ).toBeVisible();
    await expect(page).toHaveURL(PAGE);
    await expectFormKeeps(modal, brochureFields(visitor), { agree: true });
  });
});
