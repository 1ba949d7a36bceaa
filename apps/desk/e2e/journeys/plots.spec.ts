import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '@iconia/web/e2e/axe';
import { expect, newPerson, signIn, test } from '../support/desk-fixtures.ts';

/** The counts of one phase's column, status by status, as the Plots screen shows them. */
async function expectPhaseCounts(
  page: Page,
  phase: string,
  counts: Record<'Available' | 'Held' | 'Booking requested' | 'Booked' | 'All plots', number>,
): Promise<void> {
  const table = page.getByRole('region', { name: 'Plot counts' });
  await expect(table.getByRole('columnheader', { name: phase, exact: true })).toBeVisible();
  const column = (await table.getByRole('columnheader').allTextContents()).indexOf(phase);
  expect(column, `a column for ${phase}`).toBeGreaterThan(0);
  for (const [status, count] of Object.entries(counts)) {
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: status, exact: true }) });
    await expect(row.getByRole('cell').nth(column - 1)).toHaveText(String(count));
  }
}

/** A manager chooses a CSV file on the Plots screen and imports it. */
async function importCsv(page: Page, name: string, csv: string): Promise<void> {
  const section = page.getByRole('region', { name: 'Import plots from a CSV file' });
  await section
    .getByLabel('CSV file')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await section.getByRole('button', { name: 'Import plots' }).click();
}

