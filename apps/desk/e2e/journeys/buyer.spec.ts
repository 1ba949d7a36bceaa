import { randomInt } from 'node:crypto';
import { expectNoAxeViolations } from '@iconia/web/e2e/axe';
import { expect, signIn, test } from '../support/desk-fixtures.ts';

test('when one mobile sends two enquiries from different forms, then the desk shows one buyer with both on the timeline and worked as one @layout', async ({
  page,
  request,
}) => {
  const tag = randomInt(1e9).toString(36);
  const mobile = String(8_000_000_000 + randomInt(1e9));
  const name = `Buyer ${tag}`;
  const brochure = await request.post('/send-email', {
    form: {
      name,
      mobile,
      plotRange: '200 - 300 Sq. Yds',
      source: 'brochure-modal',
      page: '/',
      utm_source: `first${tag}`,
      utm_campaign: 'plots',
      fbclid: `IwAR${tag}`,
      landingPage: '/location-highlights',
      referrer: 'https://l.facebook.com/',
    },
  });
  expect(brochure.status()).toBe(200);
  await signIn(page, 'agent');

  await page.getByLabel('Search by name or mobile').fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  const rows = page.getByRole('list', { name: 'Leads' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('link', { name }).click();
  await page.getByLabel('Stage', { exact: true }).selectOption({ label: 'Contacted' });
  await page.getByRole('button', { name: 'Save stage' }).click();
  await expect(page.getByText('Stage saved.')).toBeVisible();
  // The stage the buyer's page heads with, as saved (read back from the server).
  await expect(page.getByText(/^Contacted · /)).toBeVisible();

  // The same person writes again through another form, from another campaign.
  const contact = await request.post('/contact-form', {
    form: {
      name: `${name} K`,
      mobile,
      location: 'Kokapet',
      source: 'contact-form',
      page: '/contact',
      utm_source: `second${tag}`,
    },
  });
  expect(contact.status()).toBe(200);

  await page.goto(`/desk/?q=${mobile}`);
  await expect(rows).toHaveCount(1);
  // One row, on the latest enquiry, still Contacted: never a second New lead.
  await expect(rows.first().getByRole('link')).toHaveText(`${name} K`);
  await expect(rows.first()).toContainText('Contact form · 2 enquiries');
  await expect(rows.first()).toContainText('Contacted');

  await rows.first().getByRole('link').click();
  await expect(page.getByRole('heading', { name: `${name} K`, level: 1 })).toBeVisible();
  const enquiries = page.getByRole('region', { name: 'Enquiries (2)' });
  await expect(enquiries.getByText(/^Enquiry 1: Download Brochure pop-up/)).toBeVisible();
  await expect(enquiries.getByText(/^Enquiry 2: Contact form/)).toBeVisible();
  // The latest is open; the first keeps its own campaign.
  await enquiries.getByText(/^Enquiry 1:/).click();
  await expect(enquiries.getByText(`first${tag}`)).toBeVisible();
  const firstEnquiry = enquiries.getByRole('region', { name: 'Everything stored' }).first();
  for (const value of [`IwAR${tag}`, '/location-highlights', 'https://l.facebook.com/']) {
    await expect(firstEnquiry.getByText(value, { exact: true })).toBeVisible();
  }
  await expect(enquiries.getByText(`second${tag}`)).toBeVisible();

  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByText('Received from the website')).toHaveCount(2);
  await expect(timeline.getByText('Enquiry 1 (Download Brochure pop-up)')).not.toHaveCount(0);
  await expect(timeline.getByText('Enquiry 2 (Contact form)')).not.toHaveCount(0);
  await expect(timeline.getByText('Stage changed from New to Contacted')).toBeVisible();

  await expectNoAxeViolations(page, 'Buyer with two enquiries');
});
