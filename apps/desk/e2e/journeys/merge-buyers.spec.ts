import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from '@iconia/web/e2e/axe';
import { expect, newPerson, signIn, test } from '../support/desk-fixtures.ts';

/** Phone first: nothing may push the page wider than the screen. */
async function expectNoSideways(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** A person writes through one of the site's forms, as a visitor's browser posts it. */
async function enquire(
  request: APIRequestContext,
  path: '/send-email' | '/contact-form',
  form: Record<string, string>,
): Promise<void> {
  const res = await request.post(path, { form });
  expect(res.status()).toBe(200);
}

test('when a manager merges the buyer who wrote from another number into this one, then the page shows one buyer with both enquiries and the merge on the timeline @layout', async ({
  page,
  request,
  browser,
}) => {
  // Two people signing in and two axe runs, each a few seconds on a loaded machine.
  test.setTimeout(120_000);
  const tag = randomInt(1e9).toString(36);
  const name = `Ravi ${tag}`;
  const otherName = `Ravi K ${tag}`;
  const otherMobile = String(7_000_000_000 + randomInt(1e9));
  await enquire(request, '/send-email', {
    name,
    mobile: String(8_000_000_000 + randomInt(1e9)),
    plotRange: '200 - 300 Sq. Yds',
    source: 'brochure-modal',
  });
  await enquire(request, '/contact-form', {
    name: otherName,
    mobile: otherMobile,
    location: 'Kokapet',
    source: 'contact-form',
  });

  // An agent works the buyer but does not merge buyers.
  const agent = await newPerson(browser);
  await signIn(agent, 'agent');
  await agent.goto(`/desk/?q=${encodeURIComponent(name)}`);
  await agent.getByRole('link', { name, exact: true }).click();
  await expect(agent.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(agent.getByRole('heading', { name: 'Add a note' })).toBeVisible();
  await expect(agent.getByRole('button', { name: 'Merge with another buyer…' })).toHaveCount(0);
  await agent.context().close();

  await signIn(page, 'manager');
  await page.goto(`/desk/?q=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  // By keyboard: the button opens the dialog on the search box; Enter searches.
  await page.getByRole('button', { name: 'Merge with another buyer…' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Merge another buyer into ${name}` });
  await expect(dialog).toBeVisible();
  const search = dialog.getByLabel('Name or mobile of the other buyer');
  await expect(search).toBeFocused();
  await page.keyboard.type(`${otherMobile.slice(0, 5)} ${otherMobile.slice(5)}`);
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toHaveText(
    '1 other buyer matches; choose the one to merge.',
  );
  const choice = dialog.getByRole('radio', { name: otherName });
  await choice.check();
  await expect(dialog).toContainText(`${otherName} and their 1 enquiry, notes, visits and plots`);
  await expectNoAxeViolations(page, 'Merge dialog with a buyer chosen');
  await expectNoSideways(page, 'Merge dialog with a buyer chosen');

  await dialog.getByRole('button', { name: 'Merge buyers' }).click();

  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('region', { name: 'Same person as another buyer?' }).getByRole('status'),
  ).toHaveText('Merged: this buyer now has 2 enquiries.');
  const enquiries = page.getByRole('region', { name: 'Enquiries (2)' });
  await expect(enquiries.getByText(/^Enquiry 1: Download Brochure pop-up/)).toBeVisible();
  await expect(enquiries.getByText(/^Enquiry 2: Contact form/)).toBeVisible();
  const merged = page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('listitem')
    .filter({ hasText: 'Merged with another buyer' });
  await expect(merged).toContainText(`Merged with another buyer: ${otherName}, +91`);
  await expect(merged).toContainText('Meera Manager');
  await expectNoAxeViolations(page, 'Buyer after a merge');
  await expectNoSideways(page, 'Buyer after a merge');

  // Found by the other number, the inbox lists the one buyer with both enquiries.
  await page.goto(`/desk/?q=${otherMobile}`);
  const rows = page.getByRole('list', { name: 'Leads' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('2 enquiries');
});
