import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '@iconia/web/e2e/axe';
import type { PlotsAnswer } from '@iconia/shared';
import { expect, test, type ClockDesk } from '../support/clock-desk.ts';

// Each test on a server of its own and the test kit's clock (a Saturday, 3:45 pm IST: working
// hours), so who is late, and by how much, is known.
const MANAGER = { email: 'meera.manager@iconia.test', name: 'Meera Manager' };
const AGENT = { email: 'arjun.agent@iconia.test', name: 'Arjun Agent' };
const MINUTE = 60_000;
/** What a browser of the desk sends with a state-changing request. */
const SAME_ORIGIN = { 'Sec-Fetch-Site': 'same-origin' };

async function deskWithAgentOnDuty(clockDesk: ClockDesk): Promise<void> {
  await clockDesk.server.addUser(MANAGER.email, 'manager', MANAGER.name);
  const agent = await clockDesk.server.addUser(AGENT.email, 'agent', AGENT.name);
  clockDesk.server.routing.setDuty(agent.id, true, clockDesk.now());
}

const deskLink = (page: Page, name: string | RegExp) =>
  page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name });

/** The agent holds plot A-7 for the buyer and asks for its booking, from their own phone. */
async function requestBooking(clockDesk: ClockDesk, leadId: number): Promise<void> {
  const manager = await clockDesk.server.signIn(MANAGER.email);
  await manager
    .post('/desk/api/plots/import')
    .set(SAME_ORIGIN)
    .set('Content-Type', 'text/csv')
    .send('number,phase,size_sq_yd,facing,corner,rate_per_sq_yd\nA-7,Phase 1,240,East,no,18000\n');
  const [plot] = ((await manager.get('/desk/api/plots')).body as PlotsAnswer).plots;
  if (!plot) throw new Error('the import made no plot');
  const agent = await clockDesk.server.signIn(AGENT.email);
  await agent.post(`/desk/api/plots/${plot.id}/hold`).set(SAME_ORIGIN).send({ leadId });
  const asked = await agent.post(`/desk/api/plots/${plot.id}/booking`).set(SAME_ORIGIN);
  expect(asked.status).toBe(201);
}

test('when buyers run past their first-call target, then a manager’s Overdue now lists them with who holds them and how late, the latest first @layout', async ({
  clockDesk,
  page,
}) => {
  test.setTimeout(120_000);
  await deskWithAgentOnDuty(clockDesk);
  clockDesk.server.storeLead({ name: 'Asha Rao' });
  await clockDesk.advance(2 * MINUTE);
  clockDesk.server.storeLead({ name: 'Kiran Shah' });
  await clockDesk.advance(10 * MINUTE);

  await clockDesk.signIn(page, MANAGER.email);
  await deskLink(page, 'Overdue now').click();

  await expect(page.getByRole('heading', { name: 'Overdue now', level: 1 })).toBeVisible();
  const rows = page.getByRole('list', { name: 'Not called in time (2)' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Asha Rao');
  await expect(rows.nth(0)).toContainText('7 working minutes late');
  await expect(rows.nth(0)).toContainText('With Arjun Agent');
  await expect(rows.nth(1)).toContainText('Kiran Shah');
  await expect(rows.nth(1)).toContainText('5 working minutes late');
  await expectNoAxeViolations(page, 'Overdue now');

  await rows.nth(0).getByRole('link', { name: 'Asha Rao' }).click();
  await expect(page.getByRole('heading', { name: 'Asha Rao', level: 1 })).toBeVisible();
});

test('when an agent opens the desk, then there is no Overdue now for them', async ({
  clockDesk,
  page,
}) => {
  await deskWithAgentOnDuty(clockDesk);

  await clockDesk.signIn(page, AGENT.email);

  await expect(deskLink(page, 'Inbox')).toBeVisible();
  await expect(deskLink(page, 'Overdue now')).toHaveCount(0);
});

test('when a lead is held and a booking is requested while a manager has the desk open, then the Held and Plots links show how many wait, and releasing the lead takes its count away @layout', async ({
  clockDesk,
  page,
}) => {
  test.setTimeout(120_000);
  await deskWithAgentOnDuty(clockDesk);
  const leadId = clockDesk.server.storeLead({ name: 'Asha Rao' });
  await clockDesk.signIn(page, MANAGER.email);
  await expect(deskLink(page, 'Held')).toHaveAccessibleName('Held');
  await expect(deskLink(page, 'Plots')).toHaveAccessibleName('Plots');

  clockDesk.server.storeLead({ name: 'Ravi Kumar', held: true });
  clockDesk.server.storeLead({ name: 'Kiran Shah', held: true });
  await requestBooking(clockDesk, leadId);

  await expect(deskLink(page, 'Held, 2 waiting')).toBeVisible();
  await expect(deskLink(page, 'Plots, 1 waiting')).toBeVisible();
  await expectNoAxeViolations(page, 'the desk with counts on its links');

  await deskLink(page, /^Held/).click();
  await page.getByRole('button', { name: 'Release Ravi Kumar' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Released' })).toBeVisible();
  await expect(deskLink(page, 'Held, 1 waiting')).toBeVisible();
});
