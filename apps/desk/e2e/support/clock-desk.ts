import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { PASSWORD, startDeskTestServer, type DeskTestServer } from '@iconia/api/test-server';
import { createTestClock, START_TIME, startSmtpInbox, type SmtpInbox } from '@iconia/testkit';
import { test as deskTest, expect, signIn } from './desk-fixtures.ts';

/** The built desk (global setup builds it before any test runs). */
const DESK_DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

/** How many rounds `settle` runs: a step may queue the next (a reassignment queues its email). */
const SETTLE_ROUNDS = 10;

/**
 * The mail timeout of these servers. A send that timed out is retried at a time on the test's
 * clock, which stands still between `advance` calls, so it would wait for the next one: the
 * limit is set well past what a machine with every core busy takes to hand the inbox an email
 * (the shared test server's 2 s is not).
 */
const SMTP_TIMEOUT_MS = '30000';

export interface ClockDesk {
  /** The server `pnpm start` runs, in this test's process, on its own SQLite file and clock. */
  server: DeskTestServer;
  /** The real SMTP server the server sends every email to (sales inbox, agents, managers). */
  inbox: SmtpInbox;
  url: string;
  /** The server's time (epoch ms); the test's browsers show the same. */
  now(): number;
  /**
   * Moves the server's clock and every browser of this test on by `ms`, then sends what became
   * due, as the workers would have had the time really passed.
   */
  advance(ms: number): Promise<void>;
  /** Runs every outbox worker until nothing due is left. */
  settle(): Promise<void>;
  /** A new browser with its own cookies on this server and clock: another person. */
  newPerson(): Promise<Page>;
  /** Makes a browser show the server's time, now and after every `advance`. */
  showServerTime(context: BrowserContext): Promise<void>;
  /** Signs in on `page` with an account the test added through `server.addUser`. */
  signIn(page: Page, email: string): Promise<void>;
}

export interface ClockDeskOptions {
  /** Where the clock starts; by default the test kit's START_TIME (a Saturday, 3:45 pm IST). */
  clockStart: number;
  /** More server settings, as environment variables. */
  clockDeskEnv: Record<string, string>;
}

/** Every outbox worker of the running server: routing's due steps first, then the mail they queue. */
function workersOf(server: DeskTestServer) {
  return [
    server.routingSteps,
    server.delivery,
    ...server.webhooks,
    ...(server.metaGraph ? [server.metaGraph] : []),
  ];
}

async function startClockDesk(
  browser: Browser,
  options: ClockDeskOptions,
): Promise<ClockDesk & { stop(): Promise<void> }> {
  const inbox = await startSmtpInbox();
  const clock = createTestClock(options.clockStart);
  let server: DeskTestServer;
  try {
    server = await startDeskTestServer({
      env: { SMTP_URL: inbox.url, SMTP_TIMEOUT_MS, ...options.clockDeskEnv },
      deskDist: DESK_DIST,
      clock,
    });
  } catch (error) {
    await inbox.close();
    throw error;
  }
  const contexts = new Set<BrowserContext>();
  const ownContexts = new Set<BrowserContext>();

  const showServerTime = async (context: BrowserContext) => {
    await context.clock.setFixedTime(clock.now());
    contexts.add(context);
  };

  // Messages claimed and not yet sent, failed or given up: each holds its lease until then.
  const onTheirWay = server.store.db
    .prepare<[], number>(`SELECT count(*) FROM deliveries WHERE lease_until IS NOT NULL`)
    .pluck();

  const settle = async () => {
    for (let round = 0; round < SETTLE_ROUNDS; round += 1) {
      let sent = 0;
      for (const worker of workersOf(server)) sent += await worker.drain();
      if (sent === 0) return;
    }
  };

  return {
    server,
    inbox,
    url: server.url,
    now: () => clock.now(),
    async advance(ms) {
      // Had the time really passed, what the workers are sending would have arrived first;
      // moving the clock past its lease (a minute) mid-send would let it be sent again.
      await expect.poll(() => onTheirWay.get()).toBe(0);
      clock.advance(ms);
      for (const context of contexts) await context.clock.setFixedTime(clock.now());
      await settle();
    },
    settle,
    showServerTime,
    async newPerson() {
      const context = await browser.newContext({
        baseURL: server.url,
        locale: 'en-IN',
        timezoneId: 'Asia/Kolkata',
        acceptDownloads: true,
      });
      await showServerTime(context);
      ownContexts.add(context);
      return context.newPage();
    },
    signIn: (page, email) => signIn(page, { email }, PASSWORD),
    async stop() {
      for (const context of ownContexts) await context.close();
      await server.remove();
      await inbox.close();
    },
  };
}

/**
 * Desk browser tests that move time: each test gets its own server (a fresh database, the built
 * desk, a real SMTP inbox) on the test kit's clock, and its browsers show the server's time, so
 * "time left" and "2 h ago" read as they would had the time really passed. The shared e2e server
 * of global setup runs on the real clock; tests here never touch it.
 */
export const test = deskTest.extend<{ clockDesk: ClockDesk } & ClockDeskOptions>({
  clockStart: [START_TIME, { option: true }],
  clockDeskEnv: [{}, { option: true }],
  clockDesk: async ({ browser, clockStart, clockDeskEnv }, provide) => {
    const desk = await startClockDesk(browser, { clockStart, clockDeskEnv });
    try {
      await provide(desk);
    } finally {
      await desk.stop();
    }
  },
  baseURL: async ({ clockDesk }, provide) => {
    await provide(clockDesk.url);
  },
  // The test's own browser shows the server's time from its first page on.
  context: async ({ context, clockDesk }, provide) => {
    await clockDesk.showServerTime(context);
    await provide(context);
  },
});

export { expect };
