import { LEAD_ENDPOINTS } from '@iconia/shared';
import { FORM_BUTTONS, THANK_YOU_PATH } from '../../src/content/forms.ts';
import { CONTACT, UI_TEXT } from '../../src/content/site.ts';
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

  test('when a visitor lands from a Meta ad link sent by another site and asks for the brochure on another page, then the lead carries the click id, the landing page and the referrer', async ({
    page,
    mailbox,
  }, testInfo) => {
    const visitor = newVisitor(testInfo);
    collectAlerts(page);
    await page.goto('/location-highlights?utm_source=facebook&fbclid=IwAR0e2e', {
      referer: 'https://l.facebook.com/',
    });

    const nav = page.getByRole('navigation', { name: UI_TEXT.mainNavLabel });
    await nav.getByRole('link', { name: 'Gallery', exact: true }).click();
    await expect(page).toHaveURL('/gallery');
    await nav.getByRole('button', { name: UI_TEXT.downloadBrochure }).click();
    const modal = brochureModal(page);
    await fillLeadForm(modal, visitor);
    const posted = page.waitForRequest(
      (request) =>
        request.method() === 'POST' && new URL(request.url()).pathname === LEAD_ENDPOINTS.brochure,
    );
    await modal.getByRole('button', { name: FORM_BUTTONS.downloadBrochure }).click();
    await expect(page).toHaveURL(THANK_YOU_PATH);

    const fields = Object.fromEntries(new URLSearchParams((await posted).postData() ?? ''));
    expect(fields).toMatchObject({
      page: '/gallery',
      utm_source: 'facebook',
      fbclid: 'IwAR0e2e',
      landingPage: '/location-highlights',
      referrer: 'https://l.facebook.com/',
    });
    expectLeadEmail(await mailbox.waitForMessage(visitor.name), {
      kind: 'brochure',
      source: 'brochure-modal',
      name: visitor.name,
      mobile: visitor.mobile,
      page: '/gallery',
      campaign: { utm_source: 'facebook' },
    });
  });

  test('when a visitor opened the home page and then came back to the contact page through a campaign link, then the enquiry credits that campaign and landing', async ({
    page,
    mailbox,
  }, testInfo) => {
    const visitor = newVisitor(testInfo);
    collectAlerts(page);
    await page.goto('/');
    await page.goto('/contact?utm_source=newspaper&utm_campaign=diwali');

    const form = page.getByRole('form', { name: CONTACT.formHeading });
    await fillLeadForm(form, visitor, { plotRange: false, agree: false, location: true });
    const posted = page.waitForRequest(
      (request) =>
        request.method() === 'POST' && new URL(request.url()).pathname === LEAD_ENDPOINTS.contact,
    );
    await form.getByRole('button', { name: FORM_BUTTONS.submit }).click();
    await expect(page).toHaveURL(THANK_YOU_PATH);

    expectLeadEmail(await mailbox.waitForMessage(visitor.name), {
      kind: 'contact',
      source: 'contact-form',
      name: visitor.name,
      mobile: visitor.mobile,
      page: '/contact',
      campaign: { utm_source: 'newspaper', utm_campaign: 'diwali' },
    });
    const request = await posted;
    const fields = await new Response(request.postData(), {
      headers: { 'content-type': (await request.headerValue('content-type')) ?? '' },
    }).formData();
    expect(fields.get('landingPage')).toBe('/contact');
  });
});
