import { test as base, expect, type Browser, type Page } from '@playwright/test';
import { ACCOUNTS, readDeskEnv, type AccountName } from './desk-env.ts';

interface DeskFixtures {
  /** Uncaught exceptions, CSP violations and server errors; any fails the test. */
  problems: string[];
}

export const test = base.extend<DeskFixtures>({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, provide) => {
    await provide(readDeskEnv('baseUrl'));
  },

  problems: [
    async ({ context }, provide) => {
      const found: string[] = [];
      context.on('weberror', (error) => found.push(`uncaught: ${error.error().message}`));
      context.on('console', (message) => {
        // A 401 or 404 the desk handles shows as a failed resource; it is judged by the test.
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          found.push(`console error: ${message.text()}`);
        }
      });
      context.on('response', (response) => {
        if (response.status() >= 500) found.push(`${response.url()} answered ${response.status()}`);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI}`);
        });
      });
      await provide(found);
      expect(found, 'the desk had errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Signs in through the Sign in page as a person would and waits for the inbox; with the run's
 * password unless the test's own server gave the account another.
 */
export async function signIn(
  page: Page,
  who: AccountName | { email: string },
  password = readDeskEnv('password'),
): Promise<void> {
  const email = typeof who === 'string' ? ACCOUNTS[who].email : who.email;
  await page.goto('/desk/');
  await expect(page.getByRole('heading', { name: 'Sales desk' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
}

/** A new browser with its own cookies: another person, or the same person on another phone. */
export async function newPerson(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: readDeskEnv('baseUrl'),
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    acceptDownloads: true,
  });
  return context.newPage();
}

/**
 * A manager (signed in on `page`) adds an agent of the test's own on the Users screen, so tests
 * that end sessions or disable accounts never touch another test's.
 */
export async function addAgent(page: Page, name: string): Promise<{ email: string; name: string }> {
  const agent = { email: `${name.toLowerCase().replace(/\W+/g, '.')}@iconia.test`, name };
  await page.goto('/desk/users');
  const form = page.getByRole('region', { name: 'Add an agent' });
  await form.getByLabel('Name').fill(agent.name);
  await form.getByLabel('Email').fill(agent.email);
  await form.getByLabel('Password').fill(readDeskEnv('password'));
  await form.getByRole('button', { name: 'Add agent' }).click();
  await expect(form.getByRole('status')).toHaveText(
    `${agent.name} can now sign in as an agent with ${agent.email}.`,
  );
  await expect(
    page.getByRole('region', { name: 'People with access' }).getByText(agent.email),
  ).toBeVisible();
  return agent;
}
