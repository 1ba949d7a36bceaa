import { randomInt } from 'node:crypto';
import { expectNoAxeViolations } from '@iconia/web/e2e/axe';
import { expect, signIn, test } from '../support/desk-fixtures.ts';

test('when a manager erases a person’s leads, then the number box is emptied for the next request @layout', async ({
  page,
  request,
}) => {
  const mobile = String(7_000_000_000 + randomInt(1e9));
  const sent = await request.post('/contact-form', {
    form: { name: 'Erased Person', mobile, source: 'contact-form', page: '/contact' },
  });
  expect(sent.status()).toBe(200);
  await signIn(page, 'manager');
  await page
    .getByRole('navigation', { name: 'Desk' })
    .getByRole('link', { name: 'Erasure' })
    .click();
  const number = page.getByLabel('Mobile number');
  await number.fill(mobile);
  await page.getByRole('button', { name: 'Erase…' }).click();

  await page
    .getByRole('dialog', { name: /Erase every lead of/ })
    .getByRole('button', { name: 'Erase', exact: true })
    .click();

  await expect(page.getByRole('form', { name: 'Erase by mobile' }).getByRole('status')).toHaveText(
    /^Erased 1 lead of /,
  );
  await expect(number).toHaveValue('');
  await expectNoAxeViolations(page, 'Erasure after erasing');
});
