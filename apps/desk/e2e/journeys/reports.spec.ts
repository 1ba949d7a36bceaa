import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '@iconia/web/e2e/axe';
import { expect, test } from '../support/clock-desk.ts';

const MINUTE = 60_000;
const MANAGER = { email: 'meera.manager@iconia.test', name: 'Meera Manager' };

/**
 * Every report table's cells that a reader sees, each whole: no text cut by its cell, no cell
 * past the screen's edge. Headers a phone hides (each figure carries its label instead) are not
 * shown, so they are left out.
 */
async function clippedCells(page: Page): Promise<string[]> {
  return page.locator('main table').evaluateAll((tables) => {
    const width = document.documentElement.clientWidth;
    return tables.flatMap((table) =>
      [...table.querySelectorAll<HTMLElement>('th, td')]
        .filter((cell) => {
          const head = cell.closest('thead');
          return !(head && getComputedStyle(head).clipPath !== 'none');
        })
        .filter((cell) => {
          const box = cell.getBoundingClientRect();
          return cell.scrollWidth > cell.clientWidth + 1 || box.left < 0 || box.right > width + 0.5;
        })
        .map(
          (cell) =>
            `${cell.textContent ?? ''} (${table.querySelector('caption')?.textContent ?? ''})`,
        ),
    );
  });
}

test('when leads came from the forms, from scripts without a form name, from a partner and an ad, then the reports count the same buyers everywhere and every table fits the screen @layout', async ({
  clockDesk,
  page,
  request,
}) => {
  await clockDesk.server.addUser(MANAGER.email, 'manager', MANAGER.name);
  // A known data set: four buyers from the site's forms (one writes again from another form),
  // three posted without a form name (as curl or a script would), a partner's and an ad's.
  const post = async (mobile: string, source?: string) => {
    const reply = await request.post('/send-email', {
      form: {
        name: 'Report Buyer',
        mobile,
        plotRange: '200 - 300 Sq. Yds',
        ...(source && { source }),
      },
    });
    expect(reply.status()).toBe(200);
  };
  for (const [index, form] of [
    'inline-brochure',
    'brochure-modal',
    'location-modal',
    'inline-brochure',
  ].entries()) {
    await post(`984800001${index}`, form);
  }
  await post('9848000010', 'brochure-modal');
  for (let index = 0; index < 3; index += 1) await post(`984800002${index}`);
  const partner = clockDesk.server.storeLead({
    kind: 'enquiry',
    origin: 'partner:acme-realty',
    externalId: 'ACME-1',
    attribution: {},
  });
  clockDesk.server.storeLead({
    kind: 'enquiry',
    origin: 'google_ads',
    externalId: 'G-1',
    attribution: {},
  });

  // The manager calls the partner's buyer six minutes later: a figure for Time to first contact.
  await clockDesk.signIn(page, MANAGER.email);
  await clockDesk.advance(6 * MINUTE);
  const call = await page.request.post(`/desk/api/leads/${partner}/contacts`, {
    headers: { 'Sec-Fetch-Site': 'same-origin' },
    data: { channel: 'call' },
  });
  expect(call.status()).toBe(201);

  await page.goto('/desk/reports');
  await expect(page.getByText('9 leads in the last 30 days.')).toBeVisible();
  const funnel = page.getByRole('table', { name: 'Leads at each stage' });
  await expect(funnel.getByRole('row', { name: /^New/ }).getByRole('cell')).toHaveText('9');
  const campaigns = page.getByRole('table', { name: 'Campaigns' });
  const campaignLeads = await campaigns
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') })
    .evaluateAll((rows) => rows.map((row) => Number(row.querySelector('td')?.textContent)));
  expect(campaignLeads.reduce((sum, leads) => sum + leads, 0)).toBe(9);

  await page.getByText('Leads per day as a table').click();
  const perDay = page.getByRole('table', { name: 'Leads per day' });
  const today = perDay.getByRole('row').last();
  await expect(today.getByRole('cell')).toHaveText(['2', '1', '1', '1', '1', '3', '9']);
  await expect(perDay.getByRole('columnheader')).toHaveText([
    'Day',
    'Brochure form on the home page',
    'Download Brochure pop-up',
    'Location highlights enquiry pop-up',
    'Google Ads',
    'Partner: acme-realty',
    'Website, no form named',
    'Total',
  ]);

  const firstContact = page.getByRole('table', { name: 'Time to first contact per person' });
  const row = firstContact.getByRole('row', { name: new RegExp(MANAGER.name) });
  await expect(row.getByRole('cell')).toHaveText(['1', '6 min', '6 min']);
  await expect(firstContact.getByText('90th percentile').first()).toBeAttached();
  // Counted on the same clock as speed to lead, and the screen says so under the figures.
  await expect(
    page
      .getByRole('region', { name: 'Time to first contact' })
      .getByText('as in speed to lead, the clock runs only in working hours'),
  ).toBeVisible();

  expect(await clippedCells(page)).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'Reports scroll sideways').toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, 'Reports with every table');
});

test('when a manager ticks With notes before Export CSV, then the file carries the buyer’s notes, and without the tick it does not', async ({
  clockDesk,
  page,
  request,
}) => {
  await clockDesk.server.addUser(MANAGER.email, 'manager', MANAGER.name);
  const reply = await request.post('/contact-form', {
    form: { name: 'Noted Buyer', mobile: '9848000031', source: 'contact-form', page: '/contact' },
  });
  expect(reply.status()).toBe(200);
  await clockDesk.signIn(page, MANAGER.email);
  await page.getByRole('link', { name: 'Noted Buyer' }).click();
  await page.getByLabel('Note', { exact: true }).fill('Prefers a call after 6 pm');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Note added.')).toBeVisible();
  await page.getByRole('link', { name: 'Inbox', exact: true }).click();

  const download = async () => {
    const file = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    return readFile(await (await file).path(), 'utf8');
  };
  const plain = await download();
  expect(plain).toContain('Noted Buyer');
  expect(plain).not.toContain('Prefers a call');

  await page.getByLabel('With notes').check();
  const withNotes = await download();
  expect(withNotes.split('\r\n')[0]).toMatch(/,notes$/);
  expect(withNotes).toContain(`${MANAGER.name}: Prefers a call after 6 pm`);
});
