import { randomInt } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, signIn, test } from '../support/desk-fixtures.ts';

/** Sends enquiries through the site's public endpoint, as the contact form does without script. */
async function sendEnquiries(request: APIRequestContext, tag: string, count: number) {
  const first = 7_000_000_000 + randomInt(1e8) * 10;
  for (let index = 0; index < count; index += 1) {
    const response = await request.post('/contact-form', {
      form: {
        name: `Inbox ${tag} ${String(index).padStart(2, '0')}`,
        mobile: String(first + index),
        location: 'Gachibowli',
        source: 'contact-form',
        page: '/contact',
        utm_source: `src${tag}`,
        utm_campaign: 'autumn',
      },
    });
    expect(response.status()).toBe(200);
  }
}

test('when more leads match than a page holds, then Load more shows the rest, newest first', async ({
  page,
  request,
}) => {
  const tag = randomInt(1e9).toString(36);
  await sendEnquiries(request, tag, 53);
  await signIn(page, 'agent');

  await page.getByLabel('Search by name or mobile').fill(`Inbox ${tag}`);
  await page.getByRole('button', { name: 'Search' }).click();

  const rows = page.getByRole('list', { name: 'Leads' }).getByRole('listitem');
  await expect(rows).toHaveCount(50);
  await expect(rows.first().getByRole('link')).toHaveText(`Inbox ${tag} 52`);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rows).toHaveCount(53);
  await expect(rows.last().getByRole('link')).toHaveText(`Inbox ${tag} 00`);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});

test('when filters are applied, then only matching leads show and the filters stay in the address @layout', async ({
  page,
  request,
}) => {
  const tag = randomInt(1e9).toString(36);
  await sendEnquiries(request, tag, 2);
  await signIn(page, 'agent');

  await page.getByText('Filters', { exact: true }).click();
  await page.getByLabel('Campaign source').fill(`src${tag}`);
  await page.getByLabel('Stage').selectOption({ label: 'New' });
  await page.getByRole('button', { name: 'Apply filters' }).click();

  const rows = page.getByRole('list', { name: 'Leads' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(page).toHaveURL(new RegExp(`utmSource=src${tag}`));
  await expect(rows.first()).toContainText('Contact form');
  await expect(rows.first()).toContainText('Gachibowli');
  await expect(rows.first()).toContainText(/just now|min ago/);

  await page.getByLabel('Stage').selectOption({ label: 'Booked' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('No lead matches these filters.')).toBeVisible();
});
