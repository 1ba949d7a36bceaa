import { expectNoAxeViolations } from '@iconia/web/e2e/axe';
import { ACCOUNTS, readDeskEnv } from '../support/desk-env.ts';
import { addAgent, expect, newPerson, signIn, test } from '../support/desk-fixtures.ts';

test('when a signed-out person opens the desk, then Sign in shows with nothing logged in the console @layout', async ({
  page,
}) => {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') logged.push(message.text());
  });

  await page.goto('/desk/today');

  await expect(page).toHaveURL(/\/desk\/sign-in\?next=%2Ftoday$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.goto('/desk/sign-in');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(logged).toEqual([]);
  await expectNoAxeViolations(page, 'Sign in');
});

test('when a manager opens the desk, then every link of the header is whole on screen and the account menu, opened from the keyboard, holds their name and Sign out @layout', async ({
  page,
}) => {
  await signIn(page, 'manager');
  const header = page.getByRole('banner');
  const links = header.getByRole('navigation', { name: 'Desk' }).getByRole('link');
  await expect(links).toHaveText([
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
  for (const link of await links.all()) await expect(link).toBeInViewport({ ratio: 1 });

  const account = header.getByText(`Account of ${ACCOUNTS.manager.name}`);
  await account.focus();
  await page.keyboard.press('Enter');

  const who = header.getByText(`${ACCOUNTS.manager.email} · Manager`);
  await expect(who).toBeInViewport({ ratio: 1 });
  await expect(who).toContainText(ACCOUNTS.manager.name);
  const signOut = header.getByRole('button', { name: 'Sign out', exact: true });
  await expect(signOut).toBeInViewport({ ratio: 1 });
  await expectNoAxeViolations(page, 'Header with the account menu open');
  await signOut.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('when the password is wrong, then Sign in says only that the email or password is incorrect @layout', async ({
  page,
}) => {
  await page.goto('/desk/');
  await page.getByLabel('Email').fill(ACCOUNTS.agent.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('alert')).toHaveText('Email or password is incorrect.');
  await expect(page.getByLabel('Email')).toHaveValue(ACCOUNTS.agent.email);
});

test('when a signed-out person opens a desk page, then they sign in and land on that page', async ({
  page,
}) => {
  await page.goto('/desk/today');
  await expect(page).toHaveURL(/\/desk\/sign-in\?next=%2Ftoday$/);

  await page.getByLabel('Email').fill(ACCOUNTS.agent.email);
  await page.getByLabel('Password').fill(readDeskEnv('password'));
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/desk\/today$/);
  await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
});

test('when someone signs out everywhere, then their other browser is sent to Sign in', async ({
  page,
  browser,
}) => {
  await signIn(page, 'manager');
  const agent = await addAgent(page, `Esha ${Date.now().toString(36)}`);
  await page.context().clearCookies();
  const phone = await newPerson(browser);
  await signIn(phone, agent);
  await expect(phone.getByText('Live', { exact: true })).toBeVisible();
  await signIn(page, agent);

  await page.getByText(`Account of ${agent.name}`).click();
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();

  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 10_000 });
  await phone.goto('/desk/');
  await expect(phone.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await phone.context().close();
});

test('when an agent signs in, then manager screens are not offered and the API refuses them', async ({
  page,
}) => {
  await signIn(page, 'agent');
  const nav = page.getByRole('navigation', { name: 'Desk' });
  await expect(nav.getByRole('link')).toHaveText(['Inbox', 'Today', 'Visits', 'Plots', 'Reports']);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);

  await page.goto('/desk/users');

  await expect(page.getByRole('heading', { name: 'Not for your role' })).toBeVisible();
});

test('when a manager disables an agent, then the agent’s open desk goes back to Sign in at once', async ({
  page,
  browser,
}) => {
  await signIn(page, 'manager');
  const agent = await addAgent(page, `Ravi ${Date.now().toString(36)}`);
  const people = page.getByRole('region', { name: 'People with access' });

  const phone = await newPerson(browser);
  await signIn(phone, agent);
  await expect(phone.getByText('Live', { exact: true })).toBeVisible();
  await people.getByRole('button', { name: `Disable ${agent.name}` }).click();

  await expect(people.getByRole('listitem').filter({ hasText: agent.email })).toContainText(
    'Agent · Disabled',
  );
  await expect(phone.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 10_000 });
  await phone.context().close();
});
