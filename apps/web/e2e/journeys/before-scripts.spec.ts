import { CONTACT } from '../../src/content/site.ts';
import { FORM_BUTTONS } from '../../src/content/forms.ts';
import { expect, test } from '../support/fixtures.ts';
import { newVisitor } from '../support/leads.ts';
import { fillLeadForm } from '../support/page-helpers.ts';

// A phone still loading the scripts, or a browser that blocks them: the forms post by
// themselves.
test.use({ javaScriptEnabled: false });

test('when a visitor sends the enquiry before the scripts run, then it posts to the API, the lead reaches sales and nothing typed lands in the address', async ({
  page,
  mailbox,
  problems,
}, testInfo) => {
  // The browser refuses the page's modules: that is the situation under test.
  problems.allow(/\/assets\/.*\.js \(csp\)/);
  const visitor = newVisitor(testInfo);
  await page.goto('/contact');
  const form = page.getByRole('form', { name: CONTACT.formHeading });
  await fillLeadForm(form, visitor, { plotRange: false, agree: false, location: true });
  const request = page.waitForRequest((sent) => sent.url().endsWith('/contact-form'));

  await form.getByRole('button', { name: FORM_BUTTONS.submit }).click();

  expect((await request).method()).toBe('POST');
  await expect(page.locator('body')).toHaveText('success');
  expect(new URL(page.url()).search).toBe('');
  const mail = await mailbox.waitForMessage(visitor.name);
  expect(mail.text).toContain(visitor.location);
});
