import { expectNoAxeViolations } from '@iconia/web/e2e/axe';
import { expect, test } from '../support/clock-desk.ts';

// Routing hands the first buyer to the agent on duty: on a server of the test's own, so no other
// test's agent on duty takes the buyer.
test('when a new buyer is handed to the agent on duty, then Today lists them once, under Call these first, and a buyer nobody has yet among the new leads @layout', async ({
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
  const routed = await request.post('/contact-form', {
    form: { name: 'Routed Buyer', mobile: '9876512001', source: 'contact-form', page: '/contact' },
  });
  expect(routed.status()).toBe(200);
  await duty.click();
  await expect(duty).toHaveAttribute('aria-checked', 'false');
  const waiting = await request.post('/contact-form', {
    form: { name: 'Waiting Buyer', mobile: '9876512002', source: 'contact-form', page: '/contact' },
  });
  expect(waiting.status()).toBe(200);

  await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Today' }).click();

  await expect(
    page
      .getByRole('list', { name: 'Call these first' })
      .getByRole('link', { name: 'Routed Buyer' }),
  ).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'New leads nobody has contacted (1)', level: 2 }),
  ).toBeVisible();
  const uncontacted = page.getByRole('list', { name: 'New leads nobody has contacted' });
  await expect(uncontacted.getByRole('link')).toHaveText(['Waiting Buyer']);
  await expect(page.getByRole('link', { name: 'Routed Buyer' })).toHaveCount(1);
  await expectNoAxeViolations(page, 'Today');
});
