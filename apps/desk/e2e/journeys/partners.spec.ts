import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { expectNoAxeViolations } from '@iconia/web/e2e/axe';
import { createMailbox, type Mailbox } from '@iconia/web/e2e/mailbox';
import { ACCOUNTS, readDeskEnv } from '../support/desk-env.ts';
import { expect, signIn, test } from '../support/desk-fixtures.ts';

// secret-scan: allow (a made-up password of a test broker)
const BROKER_PASSWORD = 'brokers walk the site daily';

const WELCOME_LINK = /https?:\/\/[^\s"<]+\/partners\/welcome#[A-Za-z0-9_-]+/;

/** The sign-in link of the newest email to `address` in the test's SMTP inbox, or ''. */
async function findSignInLink(mailbox: Mailbox, address: string): Promise<string> {
  const toBroker = (await mailbox.messagesMentioning('/partners/welcome#')).filter((mail) =>
    mail.to.includes(address),
  );
  return WELCOME_LINK.exec(toBroker.at(-1)?.text ?? '')?.[0] ?? '';
}

/** Waits for the approval's email to arrive, then its link. */
async function signInLinkFor(address: string): Promise<string> {
  const mailbox = createMailbox(readDeskEnv('mailDir'));
  await expect.poll(() => findSignInLink(mailbox, address), { timeout: 30_000 }).not.toBe('');
  return findSignInLink(mailbox, address);
}

const IMAGES = fileURLToPath(new URL('../../../../docs/images/partners/', import.meta.url));

/** docs/partners.md's pictures, taken on the phone run when DESK_SCREENSHOTS is set. */
async function picture(page: Page, name: string): Promise<void> {
  if (!process.env.DESK_SCREENSHOTS || page.viewportSize()?.width !== 360) return;
  await mkdir(IMAGES, { recursive: true });
  await page.screenshot({ path: path.join(IMAGES, `${name}.png`), fullPage: true });
}

/** A broker's phone: 360 px, touch, its own cookies. */
async function brokerPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: readDeskEnv('baseUrl'),
    viewport: { width: 360, height: 780 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  return context.newPage();
}

test('@layout when a broker applies, is approved in the desk, registers a client and the agent proves the claim at check-in, then both see it, with no axe violation', async ({
  page,
  browser,
}, testInfo) => {
  const tag = `${Date.now().toString(36)}${testInfo.project.name === 'phone' ? 'p' : 'd'}`;
  const firm = `Sai Estates ${tag}`;
  const email = `ravi.${tag}@broker.test`;
  const client = { name: `Kiran ${tag}`, mobile: `98${String(Date.now()).slice(-8)}` };

  // The broker applies from their phone.
  const broker = await brokerPhone(browser);
  await broker.goto('/partners/apply');
  await expect(broker.getByRole('heading', { name: 'Apply as a channel partner' })).toBeVisible();
  await expectNoAxeViolations(broker, 'Partners: apply');
  const apply = broker.getByRole('form', { name: 'Apply as a channel partner' });
  await apply.getByLabel('Firm name').fill(firm);
  await apply.getByLabel('Your name').fill('Ravi Teja');
  await apply.getByLabel('Mobile').fill('98480 00001');
  await apply.getByLabel('Email').fill(email);
  await apply.getByLabel('TG-RERA agent registration number').fill('A02500002345');
  await picture(broker, 'apply');
  await apply.getByRole('button', { name: 'Apply' }).click();
  await expect(broker.getByRole('status')).toHaveText(
    'Thank you. Your application is with our sales managers; you will get an email when it is decided.',
  );

  // The manager approves it on the Brokers screen, owned by the agent.
  await signIn(page, 'manager');
  await page
    .getByRole('navigation', { name: 'Desk' })
    .getByRole('link', { name: 'Brokers' })
    .click();
  await expect(page.getByRole('heading', { name: 'Brokers', level: 1 })).toBeVisible();
  const approval = page.getByRole('form', { name: `Approve ${firm}` });
  await approval.getByLabel('Owned by').selectOption({ label: ACCOUNTS.agent.name });
  await approval.getByLabel('Brokerage % (blank: default)').fill('1.5');
  await expectNoAxeViolations(page, 'Brokers with an application');
  await picture(page, 'desk-application');
  await approval.getByRole('button', { name: 'Approve' }).click();
  const partners = page.getByRole('region', { name: 'Channel partners' });
  await expect(partners.getByRole('listitem').filter({ hasText: firm })).toContainText(
    `Approved · owned by ${ACCOUNTS.agent.name} · 1.5%`,
  );

  // The broker chooses a password from the emailed link and lands on their home.
  await broker.goto(await signInLinkFor(email));
  await broker.getByLabel('New password').fill(BROKER_PASSWORD);
  await broker.getByRole('button', { name: 'Save and sign in' }).click();
  await expect(broker.getByRole('heading', { name: firm, level: 1 })).toBeVisible();

  // They register a client and see them registered until the claim's end.
  const register = broker.getByRole('form', { name: 'Register a client' });
  await register.getByLabel('Client’s name').fill(client.name);
  await register.getByLabel('Client’s mobile').fill(client.mobile);
  await register.getByLabel('Plot size').selectOption('200 - 300 Sq. Yds');
  await register.getByLabel(/The client agreed/).check();
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(broker.getByRole('status').filter({ hasText: client.name })).toContainText(
    `${client.name} is registered to you until`,
  );
  const clients = broker.getByRole('region', { name: 'Your clients' });
  await expect(clients.getByRole('listitem').filter({ hasText: client.name })).toContainText(
    'Registered',
  );
  await expect(broker.getByRole('region', { name: 'Next free site visits' })).toBeVisible();
  await expect(broker.getByText(/^Price sheet: \d+ plots? on sale$/)).toBeVisible();
  await expectNoAxeViolations(broker, 'Partners: home with a client');
  await picture(broker, 'home');

  // A second registration of the same mobile is refused with the reason.
  await register.getByLabel('Client’s name').fill(client.name);
  await register.getByLabel('Client’s mobile').fill(client.mobile);
  await register.getByLabel('Plot size').selectOption('200 - 300 Sq. Yds');
  await register.getByLabel(/The client agreed/).check();
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(broker.getByRole('alert')).toContainText('You registered this client on');

  // At check-in the agent sees the claim on the buyer's page and proves it with the client's code.
  await page.goto(`/desk/?q=${encodeURIComponent(client.name)}`);
  await page.getByRole('link', { name: client.name }).first().click();
  const card = page.getByRole('region', { name: 'Channel partner' });
  await expect(card).toContainText(`${firm} (Ravi Teja) registered this buyer`);
  await expect(card).toContainText('Not proven yet');
  await expectNoAxeViolations(page, 'Buyer page with a claim');
  await picture(page, 'buyer-claim');
  await card.getByRole('button', { name: 'Check-in code for the client' }).click();
  const shown = card.getByRole('status').filter({ hasText: 'read out' });
  await expect(shown).toContainText(/\d{6}/);
  const code = /\d{6}/.exec(await shown.innerText())?.[0] ?? '';
  await card.getByLabel('Code the client tells you').fill(code);
  await card.getByRole('button', { name: 'Prove the claim' }).click();
  await expect(card).toContainText('Proven at the site visit');

  await broker.reload();
  await expect(
    broker
      .getByRole('region', { name: 'Your clients' })
      .getByRole('listitem')
      .filter({ hasText: client.name }),
  ).toContainText('proven at the visit');
  await expect(broker.getByRole('region', { name: 'Brokerage statement' })).toContainText(
    'Your rate: 1.5%',
  );
  await broker.context().close();
});
