import { randomInt } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { PLOT_RANGES } from '@iconia/shared';
import { indiaDay } from '../src/lib/format.ts';
import { test as clockTest } from './support/clock-desk.ts';
import { addAgent, expect, newPerson, signIn, test } from './support/desk-fixtures.ts';

/**
 * The pictures in docs/sales-desk.md, taken from the real desk with a few made-up leads:
 * `pnpm --filter @iconia/desk screenshots`. Not part of the test run.
 */
const IMAGES = fileURLToPath(new URL('../../../docs/images/desk/', import.meta.url));

const DAY_MS = 86_400_000;

const PEOPLE = [
  { name: 'Lakshmi Reddy', form: 'brochure-modal', source: 'google', campaign: 'villa-plots' },
  { name: 'Vikram Sharma', form: 'contact-form', source: 'facebook', campaign: 'diwali-offer' },
  { name: 'Priya Nair', form: 'inline-brochure', source: 'google', campaign: 'villa-plots' },
  { name: 'Rahul Verma', form: 'location-modal', source: '', campaign: '' },
  { name: 'Sneha Kulkarni', form: 'contact-form', source: 'google', campaign: 'villa-plots' },
] as const;

/** A small inventory in two phases, as a manager's spreadsheet would have it. */
const PLOTS_CSV = [
  'Plot No,Phase,Size (sq. yds),Facing,Corner,Rate per sq. yd,Status',
  ...Array.from({ length: 12 }, (_, index) => {
    const facing = ['East', 'North', 'North-East', 'West'][index % 4] ?? 'East';
    const size = [200, 240, 267, 300][index % 4] ?? 240;
    const status = index === 6 || index === 9 ? 'booked' : 'available';
    return `A-${101 + index},Phase 1,${size},${facing},${index % 3 === 0 ? 'yes' : 'no'},"18,500",${status}`;
  }),
  ...Array.from(
    { length: 6 },
    (_, index) => `B-${201 + index},Phase 2,333,East,no,21000,available`,
  ),
].join('\n');

async function sendLeads(request: APIRequestContext): Promise<void> {
  for (const [index, person] of PEOPLE.entries()) {
    const contact = person.form === 'contact-form';
    const response = await request.post(contact ? '/contact-form' : '/send-email', {
      form: {
        name: person.name,
        mobile: `9${String(randomInt(1e9)).padStart(9, '0')}`,
        ...(contact
          ? { location: 'Kondapur, Hyderabad' }
          : { plotRange: PLOT_RANGES[index % PLOT_RANGES.length] ?? PLOT_RANGES[0] }),
        source: person.form,
        page: contact ? '/contact' : '/',
        ...(person.source ? { utm_source: person.source, utm_campaign: person.campaign } : {}),
      },
    });
    expect(response.status()).toBe(200);
  }
}

/**
 * A page opened with goto after one scrolled down can come back where that one was (the desk's
 * scroll restoration sees both as the first page of the tab): its picture starts at the top.
 */
