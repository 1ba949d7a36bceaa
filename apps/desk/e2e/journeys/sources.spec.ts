import { expectNoAxeViolations } from '@iconia/web/e2e/axe';
import { readDeskEnv } from '../support/desk-env.ts';
import { expect, signIn, test } from '../support/desk-fixtures.ts';

const SECRET = /^whsec_[A-Za-z0-9+/]+=*$/;

test('when a manager adds a partner, gives it a new secret and disables it, then the Sources screen shows each step and the secret once', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const name = `partner-${Date.now().toString(36)}`;
  await signIn(page, 'manager');
  await page
    .getByRole('navigation', { name: 'Desk' })
    .getByRole('link', { name: 'Sources' })
    .click();
  await expect(page.getByRole('heading', { name: 'Sources', level: 1 })).toBeVisible();

  const add = page.getByRole('region', { name: 'Add a partner' });
  await add.getByLabel('Name').fill(name);
  await add.getByRole('button', { name: 'Add partner' }).click();
  const first = add.getByLabel(`Secret for ${name}, shown only now`);
  await expect(first).toHaveValue(SECRET);
  const secret = await first.inputValue();
  await add.getByRole('button', { name: 'Copy secret' }).click();
  await expect(add.getByText('Copied. Hand it to the partner by a private channel.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  const list = page.getByRole('region', { name: 'Partners and portals' });
  const item = list.getByRole('listitem').filter({ hasText: name });
  await expect(item).toContainText('Enabled');
  await expect(list).not.toContainText(secret);

  await item.getByRole('button', { name: `New secret for ${name}` }).click();
  const rotated = item.getByLabel(`Secret for ${name}, shown only now`);
  await expect(rotated).toHaveValue(SECRET);
  expect(await rotated.inputValue()).not.toBe(secret);
  await expect(item).toContainText('The previous secret works until');

  await item.getByRole('button', { name: `Disable ${name}` }).click();
  await expect(item.getByRole('status').filter({ hasText: 'disabled' })).toHaveText(
    `${name} is disabled: its leads are refused.`,
  );
  await expect(item).toContainText('Disabled ·');
  await expect(item.getByRole('button', { name: `Enable ${name}` })).toBeVisible();

  // The screen reads the server's state, not its own memory of it.
  await page.reload();
  const reloaded = page
    .getByRole('region', { name: 'Partners and portals' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expect(reloaded).toContainText('Disabled ·');
  await expect(reloaded.getByRole('textbox')).toHaveCount(0);
});

test('when an agent opens Sources, then it is not offered and the API refuses it', async ({
  page,
}) => {
  await signIn(page, 'agent');
  await expect(
    page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Sources' }),
  ).toHaveCount(0);
  await page.goto('/desk/sources');
  await expect(page.getByRole('heading', { name: 'Not for your role' })).toBeVisible();
  const res = await page.request.get('/desk/api/sources');
  expect(res.status()).toBe(403);
});

test('when a manager adds a partner, then Sources gives its full address to post to and says it has no leads yet @layout', async ({
  page,
}) => {
  const name = `partner-${Date.now().toString(36)}`;
  await signIn(page, 'manager');
  await page.goto('/desk/sources');
  const add = page.getByRole('region', { name: 'Add a partner' });
  await add.getByLabel('Name').fill(name);

  await add.getByRole('button', { name: 'Add partner' }).click();

  const item = page
    .getByRole('region', { name: 'Partners and portals' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expect(item).toContainText(`Posts to ${readDeskEnv('baseUrl')}/intake/partners/${name}`);
  const health = page.getByRole('region', { name: 'Source health figures' });
  const row = health.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByRole('cell').first()).toHaveText('No leads yet');
  await expectNoAxeViolations(page, 'Sources with a new partner');
});

test('when a manager adds a portal with its login, then Sources lists it as polled with the login set, never shown back, and it can be disabled @layout', async ({
  page,
}) => {
  const name = `portal-${Date.now().toString(36)}`;
  const key = `mb-key-${Date.now().toString(36)}-secret`;
  await signIn(page, 'manager');
  await page.goto('/desk/sources');
  const add = page.getByRole('region', { name: 'Add a portal' });
  await add.getByLabel('Portal').selectOption({ label: 'MagicBricks' });
  await add.getByLabel('Name').fill(name);
  await add.getByLabel('MagicBricks API key').fill(key);
  // Nothing answers here: the portal's polls fail, in words, and nothing else does.
  await add.getByLabel('Endpoint (optional)').fill('http://127.0.0.1:9/mbleadapi/getLeads');
  await add.getByRole('button', { name: 'Add portal' }).click();
  await expect(add.getByRole('status')).toHaveText(
    `${name} is added: MagicBricks is polled from now on.`,
  );
  await expect(add.getByLabel('MagicBricks API key')).toHaveValue('');

  const item = page
    .getByRole('region', { name: 'Portals polled for leads' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expect(item).toContainText('login set');
  await expect(page.locator('body')).not.toContainText(key);
  await expectNoAxeViolations(page, 'Sources with a new portal');

  await item.getByRole('button', { name: `Disable ${name}` }).click();
  await expect(item.getByRole('status').filter({ hasText: 'disabled' })).toHaveText(
    `${name} is disabled: it is not polled.`,
  );
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Portals polled for leads' }).getByRole('listitem').filter({
      hasText: name,
    }),
  ).toContainText('Disabled');
});
