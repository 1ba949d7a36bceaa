import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '@iconia/web/e2e/axe';
import { expect, test } from '../support/clock-desk.ts';

const MINUTE = 60_000;

/** What a "Before you call" box, or one enquiry in it, says beside `label`. */
function fact(within: Locator, label: string): Locator {
  return within
    .locator('div', { has: within.page().getByRole('term').getByText(label, { exact: true }) })
    .getByRole('definition');
}

/** Phone first: nothing may push the page wider than the screen. */
async function expectNoSideways(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

// Routing hands the buyer to the agent on duty and starts the first-response clock: on a server
// of the test's own, so no other test's agent on duty takes the buyer.
test('when an agent opens a buyer routed to them, then what they need before the call is on the first screen, without scrolling @layout', async ({
  clockDesk,
  page,
  request,
}) => {
  const agent = { email: 'arjun.agent@iconia.test', name: 'Arjun Agent' };
  await clockDesk.server.addUser(agent.email, 'agent', agent.name);
  await clockDesk.signIn(page, agent.email);
  const duty = page.getByRole('banner').getByRole('switch', { name: 'On duty' });
  await duty.click();
  await expect(duty).toHaveAttribute('aria-checked', 'true');

  const mobile = '9876512345';
  const first = await request.post('/contact-form', {
    form: {
      name: 'Lakshmi Venkata Subramaniam',
      mobile,
      location: 'Kondapur, Hyderabad',
      source: 'contact-form',
      page: '/contact',
      utm_source: 'google',
      utm_campaign: 'villa-plots',
    },
  });
  expect(first.status()).toBe(200);
  await clockDesk.advance(MINUTE);
  const second = await request.post('/send-email', {
    form: {
      name: 'Lakshmi Venkata Subramaniam',
      mobile,
      plotRange: '200 - 300 Sq. Yds',
      source: 'brochure-modal',
      page: '/',
      utm_source: 'facebook',
      utm_campaign: 'diwali-offer',
    },
  });
  expect(second.status()).toBe(200);
  // A busy morning: newer buyers push this one down the inbox.
  for (let index = 0; index < 6; index += 1) {
    const other = await request.post('/contact-form', {
      form: {
        name: `Other Buyer ${index + 1}`,
        mobile: `98765000${index}1`,
        source: 'contact-form',
        page: '/contact',
      },
    });
    expect(other.status()).toBe(200);
  }
  await clockDesk.advance(2 * MINUTE);

  // Opened from the inbox scrolled down to the buyer's row, as a phone's thumb does.
  await page.goto('/desk/');
  const row = page
    .getByRole('list', { name: 'Leads' })
    .getByRole('listitem')
    .filter({ hasText: 'Lakshmi Venkata Subramaniam' });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await row.getByRole('link', { name: 'Lakshmi Venkata Subramaniam' }).click();

  const summary = page.getByRole('region', { name: 'Before you call' });
  await expect(page.getByRole('heading', { name: 'Lakshmi Venkata Subramaniam' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // Five working minutes from the first enquiry (3:45 pm); writing again does not restart them.
  await expect(fact(summary, 'First answer')).toHaveText('2 min left (due 21 Nov, 3:50 pm)');
  // Each enquiry, newest first, with what it asked and its campaign.
  const sent = summary
    .getByRole('list', { name: 'What they sent, newest first' })
    .getByRole('listitem');
  await expect(sent).toHaveCount(2);
  await expect(sent.nth(0).getByRole('heading')).toHaveText(
    'Website, Download Brochure pop-up · 21 Nov, 3:46 pm',
  );
  await expect(fact(sent.nth(0), 'Plot range')).toHaveText('200 - 300 Sq. Yds');
  await expect(fact(sent.nth(0), 'Campaign')).toHaveText('facebook / diwali-offer');
  await expect(sent.nth(1).getByRole('heading')).toHaveText(
    'Website, Contact form · 21 Nov, 3:45 pm',
  );
  await expect(fact(sent.nth(1), 'Location')).toHaveText('Kondapur, Hyderabad');
  await expect(fact(sent.nth(1), 'Campaign')).toHaveText('google / villa-plots');
  // All of it, and the buttons to call, inside the first screen.
  await expect(summary).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('link', { name: /^Call/ })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('link', { name: 'WhatsApp' })).toBeInViewport({ ratio: 1 });
});

test("when a buyer's first enquiry, from a partner, said what they want and their latest held only a name and mobile, then the inbox row and the buyer's first screen tell what each said, the same from the inbox or an email's link @layout", async ({
  clockDesk,
  page,
}) => {
  // Two axe runs, each a few seconds on a loaded machine.
  test.setTimeout(120_000);
  const manager = { email: 'meera.manager@iconia.test', name: 'Meera Manager' };
  await clockDesk.server.addUser(manager.email, 'manager', manager.name);
  const buyer = { name: 'Farida Begum', mobile: '9876512345' };
  const first = clockDesk.server.storeLead({
    ...buyer,
    kind: 'enquiry',
    origin: 'partner:acme',
    externalId: 'acme-1',
    plotRange: undefined,
    message: 'Looking for 300 sq. yds, call after 6 pm',
    attribution: { utm_source: 'acme', utm_campaign: 'nov-expo' },
  });
  await clockDesk.advance(MINUTE);
  clockDesk.server.storeLead({
    ...buyer,
    kind: 'enquiry',
    origin: 'partner:acme',
    externalId: 'acme-2',
    plotRange: undefined,
    attribution: {},
  });
  await clockDesk.signIn(page, manager.email);

  const row = page
    .getByRole('list', { name: 'Leads' })
    .getByRole('listitem')
    .filter({ hasText: buyer.name });
  await expect(row).toContainText('“Looking for 300 sq. yds, call after 6 pm”');
  await expect(row).toContainText('Partner: acme · 2 enquiries');
  await expect(row).toContainText('Campaign: acme / nov-expo');
  await expect(row).not.toContainText('No plot range or location');
  await expectNoAxeViolations(page, 'Inbox with a buyer who wrote twice');
  await expectNoSideways(page, 'Inbox with a buyer who wrote twice');

  // The inbox links the buyer's latest enquiry.
  await row.getByRole('link', { name: buyer.name }).click();
  const summary = page.getByRole('region', { name: 'Before you call' });
  const sent = summary
    .getByRole('list', { name: 'What they sent, newest first' })
    .getByRole('listitem');
  await expect(sent).toHaveCount(2);
  await expect(sent.nth(0).getByRole('heading')).toHaveText('Partner: acme · 21 Nov, 3:46 pm');
  // The latest said nothing but who they are: its name, no words, and no campaign.
  await expect(sent.nth(0).getByRole('term')).toHaveCount(0);
  await expect(sent.nth(1).getByRole('heading')).toHaveText('Partner: acme · 21 Nov, 3:45 pm');
  await expect(fact(sent.nth(1), 'Message')).toHaveText('Looking for 300 sq. yds, call after 6 pm');
  await expect(fact(sent.nth(1), 'Campaign')).toHaveText('acme / nov-expo');
  await expect(summary).not.toContainText('None recorded');
  await expect(summary).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('link', { name: /^Call/ })).toBeInViewport({ ratio: 1 });
  await expectNoAxeViolations(page, 'Buyer who wrote twice');
  await expectNoSideways(page, 'Buyer who wrote twice');
  const heading = page.getByRole('heading', { level: 1 });
  const call = page.getByRole('link', { name: /^Call/ });
  const fromInbox = {
    heading: await heading.innerText(),
    summary: await summary.innerText(),
    call: await call.getAttribute('href'),
  };

  // The sales email of the first enquiry links that one; the first screen is the same.
  await page.goto(`/desk/leads/${first}`);
  await expect(sent).toHaveCount(2);
  await expect(fact(sent.nth(1), 'Message')).toHaveText('Looking for 300 sq. yds, call after 6 pm');
  expect({
    heading: await heading.innerText(),
    summary: await summary.innerText(),
    call: await call.getAttribute('href'),
  }).toEqual(fromInbox);
});

test.describe('a manager on a small phone', () => {
  // A common Android screen once the browser's own bars are gone: 40 px shorter than the
  // phone project's, and a manager's navigation is the desk's longest.
  test.use({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });

  test('when a manager opens a buyer on a 360 × 740 screen, then Call and WhatsApp are on the first screen and every navigation link is reachable by keyboard', async ({
    clockDesk,
    page,
  }) => {
    const manager = { email: 'meera.manager@iconia.test', name: 'Meera Manager' };
    await clockDesk.server.addUser(manager.email, 'manager', manager.name);
    const buyer = clockDesk.server.storeLead({
      name: 'Lakshmi Venkata Subramaniam',
      plotRange: '200 - 300 Sq. Yds',
      location: 'Kondapur, Hyderabad',
    });
    await clockDesk.signIn(page, manager.email);

    await page.goto(`/desk/leads/${buyer}`);

    await expect(page.getByRole('heading', { name: 'Lakshmi Venkata Subramaniam' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Call/ })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('link', { name: 'WhatsApp' })).toBeInViewport({ ratio: 1 });

    const nav = page.getByRole('navigation', { name: 'Desk' });
    const names = await nav.getByRole('link').allInnerTexts();
    expect(names).toEqual([
      'Inbox',
      'Today',
      'Visits',
      'Plots',
      'Reports',
      'Overdue now',
      'Held',
      'Users',
      'Sources',
      'Brokers',
      'Erasure',
    ]);
    // Tab from the page's first link: each link takes the focus in turn, shows it, is on screen.
    await page.getByRole('link', { name: 'Skip to content' }).focus();
    const reached: string[] = [];
    for (let step = 0; step < 20 && reached.length < names.length; step += 1) {
      await page.keyboard.press('Tab');
      const focused = nav.locator('a:focus-visible');
      if ((await focused.count()) === 0) continue;
      await expect(focused).toBeInViewport({ ratio: 1 });
      reached.push(await focused.innerText());
    }
    expect(reached).toEqual(names);
  });
});