async function topOfPage(page: Page, loaded: Locator): Promise<void> {
  await expect(loaded).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${IMAGES}${name}.png`, scale: 'css' });
}

test.use({ viewport: { width: 360, height: 740 } });

test('desk screenshots for the sales guide @screenshots', async ({ page, request }) => {
  test.setTimeout(120_000);
  await mkdir(IMAGES, { recursive: true });
  await sendLeads(request);

  await page.goto('/desk/');
  await shoot(page, 'sign-in');
  await signIn(page, 'agent');
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await shoot(page, 'inbox');

  await page.getByText('Filters', { exact: true }).click();
  await shoot(page, 'filters');

  await page.goto('/desk/');
  await page.getByRole('link', { name: 'Vikram Sharma' }).first().click();
  await page.getByRole('button', { name: 'Claim this lead' }).click();
  await expect(page.getByText('Owner saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Book a visit…' }).click();
  const booking = page.getByRole('dialog', { name: 'Book a site visit' });
  await booking.getByLabel('Day').fill(indiaDay(Date.now() + DAY_MS));
  await expect(booking.getByRole('option', { name: /11:30 AM/ })).toBeAttached();
  await booking.getByLabel('Time slot').selectOption({ index: 2 });
  await booking.getByLabel('People coming').fill('4');
  await booking.getByLabel('Needs pickup').check();
  await booking.getByLabel('Notes').fill('Parents come too; wants to see the east-facing plots.');
  await shoot(page, 'visit-booking');
  await booking.getByRole('button', { name: 'Book visit' }).click();
  await expect(page.getByText(/^Visit booked for /)).toBeVisible();
  await page.getByRole('region', { name: 'Site visit', exact: true }).scrollIntoViewIfNeeded();
  await shoot(page, 'visit');
  await page.getByLabel('Note', { exact: true }).fill('Coming on Sunday with family, 11 am.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Note added.')).toBeVisible();
  await page.getByRole('region', { name: 'Timeline' }).scrollIntoViewIfNeeded();
  await shoot(page, 'timeline');

  await page.goto('/desk/today');
  await topOfPage(page, page.getByRole('heading', { name: 'Today', level: 1 }));
  await shoot(page, 'today');
  await page.goto('/desk/visits');
  await expect(page.getByRole('heading', { name: 'Upcoming' })).toBeVisible();
  await shoot(page, 'visits');

  await page.setViewportSize({ width: 1280, height: 900 });
  // Charts draw with a short animation, unless the person asks for less motion: then at once.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/desk/reports');
  await expect(page.getByRole('heading', { name: 'Stage funnel' })).toBeVisible();
  await page.screenshot({ path: `${IMAGES}reports.png`, fullPage: true, scale: 'css' });
  await page.emulateMedia({ reducedMotion: null });

  await page.getByText('Account of Arjun Agent').click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await signIn(page, 'manager');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/desk/visits/slots');
  await expect(page.getByRole('button', { name: 'Save slots' })).toBeVisible();
  await shoot(page, 'visit-slots');
  await page.goto('/desk/erasure');
  await page.getByLabel('Mobile number').fill('98765 43210');
  await page.getByRole('button', { name: 'Erase…' }).click();
  await shoot(page, 'erasure');
  await page.keyboard.press('Escape');

  await page.goto('/desk/plots');
  const section = page.getByRole('region', { name: 'Import plots from a CSV file' });
  await section.getByLabel('CSV file').setInputFiles({
    name: 'plots.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(PLOTS_CSV),
  });
  await section.getByRole('button', { name: 'Import plots' }).click();
  await expect(section.getByRole('status')).toHaveText(/^Imported plots\.csv/);
  await page.goto('/desk/');
  await page.getByRole('link', { name: 'Vikram Sharma' }).first().click();
  await page.getByRole('link', { name: 'Hold a plot for Vikram Sharma' }).click();
  await page.getByRole('button', { name: 'Hold plot A-104 for Vikram Sharma' }).click();
  await page.getByRole('link', { name: 'Plot A-104' }).click();
  await page.getByRole('button', { name: 'Request booking' }).click();
  await expect(page.getByRole('button', { name: 'Approve booking' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'plot');
  await page.goto('/desk/plots?phase=Phase+1');
  await topOfPage(page, page.getByRole('heading', { name: 'Plots by status and phase' }));
  await shoot(page, 'plots');
});

test('desk screenshot of cancelling a booked plot @screenshots', async ({ page, request }) => {
  await mkdir(IMAGES, { recursive: true });
  const name = 'Anita Desai';
  const sent = await request.post('/contact-form', {
    form: {
      name,
      mobile: `9${String(randomInt(1e9)).padStart(9, '0')}`,
      location: 'Gachibowli, Hyderabad',
      source: 'contact-form',
      page: '/contact',
    },
  });
  expect(sent.status()).toBe(200);
  await signIn(page, 'manager');
  await page.goto('/desk/plots');
  const section = page.getByRole('region', { name: 'Import plots from a CSV file' });
  await section.getByLabel('CSV file').setInputFiles({
    name: 'plots.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'Plot No,Phase,Size (sq. yds),Facing,Corner,Rate per sq. yd\nC-301,Phase 3,300,East,yes,"19,500"',
    ),
  });
  await section.getByRole('button', { name: 'Import plots' }).click();
  await expect(section.getByRole('status')).toHaveText(/^Imported plots\.csv/);
  await page.goto('/desk/');
  await page.getByRole('link', { name }).first().click();
  await page.getByRole('link', { name: `Hold a plot for ${name}` }).click();
  await page.getByRole('button', { name: `Hold plot C-301 for ${name}` }).click();
  await page.getByRole('link', { name: 'Plot C-301' }).click();
  await page.getByRole('button', { name: 'Request booking' }).click();
  await page.getByRole('button', { name: 'Approve booking' }).click();
  await page.getByRole('button', { name: 'Cancel booking…' }).click();
  await page.getByRole('dialog').getByLabel('Reason').fill('The buyer withdrew: a family move.');
  await shoot(page, 'plot-cancel');
});

test('desk users screenshots for the sales guide @screenshots', async ({ page, browser }) => {
  await signIn(page, 'manager');
  const agent = await addAgent(page, 'Kavya Rao');
  const row = page.getByRole('listitem').filter({ hasText: agent.email });
  await row.getByRole('button', { name: `Reset password of ${agent.name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset password' }).click();
  const shown = page.getByRole('status', { name: `Temporary password for ${agent.name}` });
  const temporary = (await shown.innerText()).trim();
  await shoot(page, 'users-reset');
  await page.getByRole('button', { name: 'Done' }).click();
  await row.scrollIntoViewIfNeeded();
  await shoot(page, 'users');

  const phone = await newPerson(browser);
  await phone.setViewportSize({ width: 360, height: 740 });
  await phone.goto('/desk/sign-in');
  await phone.getByLabel('Email').fill(agent.email);
  await phone.getByLabel('Password').fill(temporary);
  await phone.getByRole('button', { name: 'Sign in' }).click();
  await expect(phone.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await shoot(phone, 'password');
  await phone.context().close();
});

// Routing hands every new buyer to someone on duty, which the shared server's leads must not see:
// these pictures come from a server of their own, on the test kit's clock.
test('desk screenshot of the account menu with Alerts on this phone @screenshots', async ({
  page,
}) => {
  await mkdir(IMAGES, { recursive: true });
  await signIn(page, 'agent');
  await page.getByText('Account of Arjun Agent').click();
  await expect(page.getByRole('switch', { name: 'Alerts on this phone' })).toBeVisible();
  await shoot(page, 'alerts');
});

clockTest(
  'routing screenshots for the sales guide @screenshots',
  async ({ clockDesk, page, request }) => {
    test.setTimeout(120_000);
    await mkdir(IMAGES, { recursive: true });
    const manager = { email: 'meera.manager@iconia.test', name: 'Meera Manager' };
    const agent = { email: 'arjun.agent@iconia.test', name: 'Arjun Agent' };
    await clockDesk.server.addUser(manager.email, 'manager', manager.name);
    await clockDesk.server.addUser(agent.email, 'agent', agent.name);
    await clockDesk.server.addUser('kavya.agent@iconia.test', 'agent', 'Kavya Agent');
    await clockDesk.signIn(page, agent.email);
    await page.getByRole('banner').getByRole('switch', { name: 'On duty' }).click();
    await expect(page.getByRole('banner').getByRole('switch', { name: 'On duty' })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    // Three buyers a few minutes apart, so each shows its own time left.
    const mobiles = PEOPLE.slice(0, 3).map(() => `9${String(randomInt(1e9)).padStart(9, '0')}`);
    for (const [index, person] of PEOPLE.slice(0, 3).entries()) {
      const response = await request.post('/send-email', {
        form: {
          name: person.name,
          mobile: mobiles[index] ?? '',
          plotRange: PLOT_RANGES[index] ?? PLOT_RANGES[0],
          source: person.form === 'contact-form' ? 'brochure-modal' : person.form,
          page: '/',
          utm_source: person.source,
          utm_campaign: person.campaign,
        },
      });
      expect(response.status()).toBe(200);
      await clockDesk.advance(2 * 60_000);
    }
    await page.goto('/desk/');
    await expect(page.getByRole('heading', { name: 'Call these first (3)' })).toBeVisible();
    await shoot(page, 'call-first');

    // The latest buyer writes again, through the contact form; the agent opens them.
    const earlier = await request.post('/contact-form', {
      form: {
        name: PEOPLE[2].name,
        mobile: mobiles[2] ?? '',
        location: 'Kondapur, Hyderabad',
        source: 'contact-form',
        page: '/contact',
        utm_source: 'facebook',
        utm_campaign: 'diwali-offer',
      },
    });
    expect(earlier.status()).toBe(200);
    await page.getByRole('list', { name: 'Call these first' }).getByRole('link').last().click();
    await expect(page.getByRole('region', { name: 'Before you call' })).toContainText('min left');
    await shoot(page, 'lead');

    // A stage change answers a buyer, so the report has a response time to show.
    await page.getByLabel('Stage', { exact: true }).selectOption({ label: 'Contacted' });
    await page.getByRole('button', { name: 'Save stage' }).click();
    await expect(page.getByText('Stage saved.')).toBeVisible();

    await page.getByText('Account of Arjun Agent').click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await clockDesk.signIn(page, manager.email);
    await page.goto('/desk/users');
    await expect(page.getByText('The next new buyer goes to Arjun Agent.')).toBeVisible();
    await shoot(page, 'routing');

    await page.goto('/desk/reports');
    await page
      .getByRole('heading', { name: 'Speed to lead' })
      .evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
    await shoot(page, 'speed-to-lead');
  },
);

// Held leads come from a server of its own, so the list shows only these.
clockTest('held leads screenshot for the sales guide @screenshots', async ({ clockDesk, page }) => {
  await mkdir(IMAGES, { recursive: true });
  await clockDesk.server.addUser('meera.manager@iconia.test', 'manager', 'Meera Manager');
  for (const [index, person] of PEOPLE.slice(0, 3).entries()) {
    clockDesk.server.storeLead({
      name: person.name,
      plotRange: PLOT_RANGES[index] ?? PLOT_RANGES[0],
      held: true,
    });
    await clockDesk.advance(25 * 60_000);
  }
  await clockDesk.signIn(page, 'meera.manager@iconia.test');
  await page.goto('/desk/held');
  await page.getByRole('checkbox', { name: new RegExp(PEOPLE[1].name) }).check();
  await page
    .getByRole('heading', { name: 'Held in the last hour' })
    .evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
  await shoot(page, 'held');
});
