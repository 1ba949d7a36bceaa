import { FORM_BUTTONS, THANK_YOU_PATH } from '../../src/content/forms.ts';
import { CONTACT, UI_TEXT } from '../../src/content/site.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectLeadEmail, newVisitor } from '../support/leads.ts';
import { brochureModal, fillLeadForm, holdRequest } from '../support/page-helpers.ts';

// The page paints from its HTML and only then loads its scripts; on a slow phone a visitor may
// act in between. Holding back the client entry makes that moment last as long as the test
// needs.
const CLIENT_ENTRY = '/assets/entry.client-*.js';

test('when the page shows, then its scripts are requested only after its first paint', async ({
  page,
}) => {
  await page.goto('/');
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((entry) => entry.name.includes('entry.client')),
  );

  const { firstPaint, firstScript } = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    firstScript: Math.min(
      ...performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js'))
        .map((entry) => entry.startTime),
    ),
  }));

  expect(firstPaint).toBeGreaterThan(0);
  expect(firstScript).toBeGreaterThanOrEqual(firstPaint ?? Infinity);
});

test('when a visitor taps Download Brochure before the scripts have run, then the brochure modal opens once they have @layout', async ({
  page,
}) => {
  const scripts = await holdRequest(page, CLIENT_ENTRY);
  await page.goto('/about');
  const nav = page.getByRole('navigation', { name: UI_TEXT.mainNavLabel });
  const menuButton = page.getByRole('button', { name: UI_TEXT.menuOpen });
  const onPhone = await menuButton.isVisible();
  const download = nav.getByRole('button', { name: UI_TEXT.downloadBrochure });

  // On a phone the first tap opens the menu; on a desktop it is the button itself.
  await (onPhone ? menuButton : download).click();
  await expect(brochureModal(page)).toBeHidden();
  await scripts.release();
  if (onPhone) await download.click();

  await expect(brochureModal(page)).toBeVisible();
});

test('when a visitor fills in and sends the enquiry before the scripts have run, then the hydrated form sends it once and sales get it', async ({
  page,
  mailbox,
}, testInfo) => {
  const visitor = newVisitor(testInfo);
  const scripts = await holdRequest(page, CLIENT_ENTRY);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/contact-form')) sent.push(request.method());
  });
  await page.goto('/contact');
  const form = page.getByRole('form', { name: CONTACT.formHeading });
  await fillLeadForm(form, visitor, { plotRange: false, agree: false, location: true });

  await form.getByRole('button', { name: FORM_BUTTONS.submit }).click();
  await scripts.sent;
  expect(sent).toEqual([]);
  await scripts.release();

  await expect(page).toHaveURL(THANK_YOU_PATH);
  expect(sent).toEqual(['POST']);
  expectLeadEmail(await mailbox.waitForMessage(visitor.name), {
    kind: 'contact',
    source: 'contact-form',
    name: visitor.name,
    mobile: visitor.mobile,
    location: visitor.location,
    page: '/contact',
  });
});
