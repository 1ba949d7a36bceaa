import { MESSAGES } from '@iconia/shared';
import type { Page } from '@playwright/test';
import {
  FORM_BUTTONS,
  FORM_FIELDS,
  FORM_MESSAGES,
  THANK_YOU_PATH,
} from '../../src/content/forms.ts';
import { CONTACT, OFFICE_ADDRESS, PHONES } from '../../src/content/site.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectLeadEmail, newVisitor } from '../support/leads.ts';
import {
  collectAlerts,
  contactFields,
  expectFormKeeps,
  fillLeadForm,
  holdRequest,
} from '../support/page-helpers.ts';

const CONTACT_FORM = '/contact-form';

function enquiryForm(page: Page) {
  return page.getByRole('form', { name: CONTACT.formHeading });
}

test.describe('Enquire Now form on the contact page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/contact');
  });

  test('when a visitor sends name, mobile and location, then they go multipart, /thank-you shows and sales get the enquiry @layout', async ({
    page,
    mailbox,
  }, testInfo) => {
    const visitor = newVisitor(testInfo);
    const downloads: string[] = [];
    page.on('download', (download) => downloads.push(download.suggestedFilename()));
    const form = enquiryForm(page);
    await fillLeadForm(form, visitor, { plotRange: false, agree: false, location: true });
    const request = page.waitForRequest((sent) => sent.url().endsWith(CONTACT_FORM));

    await form.getByRole('button', { name: FORM_BUTTONS.submit }).click();

    expect(await (await request).headerValue('content-type')).toMatch(/^multipart\/form-data;/);
    await expect(page).toHaveURL(THANK_YOU_PATH);
    expectLeadEmail(await mailbox.waitForMessage(visitor.name), {
      kind: 'contact',
      source: 'contact-form',
      name: visitor.name,
      mobile: visitor.mobile,
      location: visitor.location,
      page: '/contact',
    });
    expect(downloads).toEqual([]);
  });

  test('when name and mobile are empty, then each says what is missing and nothing is sent', async ({
    page,
  }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(CONTACT_FORM)) sent.push(request.url());
    });
    const form = enquiryForm(page);

    await form.getByRole('button', { name: FORM_BUTTONS.submit }).click();

    const name = form.getByLabel(FORM_FIELDS.name.label);
    await expect(name).toHaveAccessibleDescription(MESSAGES.nameRequired);
    await expect(name).toBeFocused();
    await expect(form.getByLabel(FORM_FIELDS.mobile.label)).toHaveAccessibleDescription(
      FORM_MESSAGES.mobileRequired,
    );
    await expect(form.getByLabel(FORM_FIELDS.location.label)).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(sent).toEqual([]);
  });

  test('when the mobile number is malformed, then the form sends it and the alert shows the server reply', async ({
    page,
    problems,
  }, testInfo) => {
    problems.allow(new RegExp(`${CONTACT_FORM}.*400|status of 400`));
    const visitor = { ...newVisitor(testInfo), mobile: '12345' };
    const alerts = collectAlerts(page);
    const form = enquiryForm(page);
    await fillLeadForm(form, visitor, { plotRange: false, agree: false, location: true });

    await form.getByRole('button', { name: FORM_BUTTONS.submit }).click();

    await expect
      .poll(() => alerts)
      .toEqual([`${MESSAGES.contactFailedPrefix}${MESSAGES.invalidMobile}`]);
    await expect(page).toHaveURL('/contact');
    await expectFormKeeps(form, contactFields(visitor));
  });

  test('when the enquiry is on its way, then the button reads Submitting... and is disabled', async ({
    page,
  }, testInfo) => {
    const visitor = newVisitor(testInfo);
    const held = await holdRequest(page, CONTACT_FORM);
    const form = enquiryForm(page);
    await fillLeadForm(form, visitor, { plotRange: false, agree: false });

    await form.getByRole('button', { name: FORM_BUTTONS.submit }).click();
    await held.sent;

    const submitting = form.getByRole('button', { name: MESSAGES.submitting });
    await expect(submitting).toBeVisible();
    await expect(submitting).toBeDisabled();
    await held.release();
    await expect(page).toHaveURL(THANK_YOU_PATH);
  });

  test('when the server answers "error", then the alert shows the server response and the visitor keeps the form', async ({
    page,
  }, testInfo) => {
    const visitor = newVisitor(testInfo);
    const alerts = collectAlerts(page);
    await page.route(`**${CONTACT_FORM}`, (route) => route.fulfill({ body: 'error' }));
    const form = enquiryForm(page);
    await fillLeadForm(form, visitor, { plotRange: false, agree: false, location: true });

    await form.getByRole('button', { name: FORM_BUTTONS.submit }).click();

    await expect.poll(() => alerts).toEqual([`${MESSAGES.contactFailedPrefix}error`]);
    await expect(page).toHaveURL('/contact');
    await expect(form.getByRole('button', { name: FORM_BUTTONS.submit })).toBeEnabled();
    await expectFormKeeps(form, contactFields(visitor));
  });

  test('when the network fails, then the visitor reads "Failed to submit form" and keeps the form', async ({
    page,
    problems,
  }, testInfo) => {
    problems.allow(new RegExp(`${CONTACT_FORM}|net::ERR_FAILED`));
    const visitor = newVisitor(testInfo);
    const alerts = collectAlerts(page);
    await page.route(`**${CONTACT_FORM}`, (route) => route.abort());
    const form = enquiryForm(page);
    await fillLeadForm(form, visitor, { plotRange: false, agree: false, location: true });

    await form.getByRole('button', { name: FORM_BUTTONS.submit }).click();

    await expect.poll(() => alerts).toEqual([MESSAGES.contactNetworkFailed]);
    await expect(
      form.getByRole('alert').filter({ hasText: MESSAGES.contactNetworkFailed }),
    ).toBeVisible();
    await expect(page).toHaveURL('/contact');
    await expectFormKeeps(form, contactFields(visitor));
  });
});

test.describe('CONTACT US', () => {
  test('when a visitor presses CONTACT US, then a modal titled Contact Us shows the phone numbers and the office address @layout', async ({
    page,
  }) => {
    await page.goto('/contact');

    await page.getByRole('button', { name: CONTACT.contactUs }).click();

    const modal = page.getByRole('dialog', { name: CONTACT.modalTitle });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('link', { name: PHONES.sales.display }).first()).toHaveAttribute(
      'href',
      `tel:${PHONES.sales.e164}`,
    );
    await expect(modal.getByRole('link', { name: PHONES.office.display })).toHaveAttribute(
      'href',
      `tel:${PHONES.office.e164}`,
    );
    for (const line of [OFFICE_ADDRESS.name, ...OFFICE_ADDRESS.lines]) {
      await expect(modal.locator('address')).toContainText(line);
    }
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(page.getByRole('button', { name: CONTACT.contactUs })).toBeFocused();
  });
});
