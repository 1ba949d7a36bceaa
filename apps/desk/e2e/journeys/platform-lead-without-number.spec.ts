import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '@iconia/web/e2e/axe';
import { platformSample } from '@iconia/testkit';
import { expect, test } from '../support/clock-desk.ts';

/** The key Google's sample bodies carry (packages/testkit/samples/README.md). */
const GOOGLE_KEY = 'google-ads-sample-key';
const AGENT = { email: 'arjun.agent@iconia.test', name: 'Arjun Agent' };
const MANAGER = { email: 'meera.manager@iconia.test', name: 'Meera Manager' };
/** Google's sample lead: its name, its email and its phone, possible but not a valid number. */
const BUYER = 'FirstName LastName';
const PROBLEM = 'Number not valid: +11234567890';

// The Google Ads endpoint is on only with a key, and routing must hand the buyer to this test's
// agent: on a server of the test's own.
test.use({ clockDeskEnv: { GOOGLE_ADS_WEBHOOK_KEY: GOOGLE_KEY } });

/** Phone first: nothing may push the page wider than the screen. */
async function expectNoSideways(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

test('when Google Ads posts a lead whose phone is not a valid number, then the agent on duty gets the buyer with the problem in words and a note instead of Call and WhatsApp, and axe finds no WCAG A/AA violation @layout', async ({
  clockDesk,
  page,
  request,
}) => {
  // Two people signing in and two axe runs, each a few seconds on a loaded machine.
  test.setTimeout(120_000);
  await clockDesk.server.addUser(AGENT.email, 'agent', AGENT.name);
  await clockDesk.server.addUser(MANAGER.email, 'manager', MANAGER.name);
  await clockDesk.signIn(page, AGENT.email);
  const duty = page.getByRole('banner').getByRole('switch', { name: 'On duty' });
  await duty.click();
  await expect(duty).toHaveAttribute('aria-checked', 'true');

  // Google's first sample as Google sends it, but a live lead: the sample is marked a test lead,
  // which would go under the managers' Test filter and to no agent.
  const sample = JSON.parse(platformSample('google-ads-sample-1.json')) as Record<string, unknown>;
  const reply = await request.post('/intake/google-ads', {
    headers: { 'Content-Type': 'application/json' },
    data: JSON.stringify({ ...sample, is_test: false }),
  });
  expect(reply.status()).toBe(200);

  await page.goto('/desk/');
  const callFirst = page.getByRole('list', { name: 'Call these first' }).getByRole('listitem');
  await expect(callFirst).toHaveCount(1);
  await expect(callFirst).toContainText(BUYER);
  await expect(callFirst).toContainText(PROBLEM);
  const row = page
    .getByRole('list', { name: 'Leads' })
    .getByRole('listitem')
    .filter({ hasText: BUYER });
  await expect(row).toContainText(PROBLEM);
  await expectNoAxeViolations(page, 'Inbox with a buyer whose number is not valid');
  await expectNoSideways(page, 'Inbox with a buyer whose number is not valid');

  await row.getByRole('link', { name: BUYER }).click();
  await expect(page.getByRole('heading', { name: BUYER, level: 1 })).toBeVisible();
  await expect(page.getByRole('note')).toHaveText(
    `${PROBLEM}: no number to call or message. Write to test@example.com, or ask a manager to merge them with the buyer they turn out to be.`,
  );
  await expect(
    page.getByRole('note').getByRole('link', { name: 'test@example.com' }),
  ).toHaveAttribute('href', 'mailto:test@example.com');
  await expect(page.getByRole('link', { name: /^Call/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'Buyer whose number is not valid');
  await expectNoSideways(page, 'Buyer whose number is not valid');

  // The manager's inbox lists the same buyer, owned by the agent, with the same words.
  const manager = await clockDesk.newPerson();
  await clockDesk.signIn(manager, MANAGER.email);
  const managerRow = manager
    .getByRole('list', { name: 'Leads' })
    .getByRole('listitem')
    .filter({ hasText: BUYER });
  await expect(managerRow).toContainText(PROBLEM);
  await expect(managerRow).toContainText(`Owner: ${AGENT.name}`);
});
