import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import { createApp } from '../src/app.ts';
import type { Clock } from '../src/clock.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { DUPLICATE_WINDOW_MS } from '../src/leads/capture-lead.ts';
import { createLogger, type Logger } from '../src/logger.ts';
import { createDeliveryWorker, type DeliveryWorker } from '../src/mail/delivery-worker.ts';
import { createMailer, type Mailer } from '../src/mail/transport.ts';
import { createGroupCommit } from '../src/store/group-commit.ts';
import { openLeadStore, type LeadStore, type NewLead } from '../src/store/lead-store.ts';

/** 21 Nov 2026, 3:45 pm in India. */
export const START_TIME = Date.parse('2026-11-21T10:15:00Z');

export interface TestClock extends Clock {
  advance(ms: number): void;
}

export function createTestClock(start = START_TIME): TestClock {
  let now = start;
  return {
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
  };
}

/** A stored-lead-to-be for tests of the store: a brochure request from `mobile`. */
export function newLead(mobile: string, publicId = randomUUID()): NewLead {
  return {
    publicId,
    messageId: `<lead-${publicId}@iconia.test>`,
    kind: 'brochure',
    name: 'Ravi',
    mobile,
    plotRange: '200 - 300 Sq. Yds',
    attribution: { source: 'brochure-modal', utm_source: 'google' },
    receivedAt: START_TIME,
    spam: false,
  };
}

export function createTempDir(prefix = 'iconia-api-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Log lines as parsed JSON, for tests that check what the logs reveal. */
export function createCapturingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger = createLogger('info', {
    write: (line: string) => {
      lines.push(line);
    },
  });
  return { logger, lines };
}

export interface TestApp {
  app: Express;
  config: Config;
  store: LeadStore;
  mailer: Mailer;
  worker: DeliveryWorker;
  clock: TestClock;
  logLines: string[];
  /** Stops the worker, closes mail and the database; the data dir stays for reopening. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  dataDir: string;
  env?: Record<string, string>;
  clock?: TestClock;
  /** Backoff for the worker; tests that exercise retries move the clock past it. */
  backoff?: { baseMs: number; maxMs: number };
  instanceId?: string;
}

/**
 * The real app with real parts: a SQLite file in a temp dir, the configured mailer (a real SMTP
 * server when the test passes SMTP_URL, else the dev inbox), the real delivery worker. The rate
 * limit is off unless a test turns it on; there is no site unless a test points WEB_DIST at one.
 */
export function createTestApp(options: TestAppOptions): TestApp {
  const config = loadConfig({
    DATA_DIR: options.dataDir,
    RATE_LIMIT_MAX: '0',
    WEB_DIST: path.join(options.dataDir, 'no-site'),
    MAIL_TO: 'sales@iconia.test, manager@iconia.test',
    MAIL_FROM: '"Elegant Iconia website" <leads@iconia.test>',
    SMTP_TIMEOUT_MS: '2000',
    ...options.env,
  });
  const clock = options.clock ?? createTestClock();
  const { logger, lines } = createCapturingLogger();
  const store = openLeadStore(config.databaseFile);
  const mailer = createMailer(config);
  const worker = createDeliveryWorker({
    store,
    mailer,
    clock,
    logger,
    addresses: { from: config.mailFrom, to: config.mailTo },
    pendingAlertMs: config.pendingAlertMs,
    leaseMs: 60_000,
    concurrency: 2,
    backoff: options.backoff ?? { baseMs: 1_000, maxMs: 8_000 },
    ...(options.instanceId ? { instanceId: options.instanceId } : {}),
  });
  // Group commit on this thread: the server runs the same on its writer thread.
  const insertLead = createGroupCommit(store, DUPLICATE_WINDOW_MS);
  const app = createApp({ config, store, insertLead, mailer, clock, logger, delivery: worker });
  return {
    app,
    config,
    store,
    mailer,
    worker,
    clock,
    logLines: lines,
    async close() {
      await worker.stop();
      mailer.close();
      store.close();
    },
  };
}
