import { MESSAGES } from '@iconia/shared';
import { FORM_BUTTONS, THANK_YOU_PATH } from '../../src/content/forms.ts';
import { BROCHURE_SECTION, CONTACT, THANK_YOU } from '../../src/content/site.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectLeadEmail, newVisitor } from '../support/leads.ts';
import { fillLeadForm } from '../support/page-helpers.ts';

// A browser that blocks scripts, or a phone that has not run them yet: every lead form is a
// plain HTML form that the browser checks and posts itself, and the API answers the browser.
test.use({ javaScriptEnabled: false, waitForHydration: false });

test.beforeEach(({ problems }) => {
  // The browser refuses the page's modules, as it should with scripts off.
  problems.allow(/\/assets\/.*\.js \(csp\)/);
});

test('when scripts are off and a visitor sends the brochure form of the landing page, then /thank-you shows and sales get the lead', async ({
  page,
  mailbox,
}, testInfo) => {
  const visitor = newVisitor(testInfo);
  await page.goto('/');
  const form = page.getByRole('form', { name: BROCHURE_SECTION.formHeading });
  await fillLeadForm(form, visitor);

  await form.getByRole('button', { name: FORM_BUTTONS.submit }).click();

  await expect(page).toHaveURL(THANK_YOU_PATH);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(THANK_YOU.heading);
  expectLeadEmail(await mailbox.waitForMessage(visitor.name), {
    kind: 'brochure',
    source: 'inline-brochure',
    name: visitor.name,
    mobile: visitor.mobile,
    plotRange: visitor.plotRange,
    page: '/',
  });
});

test('when scripts are off and a visitor sends the enquiry, then /thank-you shows, nothing typed lands in the address and sales get the lead', async ({
  page,
  mailbox,
}, testInfo) => {
  const visitor = newVisitor(testInfo);
  await page.goto('/contact');
  const form = page.getByRole('form', { name: CONTACT.formHeading });
  await fillLeadForm(form, visitor, { plotRange: false, agree: false, location: true });

  await form.getByRole('button', { name: FORM_BUTTONS.submit }).click();

  await expect(page).toHaveURL(THANK_YOU_PATH);
  expect(new URL(page.url()).search).toBe('');
  expectLeadEmail(await mailbox.waitForMessage(visitor.name), {
    kind: 'contact',
    source: 'contact-form',
    name: visitor.name,
    mobile: visitor.mobile,
    location: visitor.location,
    page: '/contact',
  });
});

test('when scripts are off and the consent box is not ticked, then the browser holds the brochure form back', async ({
  page,
}, testInfo) => {
  const visitor = newVisitor(testInfo);
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  await page.goto('/');
  const form = page.getByRole('form', { name: BROCHURE_SECTION.formHeading });
  await fillLeadForm(form, visitor, { agree: false });

  await form.getByRole('button', { name: FORM_BUTTONS.submit }).click();

  await expect(page).toHaveURL('/');
  expect(posts).toEqual([]);
});

test('when scripts are off and the mobile is not a mobile number, then a readable page names the problem, links back, and nothing is stored', async ({
  page,
  mailbox,
  problems,
}, testInfo) => {
  // The refusal itself, answered 400 on purpose.
  problems.allow(/\/contact-form answered 400|status of 400 .*\/contact-form\)$/);
  const refused = { ...newVisitor(testInfo), mobile: '12345' };
  await page.goto('/contact');
  const form = page.getByRole('form', { name: CONTACT.formHeading });
  await fillLeadForm(form, refused, { plotRange: false, agree: false });
  const reply = page.waitForResponse((response) => response.url().endsWith('/contact-form'));

  await form.getByRole('button', { name: FORM_BUTTONS.submit }).click();

  expect((await reply).status()).toBe(400);
  await expect(page.getByText(MESSAGES.invalidMobile)).toBeVisible();
  await page.getByRole('link', { name: 'Back to the form' }).click();
  await expect(page).toHaveURL('/contact');

  // Leads are mailed in the order they are stored: once a later lead is in, a stored refusal
  // would have been mailed before it.
  const next = newVisitor(testInfo);
  const again = page.getByRole('form', { name: CONTACT.formHeading });
  await fillLeadForm(again, next, { plotRange: false, agree: false });
  await again.getByRole('button', { name: FORM_BUTTONS.submit }).click();
  await expect(page).toHaveURL(THANK_YOU_PATH);
  await mailbox.waitForMessage(next.name);
  expect(await mailbox.messagesMentioning(refused.name)).toEqual([]);
});
