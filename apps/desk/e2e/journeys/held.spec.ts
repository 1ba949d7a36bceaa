import type { Page } from '@playwright/test';
import { expect, test, type ClockDesk } from '../support/clock-desk.ts';

// Each test on a server of its own: a known set of held leads, an agent on duty who takes every
// released buyer, and a clock to move past the hour.
const MANAGER = { email: 'meera.manager@iconia.test', name: 'Meera Manager' };
const MINUTE = 60_000;

async function deskWithAgentOnDuty(clockDesk: ClockDesk): Promise<void> {
  await clockDesk.server.addUser(MANAGER.email, 'manager', MANAGER.name);
  const agent = await clockDesk.server.addUser('arjun.agent@iconia.test', 'agent', 'Arjun Agent');
  clockDesk.server.routing.setDuty(agent.id, true, clockDesk.now());
}

const hold = (clockDesk: ClockDesk, name: string) =>
  clockDesk.server.storeLead({ name, held: true });

async function openHeld(page: Page, clockDesk: ClockDesk): Promise<void> {
  await clockDesk.signIn(page, MANAGER.email);
  await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Held' }).click();
  await expect(page.getByRole('heading', { name: 'Held leads', level: 1 })).toBeVisible();
}

const heldList = (page: Page) =>
  page.getByRole('group', { name: 'Choose the leads to release' }).getByRole('listitem');

/** Which of `names` the sales inbox got its lead's email about, once due work has gone out. */
async function salesEmailsAbout(clockDesk: ClockDesk, ...names: string[]): Promise<string[]> {
  await clockDesk.settle();
  const subjects = clockDesk.inbox.messages.map((mail) => mail.parsed.subject ?? '');
  return names.filter((name) => subjects.includes(`New brochure request from ${name}`));
}

test('when a manager releases one held lead, then it leaves the list, goes to the agent on duty, reaches sales and its timeline names the manager', async ({
  clockDesk,
  page,
}) => {
  await deskWithAgentOnDuty(clockDesk);
  hold(clockDesk, 'Asha Rao');
  // Posted to the site without a form name, as a script would: named as everywhere else.
  clockDesk.server.storeLead({ name: 'Ravi Kumar', held: true, attribution: {} });
  await openHeld(page, clockDesk);
  await expect(heldList(page)).toHaveCount(2);
  await expect(heldList(page).filter({ hasText: 'Ravi Kumar' })).toContainText(
    'Website, no form named · received',
  );
  expect(await salesEmailsAbout(clockDesk, 'Asha Rao', 'Ravi Kumar')).toEqual([]);

  await page.getByRole('button', { name: 'Release Asha Rao' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Released' })).toHaveText(
    'Released 1 lead: each is sent to sales and routed as a new lead.',
  );
  await expect(heldList(page)).toHaveCount(1);
  await expect(heldList(page)).toContainText('Ravi Kumar');
  const released = page.getByRole('list', { name: 'Released' });
  await expect(released).toHaveText('Asha Rao · to Arjun Agent');
  expect(await salesEmailsAbout(clockDesk, 'Asha Rao', 'Ravi Kumar')).toEqual(['Asha Rao']);

  await released.getByRole('link', { name: 'Asha Rao' }).click();
  const entry = page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('listitem')
    .filter({ hasText: 'Released from hold; sent to sales and routed as a new lead' });
  await expect(entry).toContainText(MANAGER.name);
});

test('when a manager ticks several held leads and releases them, then those go and the rest stay held', async ({
  clockDesk,
  page,
}) => {
  await deskWithAgentOnDuty(clockDesk);
  for (const name of ['Asha Rao', 'Ravi Kumar', 'Kiran Shah']) hold(clockDesk, name);
  await openHeld(page, clockDesk);

  await page.getByRole('checkbox', { name: /Asha Rao/ }).check();
  await page.getByRole('checkbox', { name: /Kiran Shah/ }).check();
  await page.getByRole('button', { name: 'Release selected' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Released' })).toHaveText(
    'Released 2 leads: each is sent to sales and routed as a new lead.',
  );
  await expect(page.getByRole('list', { name: 'Released' }).getByRole('listitem')).toHaveText([
    /Kiran Shah · to Arjun Agent|Asha Rao · to Arjun Agent/,
    /Kiran Shah · to Arjun Agent|Asha Rao · to Arjun Agent/,
  ]);
  await expect(heldList(page)).toHaveCount(1);
  await expect(heldList(page)).toContainText('Ravi Kumar');
  expect(await salesEmailsAbout(clockDesk, 'Asha Rao', 'Ravi Kumar', 'Kiran Shah')).toEqual([
    'Asha Rao',
    'Kiran Shah',
  ]);
});

test('when a manager releases all held in the last hour, then those of the hour go and an older one stays held', async ({
  clockDesk,
  page,
}) => {
  await deskWithAgentOnDuty(clockDesk);
  hold(clockDesk, 'Older Lead');
  await clockDesk.advance(70 * MINUTE);
  hold(clockDesk, 'Asha Rao');
  hold(clockDesk, 'Ravi Kumar');
  await clockDesk.advance(10 * MINUTE);
  await openHeld(page, clockDesk);
  const lastHour = page.getByRole('region', { name: 'Held in the last hour' });
  await expect(lastHour).toContainText('2 leads held in the last hour.');

  await lastHour.getByRole('button', { name: 'Release all held in the last hour' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Released' })).toHaveText(
    'Released 2 leads: each is sent to sales and routed as a new lead.',
  );
  await expect(lastHour).toContainText('No lead was held in the last hour.');
  await expect(
    lastHour.getByRole('button', { name: 'Release all held in the last hour' }),
  ).toBeDisabled();
  await expect(heldList(page)).toHaveCount(1);
  await expect(heldList(page)).toContainText('Older Lead');
  expect(await salesEmailsAbout(clockDesk, 'Older Lead', 'Asha Rao', 'Ravi Kumar')).toEqual([
    'Asha Rao',
    'Ravi Kumar',
  ]);
});
