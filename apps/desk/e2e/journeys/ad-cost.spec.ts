import { readFile } from 'node:fs/promises';
import { expectNoAxeViolations } from '@iconia/web/e2e/axe';
import { expect, test } from '../support/clock-desk.ts';

const MANAGER = { email: 'meera.manager@iconia.test', name: 'Meera Manager' };
const sample = (name: string) => new URL(`../../../../docs/samples/${name}`, import.meta.url);

test('when a manager imports both platforms’ spend and types a hoarding’s, then Reports shows what each buyer and campaign cost, a bad file names its line, and everything fits the screen @layout', async ({
  clockDesk,
  page,
}) => {
  const { server } = clockDesk;
  await server.addUser(MANAGER.email, 'manager', MANAGER.name);
  for (const utm_campaign of ['Plots Search - Hyderabad', 'plots search - hyderabad']) {
    server.storeLead({
      attribution: { source: 'brochure-modal', utm_source: 'google', utm_campaign },
    });
  }
  await clockDesk.signIn(page, MANAGER.email);
  await page.goto('/desk/reports');
  const section = page.getByRole('region', { name: 'What the ads cost' });
  await expect(section.getByText('No spend and no buyers in this period yet.')).toHaveCount(0);

  const file = section.getByLabel('Spend export (CSV)');
  const importButton = section.getByRole('button', { name: 'Import spend' });
  const importForm = section.locator('form', {
    has: page.getByRole('button', { name: 'Import spend' }),
  });
  const saveButton = section.getByRole('button', { name: 'Save spend' });
  const entryForm = section.locator('form', {
    has: page.getByRole('button', { name: 'Save spend' }),
  });
  await file.setInputFiles(sample('google-ads-campaign-report.csv').pathname);
  await importButton.click();
  await expect(importForm.getByRole('status')).toContainText(
    'Imported google-ads-campaign-report.csv (Google Ads): ₹14,413.50 over 5 campaign days of 2 campaigns, 2026-11-16 to 2026-11-18.',
  );
  const byCampaign = section.getByRole('table', { name: 'Cost by campaign' });
  const search = byCampaign.getByRole('row', { name: /Google Ads \/ Plots Search - Hyderabad/ });
  await expect(search.getByRole('cell')).toHaveText([
    '₹13,433.25',
    '2',
    '0',
    '0',
    '0',
    '₹6,716.63',
    '–',
    '–',
  ]);

  const meta = await readFile(sample('meta-ads-manager-export.csv'), 'utf8');
  await file.setInputFiles({
    name: 'meta-broken.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(meta.replace('1890.00', '"1,890 rupees"')),
  });
  await importButton.click();
  await expect(importForm.getByRole('alert')).toContainText(
    'One row of the file cannot be imported',
  );
  await expect(section.getByRole('list', { name: 'Rows to correct' })).toContainText(
    'Line 3: "1,890 rupees" is not an amount in rupees',
  );
  await file.setInputFiles(sample('meta-ads-manager-export.csv').pathname);
  await importButton.click();
  await expect(importForm.getByRole('status')).toContainText('(Meta): ₹6,100.39');

  await section.getByLabel('Platform').fill('hoarding');
  await section.getByLabel('Campaign').fill('NH-65 hoarding');
  await section.getByLabel('Day').fill('2026-11-20');
  await section.getByLabel('Amount (₹)').fill('25,000');
  await saveButton.click();
  await expect(entryForm.getByRole('status')).toContainText(
    'Saved ₹25,000.00 for NH-65 hoarding on 2026-11-20.',
  );

  const byPlatform = section.getByRole('table', { name: 'Cost by platform' });
  await expect(
    byPlatform
      .getByRole('row', { name: /^Total/ })
      .getByRole('cell')
      .first(),
  ).toHaveText('₹45,513.89');
  await expect(section.getByRole('link', { name: 'Cost per campaign CSV' })).toHaveAttribute(
    'href',
    '/desk/api/reports/cost.csv?days=30',
  );
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'Reports scroll sideways').toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, 'Reports with what the ads cost');
});