test('when a manager imports plots, an agent holds one for a buyer and requests the booking, and a manager approves it, then the buyer is Booked and the campaign’s booking shows in the reports, until a manager cancels the booking', async ({
  page,
  browser,
  request,
}) => {
  // Two people's browsers through a whole booking: three times the usual time.
  test.slow();
  const tag = randomInt(36 ** 5).toString(36);
  const phase = `Phase ${tag}`;
  const name = `Plot buyer ${tag}`;
  const campaign = { source: `src${tag}`, name: `plots-${tag}` };
  const sent = await request.post('/send-email', {
    form: {
      name,
      mobile: String(7_000_000_000 + randomInt(1e9)),
      plotRange: '200 - 300 Sq. Yds',
      source: 'brochure-modal',
      page: '/',
      utm_source: campaign.source,
      utm_campaign: campaign.name,
    },
  });
  expect(sent.status()).toBe(200);

  // A manager's file with one bad row imports nothing and names the line.
  await signIn(page, 'manager');
  await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Plots' }).click();
  await expect(page.getByRole('heading', { name: 'Plots', level: 1 })).toBeVisible();
  const header = 'Plot No,Phase,Size (sq. yds),Facing,Corner,Rate per sq. yd';
  await importCsv(
    page,
    'plots-with-a-mistake.csv',
    [
      header,
      `${tag}-1,${phase},240,East,no,"18,000"`,
      `${tag}-2,${phase},big,North,yes,18000`,
    ].join('\n'),
  );
  const section = page.getByRole('region', { name: 'Import plots from a CSV file' });
  await expect(section.getByRole('alert')).toHaveText(
    'One row of the CSV cannot be imported; nothing was imported.',
  );
  await expect(section.getByRole('list', { name: 'Rows to correct' })).toHaveText(/^Line 3: .*big/);
  await expect(page.getByRole('region', { name: 'Plots by status and phase' })).not.toContainText(
    phase,
  );

  await importCsv(
    page,
    'plots.csv',
    [
      header,
      `${tag}-1,${phase},240,East,no,"18,000"`,
      `${tag}-2,${phase},300,North-East,yes,19000`,
      `${tag}-3,${phase},180,West,no,17500`,
    ].join('\n'),
  );
  await expect(section.getByRole('status')).toHaveText(
    'Imported plots.csv: 3 new plots, 0 plots updated.',
  );
  await expectPhaseCounts(page, phase, {
    Available: 3,
    Held: 0,
    'Booking requested': 0,
    Booked: 0,
    'All plots': 3,
  });

  // The agent opens the buyer, chooses a corner plot of the phase and holds it for them.
  const agent = await newPerson(browser);
  await signIn(agent, 'agent');
  await agent.getByLabel('Search by name or mobile').fill(name);
  await agent.getByRole('button', { name: 'Search' }).click();
  await agent.getByRole('list', { name: 'Leads' }).getByRole('link', { name }).click();
  const buyerPlots = agent.getByRole('region', { name: 'Plots', exact: true });
  await expect(buyerPlots).toContainText('No plot is held or booked for this buyer.');
  await buyerPlots.getByRole('link', { name: `Hold a plot for ${name}` }).click();
  await expect(agent.getByText(`Choosing a plot to hold for ${name}.`)).toBeVisible();
  const filters = agent.getByRole('search', { name: 'Plots' });
  await filters.getByText('Filters (on)').click();
  await filters.getByLabel('Phase').selectOption(phase);
  await filters.getByLabel('Corner').selectOption({ label: 'Corner plots only' });
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  const plots = agent.getByRole('list', { name: 'Plots' });
  await expect(plots.getByRole('listitem')).toHaveCount(1);
  await plots.getByRole('button', { name: `Hold plot ${tag}-2 for ${name}` }).click();

  await expect(agent.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(buyerPlots).toContainText(`Plot ${tag}-2 Held`);
  await expect(buyerPlots).toContainText(`For ${name}, held by Arjun Agent until`);
  await buyerPlots.getByRole('link', { name: `Plot ${tag}-2` }).click();
  await agent.getByRole('button', { name: 'Request booking' }).click();
  await expect(
    agent.getByText('Booking requested; a manager approves or refuses it.'),
  ).toBeVisible();
  await expect(agent.getByRole('heading', { name: 'Booking requested', level: 2 })).toBeVisible();

  // The manager finds the request among the plots awaiting a decision and approves it.
  await page.goto(`/desk/plots?status=booking_requested&phase=${encodeURIComponent(phase)}`);
  await page
    .getByRole('list', { name: 'Plots' })
    .getByRole('link', { name: `Plot ${tag}-2` })
    .click();
  await expect(page.getByRole('region', { name: 'Buyer' })).toContainText(name);
  await page.getByRole('button', { name: 'Approve booking' }).click();
  await expect(page.getByText('Booking approved; the buyer is Booked.')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Plot ${tag}-2`, level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Buyer' })).toContainText(
    `For ${name}, approved by Meera Manager`,
  );

  // The buyer is Booked, through the booking, and the Plots screen counts it.
  await page.getByRole('region', { name: 'Buyer' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText(/^Booked · /)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Plots', exact: true })).toContainText(
    `Plot ${tag}-2 Booked`,
  );
  await page.goto('/desk/plots');
  await expectPhaseCounts(page, phase, {
    Available: 2,
    Held: 0,
    'Booking requested': 0,
    Booked: 1,
    'All plots': 3,
  });

  // The reports count the booking under the buyer's campaign.
  await page.goto('/desk/reports');
  const campaigns = page.getByRole('table', { name: 'Campaigns' });
  const row = campaigns.getByRole('row', { name: `${campaign.source} / ${campaign.name}` });
  // The headers are read once the table is there, not from a page still loading.
  await expect(row).toBeVisible();
  const columns = await campaigns.getByRole('columnheader').allTextContents();
  expect(columns).toContain('Leads');
  await expect(row.getByRole('cell').nth(columns.indexOf('Leads') - 1)).toHaveText('1');
  await expect(row.getByRole('cell').nth(columns.indexOf('Bookings') - 1)).toHaveText('1');

  // A Booked buyer's stage is not the agent's to change: the plot's booking says so.
  await agent.reload();
  await agent.getByRole('region', { name: 'Buyer' }).getByRole('link', { name }).click();
  const stage = agent.getByRole('region', { name: 'Pipeline stage' });
  await expect(stage).toContainText('Stage: Booked');
  await expect(stage).toContainText(`Plot ${tag}-2 is booked for this buyer`);
  await expect(stage.getByRole('combobox')).toHaveCount(0);

  // The buyer withdraws: a manager cancels the booking from the plot's page, with the reason.
  await page.goto(`/desk/plots?status=booked&phase=${encodeURIComponent(phase)}`);
  await page
    .getByRole('list', { name: 'Plots' })
    .getByRole('link', { name: `Plot ${tag}-2` })
    .click();
  await page.getByRole('button', { name: 'Cancel booking…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  await dialog.getByLabel('Reason').fill('The buyer withdrew');
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByText('Booking cancelled; the plot is available.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'History' })).toContainText(
    'Booking cancelled: The buyer withdrew; the plot is available',
  );

  await page.goto('/desk/');
  await page.getByLabel('Search by name or mobile').fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('list', { name: 'Leads' }).getByRole('link', { name }).click();
  await expect(page.getByText(/^Contacted · /)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Plots', exact: true })).toContainText(
    'No plot is held or booked for this buyer.',
  );
  await expect(page.getByLabel('Stage', { exact: true })).toHaveValue('contacted');
  await page.goto('/desk/reports');
  await expect(row.getByRole('cell').nth(columns.indexOf('Bookings') - 1)).toHaveText('0');
  await agent.context().close();
});

test('when someone chooses a plot for a buyer, then the first plots show on the first screen with the filters folded, and a plot’s history writes its price as ₹18,000 @layout', async ({
  page,
  request,
}) => {
  const tag = randomInt(36 ** 5).toString(36);
  const phase = `Phase ${tag}`;
  const name = `Choosing buyer ${tag}`;
  const sent = await request.post('/send-email', {
    form: {
      name,
      mobile: String(7_000_000_000 + randomInt(1e9)),
      plotRange: '200 - 300 Sq. Yds',
      source: 'brochure-modal',
      page: '/',
    },
  });
  expect(sent.status()).toBe(200);
  await signIn(page, 'manager');
  await page.goto('/desk/plots');
  await importCsv(
    page,
    'plots.csv',
    [
      'Plot No,Phase,Size (sq. yds),Facing,Corner,Rate per sq. yd',
      `${tag}-1,${phase},240,East,no,"18,000"`,
      `${tag}-2,${phase},300,North,yes,19000`,
    ].join('\n'),
  );
  await expect(
    page.getByRole('region', { name: 'Import plots from a CSV file' }).getByRole('status'),
  ).toHaveText('Imported plots.csv: 2 new plots, 0 plots updated.');
  await page.goto('/desk/');
  await page.getByLabel('Search by name or mobile').fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('list', { name: 'Leads' }).getByRole('link', { name }).click();

  await page.getByRole('link', { name: `Hold a plot for ${name}` }).click();

  await expect(page.getByText(`Choosing a plot to hold for ${name}.`)).toBeVisible();
  const filters = page.getByRole('search', { name: 'Plots' });
  await expect(filters.getByText('Filters (on)')).toBeVisible();
  await expect(filters.getByLabel('Status')).toBeHidden();
  const first = page.getByRole('list', { name: 'Plots' }).getByRole('listitem').first();
  await expect(first.getByRole('button', { name: /^Hold plot .+ for / })).toBeInViewport({
    ratio: 1,
  });
  await expect(first).toBeInViewport({ ratio: 1 });
  await expectNoAxeViolations(page, 'Choosing a plot for a buyer');

  await page.goto(`/desk/plots?phase=${encodeURIComponent(phase)}`);
  await page
    .getByRole('list', { name: 'Plots' })
    .getByRole('link', { name: `Plot ${tag}-1` })
    .click();
  await expect(page.getByRole('region', { name: 'History' })).toContainText(
    `Imported: ${phase}, 240 sq. yds, east, ₹18,000 per sq. yd`,
  );
});
