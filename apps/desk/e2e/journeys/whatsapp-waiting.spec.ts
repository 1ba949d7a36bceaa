import { expectNoAxeViolations } from '@iconia/web/e2e/axe';
import { buyerWrites, expect, test } from '../support/whatsapp-desk.ts';

const MANAGER = { email: 'meera.manager@iconia.test', name: 'Meera Manager' };
const RAVI = { name: 'Ravi Kumar', mobile: '9876512345' };
const SITA = { name: 'Sita Reddy', mobile: '9876512346' };

test('when a buyer writes on WhatsApp, then the inbox counts what waits for our reply, the filter lists only them, and a reply clears it @layout', async ({
  clockDesk,
  cloudApi,
  page,
}) => {
  const { server } = clockDesk;
  await server.addUser(MANAGER.email, 'manager', MANAGER.name);
  const raviLead = server.storeLead(RAVI);
  server.storeLead(SITA);
  await cloudApi.waitForSends(2);
  await clockDesk.signIn(page, MANAGER.email);
  await page.goto('/desk/');
  const inbox = page.getByRole('list', { name: 'Leads' });
  await expect(inbox.getByRole('link', { name: SITA.name })).toBeVisible();

  await buyerWrites(clockDesk, RAVI, 'Is plot 14 free?');
  await buyerWrites(clockDesk, RAVI, 'And the price?');
  const raviRow = inbox.getByRole('listitem').filter({ hasText: RAVI.name });
  await expect(raviRow).toContainText('2 WhatsApp messages waiting for a reply');

  await page.goto('/desk/?waiting=1');
  await expect(page.getByRole('checkbox', { name: 'Waiting for our reply' })).toBeChecked();
  const waiting = page.getByRole('list', { name: 'Leads' });
  await expect(waiting.getByRole('link', { name: RAVI.name })).toBeVisible();
  await expect(waiting.getByRole('link', { name: SITA.name })).toHaveCount(0);
  await expectNoAxeViolations(page, 'The inbox filtered to buyers waiting for our reply');

  await page.goto(`/desk/leads/${raviLead}`);
  const section = page.getByRole('region', { name: 'WhatsApp' });
  await section.getByRole('textbox', { name: 'Reply on WhatsApp' }).fill('Yes, it is free.');
  await section.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(section.getByRole('listitem').last()).toContainText('Yes, it is free.');

  await page.goto('/desk/?waiting=1');
  await expect(page.getByRole('link', { name: RAVI.name })).toHaveCount(0);
});
