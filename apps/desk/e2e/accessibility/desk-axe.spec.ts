import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '@iconia/web/e2e/axe';
import { newVisitor } from '@iconia/web/e2e/leads';
import { sendContactForm } from '@iconia/web/e2e/page-helpers';
import { test as clockTest } from '../support/clock-desk.ts';
import { addAgent, expect, newPerson, signIn, test } from '../support/desk-fixtures.ts';
import { bookVisit, openSlots } from '../support/visit-steps.ts';
import { buyerWrites, openWhatsapp, test as whatsappTest } from '../support/whatsapp-desk.ts';

// Each test runs axe on screen after screen: a few seconds a run on a quiet machine, up to half a
// minute with every core busy (this file runs first, beside the site's Lighthouse and the API
// bench). Three times the suite's limit, for every test here, whichever fixture it uses.
test.describe.configure({ timeout: 360_000 });

/** Phone first: nothing may push the page wider than the screen, at 360 px or anywhere. */
async function expectNoSideways(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** Every screen of the desk, as a manager sees it (agents see a subset of the same screens). */
const SCREENS: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'Inbox with filters open',
    path: '/desk/',
    ready: async (page) => {
      await expect(page.getByText('Live', { exact: true })).toBeVisible();
      await page.getByText('Filters', { exact: true }).click();
      await expect(page.getByLabel('Campaign source')).toBeVisible();
    },
  },
  {
    name: 'Today',
    path: '/desk/today',
    ready: (page) => expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible(),
  },
  {
    name: 'Reports',
    path: '/desk/reports?days=90',
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Stage funnel' })).toBeVisible();
      await page.getByText('Leads per day as a table').click();
    },
  },
  {
    name: 'Visits',
    path: '/desk/visits',
    ready: (page) => expect(page.getByRole('heading', { name: 'Upcoming' })).toBeVisible(),
  },
  {
    name: 'Visit slots',
    path: '/desk/visits/slots',
    ready: (page) => expect(page.getByRole('button', { name: 'Save slots' })).toBeVisible(),
  },
  {
    name: 'Users',
    path: '/desk/users',
    ready: (page) => expect(page.getByRole('heading', { name: 'Add an agent' })).toBeVisible(),
  },
  {
    name: 'Sources with a new secret shown',
    path: '/desk/sources',
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Source health', level: 2 })).toBeVisible();
      const add = page.getByRole('region', { name: 'Add a partner' });
      const name = `axe-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
      await add.getByLabel('Name').fill(name);
      await add.getByRole('button', { name: 'Add partner' }).click();
      await expect(add.getByLabel(`Secret for ${name}, shown only now`)).toBeVisible();
    },
  },
  {
    name: 'Erasure with its confirm dialog open',
    path: '/desk/erasure',
    ready: async (page) => {
      await page.getByLabel('Mobile number').fill('98765 43210');
      await page.getByRole('button', { name: 'Erase…' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
];

test.describe('accessibility of the desk @layout', () => {
  test('when the Sign in page shows an error, then axe finds no WCAG A/AA violation and nothing scrolls sideways', async ({
    page,
  }) => {
    await page.goto('/desk/');
    await page.getByLabel('Email').fill('nobody@iconia.test');
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();

    await expectNoAxeViolations(page, 'Sign in');
    await expectNoSideways(page, 'Sign in');
  });

  test('when a manager opens each screen, then axe finds no WCAG A/AA violation and nothing scrolls sideways', async ({
    page,
  }) => {
    await signIn(page, 'manager');
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await screen.ready(page);
      await expectNoAxeViolations(page, screen.name);
      await expectNoSideways(page, screen.name);
    }
  });

  test('when a lead is open with its account menu, then axe finds no WCAG A/AA violation and nothing scrolls sideways', async ({
    page,
    browser,
  }, testInfo) => {
    const visitor = newVisitor(testInfo);
    const visitorPage = await newPerson(browser);
    await sendContactForm(visitorPage, visitor);
    await visitorPage.context().close();
    await signIn(page, 'manager');

    await page.getByRole('link', { name: visitor.name }).click();
    await page.getByLabel('Stage', { exact: true }).selectOption({ label: 'Lost' });
    await expect(page.getByLabel('Why was it lost?')).toBeVisible();
    await page.getByText('Account of Meera Manager').click();
    // WhatsApp is not set on the shared server: the section points at click-to-chat.
    await expect(page.getByRole('region', { name: 'WhatsApp' })).toContainText(
      'WhatsApp Business is not set up on this server',
    );

    await expectNoAxeViolations(page, 'Lead');
    await expectNoSideways(page, 'Lead');
  });

  test('when a temporary password is shown to a manager and its agent must choose a new one, then axe finds no WCAG A/AA violation and nothing scrolls sideways', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'manager');
    const agent = await addAgent(page, `Axe ${Date.now().toString(36)}`);
    const row = page.getByRole('listitem').filter({ hasText: agent.email });
    await row.getByRole('button', { name: `Reset password of ${agent.name}` }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page, 'Reset password dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Reset password' }).click();
    const shown = page.getByRole('status', { name: `Temporary password for ${agent.name}` });
    const temporary = (await shown.innerText()).trim();
    await expectNoAxeViolations(page, 'Temporary password dialog');
    await expectNoSideways(page, 'Temporary password dialog');

    const phone = await newPerson(browser);
    await phone.setViewportSize(page.viewportSize() ?? { width: 360, height: 780 });
    await phone.goto('/desk/sign-in');
    await phone.getByLabel('Email').fill(agent.email);
    await phone.getByLabel('Password').fill(temporary);
    await phone.getByRole('button', { name: 'Sign in' }).click();
    await phone.getByLabel('Temporary password').fill(temporary);
    await phone.getByLabel('New password', { exact: true }).fill('one new password');
    await phone.getByLabel('New password again').fill('another new password');
    await phone.getByRole('button', { name: 'Save new password' }).click();
    await expect(phone.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(phone, 'Choose a new password with an error');
    await expectNoSideways(phone, 'Choose a new password with an error');
    await phone.context().close();
  });

  test('when plots are imported with a refused file, held for a buyer, awaiting approval with the refusal dialog open, and booked with the cancel dialog open, then axe finds no WCAG A/AA violation and nothing scrolls sideways', async ({
    page,
    browser,
  }, testInfo) => {
    const visitor = newVisitor(testInfo);
    const visitorPage = await newPerson(browser);
    await sendContactForm(visitorPage, visitor);
    await visitorPage.context().close();
    const number = `AXE-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 5)}`;
    await signIn(page, 'manager');
    await page.goto('/desk/plots');
    const section = page.getByRole('region', { name: 'Import plots from a CSV file' });
    await section.getByLabel('CSV file').setInputFiles({
      name: 'plots.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `number,phase,size_sq_yd,facing,corner,rate_per_sq_yd\n${number},Phase axe,240,North-East,yes,18000\n`,
      ),
    });
    await section.getByRole('button', { name: 'Import plots' }).click();
    await expect(section.getByRole('status')).toHaveText(/^Imported plots\.csv/);
    await expect(section.getByRole('button', { name: 'Import plots' })).toBeEnabled();
    await section.getByLabel('CSV file').setInputFiles({
      name: 'plots.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `number,phase,size_sq_yd,facing,corner,price\n${number},Axe,wide,East,no,1\n`,
      ),
    });
    await section.getByRole('button', { name: 'Import plots' }).click();
    await expect(section.getByRole('list', { name: 'Rows to correct' })).toBeVisible();
    await expectNoAxeViolations(page, 'Plots with a refused import');
    await expectNoSideways(page, 'Plots with a refused import');

    await page.goto('/desk/');
    await page.getByRole('link', { name: visitor.name }).click();
    await page.getByRole('link', { name: `Hold a plot for ${visitor.name}` }).click();
    await page.getByRole('button', { name: `Hold plot ${number} for ${visitor.name}` }).click();
    await expect(page.getByRole('region', { name: 'Plots', exact: true })).toContainText('Held');
    await expectNoAxeViolations(page, 'Buyer with a held plot');
    await expectNoSideways(page, 'Buyer with a held plot');

    await page.getByRole('link', { name: `Plot ${number}` }).click();
    await page.getByText('Correct this plot').click();
    await page.getByRole('button', { name: 'Request booking' }).click();
    await page.getByRole('button', { name: 'Refuse booking…' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();

    await expectNoAxeViolations(page, 'Plot awaiting approval');
    await expectNoSideways(page, 'Plot awaiting approval');

    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Approve booking' }).click();
    await page.getByRole('button', { name: 'Cancel booking…' }).click();
    await expect(page.getByRole('dialog', { name: 'Cancel this booking?' })).toBeVisible();
    await expectNoAxeViolations(page, 'Booked plot with the cancel dialog open');
    await expectNoSideways(page, 'Booked plot with the cancel dialog open');

    await page.getByRole('dialog').getByRole('button', { name: 'Keep booking' }).click();
    await page
      .getByRole('region', { name: 'Buyer' })
      .getByRole('link', { name: visitor.name })
      .click();
    await expect(page.getByRole('region', { name: 'Pipeline stage' })).toContainText(
      `Plot ${number} is booked for this buyer`,
    );
    await expectNoAxeViolations(page, 'Buyer with a booked plot');
    await expectNoSideways(page, 'Buyer with a booked plot');
  });
});

// On a server of its own: someone on duty takes every new buyer, which the shared server's other
// tests must not see.
clockTest.describe('accessibility of routing @layout', () => {
  clockTest(
    'when someone on duty has buyers to call first, the routing panel refuses a target and reports show speed to lead, then axe finds no WCAG A/AA violation and nothing scrolls sideways',
    async ({ clockDesk, page, request }) => {
      const manager = { email: 'meera.manager@iconia.test', name: 'Meera Manager' };
      await clockDesk.server.addUser(manager.email, 'manager', manager.name);
      await clockDesk.signIn(page, manager.email);
      await page.getByRole('banner').getByRole('switch', { name: 'On duty' }).click();
      await expect(
        page.getByRole('banner').getByRole('switch', { name: 'On duty' }),
      ).toHaveAttribute('aria-checked', 'true');
      for (const [index, name] of ['Lakshmi Venkata Subramaniam', 'Ravi'].entries()) {
        const reply = await request.post('/contact-form', {
          form: { name, mobile: `98765000${index}0`, source: 'contact-form', page: '/contact' },
        });
        expect(reply.status()).toBe(200);
      }

      await page.goto('/desk/');
      await expect(page.getByRole('heading', { name: 'Call these first (2)' })).toBeVisible();
      await expectNoAxeViolations(page, 'Inbox with buyers to call first');
      await expectNoSideways(page, 'Inbox with buyers to call first');

      await page.goto('/desk/today');
      await expect(page.getByRole('heading', { name: 'Call these first (2)' })).toBeVisible();
      await expectNoAxeViolations(page, 'Today with buyers to call first');
      await expectNoSideways(page, 'Today with buyers to call first');

      await page
        .getByRole('list', { name: 'Call these first' })
        .getByRole('link', { name: 'Lakshmi Venkata Subramaniam' })
        .click();
      await expect(page.getByRole('region', { name: 'Before you call' })).toContainText('min left');
      await expectNoAxeViolations(page, 'Buyer before the call');
      await expectNoSideways(page, 'Buyer before the call');

      await page.goto('/desk/users');
      await page.getByLabel('First-response target (working minutes)').fill('0');
      await page.getByRole('button', { name: 'Save target and hours' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expectNoAxeViolations(page, 'Routing panel with an error');
      await expectNoSideways(page, 'Routing panel with an error');

      await page.goto('/desk/reports');
      await expect(page.getByRole('table', { name: 'By origin' })).toBeVisible();
      await expectNoAxeViolations(page, 'Reports with speed to lead');
      await expectNoSideways(page, 'Reports with speed to lead');
    },
  );
});

// On the test kit's clock (Saturday, 3:45 pm in India), so a visit can be booked for today.
clockTest(
  'when a visit is booked, its dialogs are open and it is checked in, then axe finds no WCAG A/AA violation and nothing scrolls sideways @layout',
  async ({ clockDesk, page, request }) => {
    const check = async (what: string) => {
      await expectNoAxeViolations(page, what);
      await expectNoSideways(page, what);
    };
    await clockDesk.server.addUser('meera.manager@iconia.test', 'manager', 'Meera Manager');
    await clockDesk.signIn(page, 'meera.manager@iconia.test');
    await openSlots(page, [{ weekday: 'Saturday', time: '16:30', visits: 3 }]);
    await check('Visit slots with a slot');
    const sent = await request.post('/contact-form', {
      form: { name: 'Axe Visitor', mobile: '9876507777', source: 'contact-form', page: '/contact' },
    });
    expect(sent.status()).toBe(200);

    await page.goto('/desk/');
    await page.getByRole('link', { name: 'Axe Visitor' }).click();
    await page.getByRole('button', { name: 'Book a visit…' }).click();
    const booking = page.getByRole('dialog', { name: 'Book a site visit' });
    await booking.getByLabel('Day').fill('2026-11-21');
    await expect(booking.getByRole('option', { name: '4:30 PM (3 of 3 free)' })).toBeAttached();
    await check('Booking dialog');
    await booking.getByRole('button', { name: 'Close' }).click();
    await bookVisit(page, { day: '2026-11-21', slot: '4:30 PM (3 of 3 free)', people: 2 });
    await check('Buyer with a booked visit');
    await page.getByRole('button', { name: 'Reschedule…' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check('Reschedule dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Cancel visit…' }).click();
    await check('Cancel dialog');
    await page.getByRole('button', { name: 'Keep the visit' }).click();

    await page.goto('/desk/visits');
    await page.getByRole('button', { name: 'Arrived (Axe Visitor)' }).waitFor();
    await check('Visits with a visit to check in');
    await page.getByRole('button', { name: 'Arrived (Axe Visitor)' }).click();
    await expect(page.getByLabel('What came of the visit')).toBeVisible();
    await check('Visits with an outcome to write');

    await page.goto('/desk/reports');
    await expect(page.getByRole('table', { name: 'Site visits by origin' })).toBeVisible();
    await check('Reports with site visits by campaign, origin and agent');
  },
);

// Held leads on a server of their own: a known list, and a release the shared server must not see.
clockTest(
  'when held leads are listed, one is ticked and another released, then axe finds no WCAG A/AA violation and nothing scrolls sideways @layout',
  async ({ clockDesk, page }) => {
    const check = async (what: string) => {
      await expectNoAxeViolations(page, what);
      await expectNoSideways(page, what);
    };
    await clockDesk.server.addUser('meera.manager@iconia.test', 'manager', 'Meera Manager');
    for (const name of ['Lakshmi Venkata Subramaniam', 'Ravi Kumar', 'Asha Rao']) {
      clockDesk.server.storeLead({ name, held: true });
    }
    await clockDesk.signIn(page, 'meera.manager@iconia.test');
    await page.goto('/desk/held');
    await page.getByRole('checkbox', { name: /Ravi Kumar/ }).check();
    await check('Held leads');

    await page.getByRole('button', { name: 'Release Asha Rao' }).click();
    await expect(page.getByRole('list', { name: 'Released' })).toBeVisible();
    await check('Held leads after a release');
  },
);

// WhatsApp is set only on a server of its own, sending to the test kit's Cloud API peer.
whatsappTest.describe('accessibility of WhatsApp @layout', () => {
  whatsappTest(
    "when a buyer's WhatsApp conversation is open with the composer, then axe finds no WCAG A/AA violation and nothing scrolls sideways",
    async ({ clockDesk, cloudApi, page }) => {
      const buyer = { name: 'Lakshmi Venkata Subramaniam', mobile: '9876500011' };
      await clockDesk.server.addUser('meera.manager@iconia.test', 'manager', 'Meera Manager');
      const leadId = clockDesk.server.storeLead(buyer);
      await cloudApi.waitForSends(1);
      await buyerWrites(
        clockDesk,
        buyer,
        'Namaste, I would like to see the east-facing plots near the club house this weekend.',
      );
      await clockDesk.signIn(page, 'meera.manager@iconia.test');

      const section = await openWhatsapp(page, leadId);
      await expect(section.getByRole('textbox', { name: 'Reply on WhatsApp' })).toBeVisible();
      await expect(section).toContainText('east-facing plots');

      await expectNoAxeViolations(page, 'WhatsApp conversation with the composer');
      await expectNoSideways(page, 'WhatsApp conversation with the composer');
    },
  );
});
