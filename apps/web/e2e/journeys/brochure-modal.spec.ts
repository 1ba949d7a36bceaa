import { MESSAGES } from '@iconia/shared';
import {
  CONSENT_TEXT,
  FORM_BUTTONS,
  FORM_FIELDS,
  THANK_YOU_PATH,
} from '../../src/content/forms.ts';
import { BROCHURE_FILE_NAME, UI_TEXT } from '../../src/content/site.ts';
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
  openNavigation,
} from '../support/page-helpers.ts';

const SEND_EMAIL = '/send-email';

test.describe('brochure modal from the navigation bar', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/about');
  });

  test('when a visitor sends complete details, then they go URL-encoded, an alert confirms, the PDF downloads, /thank-you shows and sales get the lead @layout', async ({
    page,
    mailbox,
  }, testInfo) => {
    const visitor = newVisitor(testInfo);
    const alerts = collectAlerts(page);
    const nav = await openNavigation(page);
    await nav.getByRole('button', { name: UI_TEXT.downloadBrochure }).click();
    const modal = brochureModal(page);
    await expect(modal).toBeVisible();

    await fillLeadForm(modal, visitor);
    const download = page.waitForEvent('download');
    const request = page.waitForRequest((sent) => sent.url().endsWith(SEND_EMAIL));
    await modal.getByRole('button', { name: FORM_BUTTONS.downloadBrochure }).click();

    expect(await (await request).headerValue('content-type')).toBe(
      'application/x-www-form-urlencoded;charset=UTF-8',
    );
    await expect(page).toHaveURL(THANK_YOU_PATH);
    expect(alerts).toEqual([MESSAGES.brochureDownloading]);
    await expectBrochurePdf(await download, BROCHURE_FILE_NAME);
    await expect(modal).toBeHidden();
    expectLeadEmail(await mailbox.waitForMessage(visitor.name), {
      kind: 'brochure',
      source: 'brochure-modal',
      name: visitor.name,
      mobile: visitor.mobile,
      plotRange: visitor.plotRange,
      page: '/about',
    });
  });

  test('when a visitor submits with a field missing, then the alert asks for every field and nothing is sent', async ({
    page,
  }, testInfo) => {
    const visitor = newVisitor(testInfo);
    const alerts = collectAlerts(page);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(SEND_EMAIL)) sent.push(request.url());
    });
    const nav = await openNavigation(page);
    await nav.getByRole('button', { name: UI_TEXT.downloadBrochure }).click();
    const modal = brochureModal(page);
    const submit = modal.getByRole('button', { name: FORM_BUTTONS.downloadBrochure });

    await submit.click();
    await expect.poll(() => alerts.length).toBe(1);
    // Everything but the consent box: still refused with the same alert.
    await fillLeadForm(modal, visitor, { agree: false });
    await submit.click();
    await expect.poll(() => alerts.length).toBe(2);

    expect(alerts).toEqual([MESSAGES.fillAllFields, MESSAGES.fillAllFields]);
    expect(sent).toEqual([]);
    await expect(modal).toBeVisible();
    await expectFormKeeps(modal, brochureFields(visitor), { agree: false });
  });

  test('when the mobile number is not ten digits, then the form says so, shows the hint and sends nothing', async ({
    page,
  }, testInfo) => {
    const visitor = { ...newVisitor(testInfo), mobile: '987654321' };
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(SEND_EMAIL)) sent.push(request.url());
    });
    const nav = await openNavigation(page);
    await nav.getByRole('button', { name: UI_TEXT.downloadBrochure }).click();
    const modal = brochureModal(page);
    const mobile = modal.getByLabel(FORM_FIELDS.mobile.label);
    await expect(mobile).toHaveAccessibleDescription(MESSAGES.mobileHint);
    await expect(mobile).toHaveAttribute('maxlength', '10');

    await fillLeadForm(modal, visitor);
    await modal.getByRole('button', { name: FORM_BUTTONS.downloadBrochure }).click();

    await expect(
      modal.getByRole('alert').filter({ hasText: MESSAGES.invalidMobile }),
    ).toBeVisible();
    await expect(mobile).toBeFocused();
    await expect(mobile).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  test('when the reply is "Success" with spaces around it, then the modal takes it as success', async ({
    page,
  }, testInfo) => {
    const visitor = newVisitor(testInfo);
    const alerts = collectAlerts(page);
    await page.route(`**${SEND_EMAIL}`, (route) => route.fulfill({ body: '  Success\n' }));
    const nav = await openNavigation(page);
    await nav.getByRole('button', { name: UI_TEXT.downloadBrochure }).click();
    const modal = brochureModal(page);
    await fillLeadForm(modal, visitor);
    const download = page.waitForEvent('download');

    await modal.getByRole('button', { name: FORM_BUTTONS.downloadBrochure }).click();

    await expect(page).toHaveURL(THANK_YOU_PATH);
    expect(alerts).toEqual([MESSAGES.brochureDownloading]);
    await download;
  });

  test('when the lead is on its way, then the button reads Submitting... and cannot be pressed again', async ({
    page,
  }, testInfo) => {
    const visitor = newVisitor(testInfo);
    collectAlerts(page);
    const held = await holdRequest(page, SEND_EMAIL);
    const nav = await openNavigation(page);
    await nav.getByRole('button', { name: UI_TEXT.downloadBrochure }).click();
    const modal = brochureModal(page);
    await fillLeadForm(modal, visitor);

    await modal.getByRole('button', { name: FORM_BUTTONS.downloadBrochure }).click();
    await held.sent;

    const submitting = modal.getByRole('button', { name: MESSAGES.submitting });
    await expect(submitting).toBeVisible();
    await expect(submitting).toBeDisabled();
    await held.release();
    await expect(page).toHaveURL(THANK_YOU_PATH);
  });

  test('when the server answers "error", then the alert shows its reply and the visitor keeps the form', async ({
    page,
  }, testInfo) => {
    const visitor = newVisitor(testInfo);
    const alerts = collectAlerts(page);
    await page.route(`**${SEND_EMAIL}`, (route) => route.fulfill({ body: 'error' }));
    const nav = await openNavigation(page);
    await nav.getByRole('button', { name: UI_TEXT.downloadBrochure }).click();
    const modal = brochureModal(page);
    await fillLeadForm(modal, visitor);

    await modal.getByRole('button', { name: FORM_BUTTONS.downloadBrochure }).click();

    await expect.poll(() => alerts).toEqual([`${MESSAGES.submissionFailedPrefix}error`]);
    await expect(page).toHaveURL('/about');
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('button', { name: FORM_BUTTONS.downloadBrochure })).toBeEnabled();
    await expectFormKeeps(modal, brochureFields(visitor), { agree: true });
  });

  test('when the network fails, then the alert says so and the visitor keeps the form', async ({
    page,
    problems,
  }, testInfo) => {
    problems.allow(new RegExp(`${SEND_EMAIL}|net::ERR_FAILED`));
    const visitor = newVisitor(testInfo);
    const alerts = collectAlerts(page);
    await page.route(`**${SEND_EMAIL}`, (route) => route.abort());
    const nav = await openNavigation(page);
    await nav.getByRole('button', { name: UI_TEXT.downloadBrochure }).click();
    const modal = brochureModal(page);
    await fillLeadForm(modal, visitor);

    await modal.getByRole('button', { name: FORM_BUTTONS.downloadBrochure }).click();

    await expect.poll(() => alerts).toEqual([MESSAGES.somethingWentWrong]);
    await expect(page).toHaveURL('/about');
    await expect(modal).toBeVisible();
    await expectFormKeeps(modal, brochureFields(visitor), { agree: true });
  });

  test('when the visitor closes the modal and opens it again, then the form starts empty', async ({
    page,
  }, testInfo) => {
    const visitor = newVisitor(testInfo);
    const nav = await openNavigation(page);
    const opener = nav.getByRole('button', { name: UI_TEXT.downloadBrochure });
    await opener.click();
    const modal = brochureModal(page);
    await fillLeadForm(modal, visitor);

    await modal.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(modal).toBeHidden();
    await opener.click();

    await expectFormKeeps(modal, { name: '', mobile: '', plotRange: '' }, { agree: false });
  });
});

test.describe('opening the brochure modal', () => {
  test('when a visitor presses the side button Book Free Site Visit, then the brochure modal opens @layout', async ({
    page,
  }) => {
    await page.goto('/why');

    await page.getByRole('button', { name: UI_TEXT.bookSiteVisit }).click();

    await expect(brochureModal(page)).toBeVisible();
    await expect(brochureModal(page).getByRole('checkbox', { name: CONSENT_TEXT })).toBeVisible();
  });

  test('when a visitor lands on /, then the modal opens by itself 1.5 s after the page loads', async ({
    page,
  }) => {
    // The page's clock stands still until the test moves it, so a busy machine cannot move it.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.goto('/');

    await page.clock.runFor(1_400);
    await expect(brochureModal(page)).toBeHidden();

    await page.clock.runFor(100);
    await expect(brochureModal(page)).toBeVisible();
  });

  test('when a visitor lands on another page, then the modal does not open by itself', async ({
    page,
  }) => {
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.goto('/about');

    await page.clock.runFor(10_000);
    await expect(brochureModal(page)).toBeHidden();
  });
});
