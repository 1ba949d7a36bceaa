import { MESSAGES } from '@iconia/shared';
import {
  FORM_BUTTONS,
  FORM_FIELDS,
  FORM_MESSAGES,
  THANK_YOU_PATH,
} from '../../src/content/forms.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectLeadEmail, newVisitor } from '../support/leads.ts';
import {
  brochureFields,
  dismissAutoOpenedBrochure,
  expectFormKeeps,
  fillLeadForm,
  holdRequest,
  inlineBrochureForm,
} from '../support/page-helpers.ts';

const SEND_EMAIL = '/send-email';

test.describe('brochure form on the landing page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await dismissAutoOpenedBrochure(page);
  });

  test('when a visitor sends name, mobile and consent, then they go multipart, /thank-you shows at the top without a download and sales get the lead @layout', async ({
    page,
    mailbox,
  }, testInfo) => {
    const visitor = newVisitor(testInfo);
    const downloads: string[] = [];
    page.on('download', (download) => downloads.push(download.suggestedFilename()));
    const form = inlineBrochureForm(page);
    await fillLeadForm(form, visitor);
    const request = page.waitForRequest((sent) => sent.url().endsWith(SEND_EMAIL));

    await form.getByRole('button', { name: FORM_BUTTONS.submit }).click();

    expect(await (await request).headerValue('content-type')).toMatch(/^multipart\/form-data;/);
    await expect(page).toHaveURL(THANK_YOU_PATH);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expectLeadEmail(await mailbox.waitForMessage(visitor.name), {
      kind: 'brochure',
      source: 'inline-brochure',
      name: visitor.name,
      mobile: visitor.mobile,
      plotRange: visitor.plotRange,
      page: '/',
    });
    expect(downloads).toEqual([]);
  });

  test('when the plot range is left empty, then the lead still goes through', async ({
    page,
    mailbox,
  }, testInfo) => {
    const visitor = newVisitor(testInfo);
    const form = inlineBrochureForm(page);
    await fillLeadForm(form, visitor, { plotRange: false });

    await form.getByRole('button', { name: FORM_BUTTONS.submit }).click();

    await expect(page).toHaveURL(THANK_YOU_PATH);
    expectLeadEmail(await mailbox.waitForMessage(visitor.name), {
      kind: 'brochure',
      source: 'inline-brochure',
      name: visitor.name,
      mobile: visitor.mobile,
    });
  });

  test('when required fields are empty, then each says what is missing and nothing is sent', async ({
    page,
  }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(SEND_EMAIL)) sent.push(request.url());
    });
    const form = inlineBrochureForm(page);

    await form.getByRole('button', { name: FORM_BUTTONS.submit }).click();

    const name = form.getByLabel(FORM_FIELDS.name.label);
    await expect(name).toHaveAccessibleDescription(MESSAGES.nameRequired);
    await expect(name).toBeFocused();
    // The ten-digit hint stays in the description, before the error.
    await expect(form.getByLabel(FORM_FIELDS.mobile.label)).toHaveAccessibleDescription(
      `${MESSAGES.mobileHint} ${MESSAGES.invalidMobile}`,
    );
    await expect(form.getByRole('checkbox')).toHaveAccessibleDescription(
      FORM_MESSAGES.consentRequired,
    );
    expect(sent).toEqual([]);
  });

  test('when the mobile number is not ten digits, then the form asks for a valid one and sends nothing', async ({
    page,
  }, testInfo) => {
    const visitor = { ...newVisitor(testInfo), mobile: '98765 4321' };
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(SEND_EMAIL)) sent.push(request.url());
    });
    const form = inlineBrochureForm(page);
    const mobile = form.getByLabel(FORM_FIELDS.mobile.label);
    await expect(mobile).toHaveAttribute('maxlength', '10');
    await fillLeadForm(form, visitor);

    await form.getByRole('button', { name: FORM_BUTTONS.submit }).click();

    await expect(form.getByRole('alert').filter({ hasText: MESSAGES.invalidMobile })).toBeVisible();
    await expect(mobile).toBeFocused();
    expect(sent).toEqual([]);
  });

  test('when the lead is on its way, then the button reads Submitting... and is disabled', async ({
    page,
  }, testInfo) => {
    const visitor = newVisitor(testInfo);
    const held = await holdRequest(page, SEND_EMAIL);
    const form = inlineBrochureForm(page);
    await fillLeadForm(form, visitor);

    await form.getByRole('button', { name: FORM_BUTTONS.submit }).click();
    await held.sent;

    const submitting = form.getByRole('button', { name: MESSAGES.submitting });
    await expect(submitting).toBeVisible();
    await expect(submitting).toBeDisabled();
    await held.release();
    await expect(page).toHaveURL(THANK_YOU_PATH);
  });

  test('when the server answers "error", then the form shows "Email failed" and keeps the values', async ({
    page,
  }, testInfo) => {
    const visitor = newVisitor(testInfo);
    await page.route(`**${SEND_EMAIL}`, (route) => route.fulfill({ body: 'error' }));
    const form = inlineBrochureForm(page);
    await fillLeadForm(form, visitor);

    await form.getByRole('button', { name: FORM_BUTTONS.submit }).click();

    await expect(form.getByRole('alert').filter({ hasText: MESSAGES.emailFailed })).toBeVisible();
    await expect(page).toHaveURL('/');
    await expect(form.getByRole('button', { name: FORM_BUTTONS.submit })).toBeEnabled();
    await expectFormKeeps(form, brochureFields(visitor), { agree: true });
  });

  test('when the network fails, then the form says to try later and keeps the values', async ({
    page,
    problems,
  }, testInfo) => {
    problems.allow(new RegExp(`${SEND_EMAIL}|net::ERR_FAILED`));
    const visitor = newVisitor(testInfo);
    await page.route(`**${SEND_EMAIL}`, (route) => route.abort());
    const form = inlineBrochureForm(page);
    await fillLeadForm(form, visitor);

    await form.getByRole('button', { name: FORM_BUTTONS.submit }).click();

    await expect(
      form.getByRole('alert').filter({ hasText: MESSAGES.submissionFailedLater }),
    ).toBeVisible();
    await expect(page).toHaveURL('/');
    await expectFormKeeps(form, brochureFields(visitor), { agree: true });
  });
});
