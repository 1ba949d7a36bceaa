import { expect, test } from '../support/clock-desk.ts';

const HOUR = 60 * 60_000;

test('when the test kit clock moves on two hours, then the desk shows the lead two hours old and its sales email went once', async ({
  clockDesk,
  page,
  request,
}) => {
  await clockDesk.server.addUser('meera.manager@iconia.test', 'manager', 'Meera Manager');
  const response = await request.post('/contact-form', {
    form: { name: 'Clock Buyer', mobile: '9876501234', source: 'contact-form', page: '/contact' },
  });
  expect(response.status()).toBe(200);
  await clockDesk.signIn(page, 'meera.manager@iconia.test');

  const row = page.getByRole('list', { name: 'Leads' }).getByRole('listitem');
  await expect(row.filter({ hasText: 'Clock Buyer' })).toContainText('just now');

  await clockDesk.advance(2 * HOUR);
  await page.reload();
  await expect(row.filter({ hasText: 'Clock Buyer' })).toContainText('2 h ago');
  const [email] = await clockDesk.inbox.waitFor(1);
  expect(email?.parsed.text).toContain('Clock Buyer');
  expect(clockDesk.inbox.messages).toHaveLength(1);
});
