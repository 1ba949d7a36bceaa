/**
 * A server killed with SIGKILL while it is handing an email to SMTP leaves that message leased
 * to itself. Restarted alone on the database, it sends it again at once, not when the lease
 * would have lapsed.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTempDir,
  createTestClock,
  freePort,
  startSmtpInbox,
  type SmtpInbox,
} from '@iconia/testkit';
import { SOURCE_SERVER, startServerProcess, type ServerProcess } from '@iconia/api/test-server';
import { startTestServer, type TestServer } from '@iconia/api/test-server';

/** The email's lease, as the server sets it with the default SMTP timeout. */
const LEASE_MS = 60_000;
/**
 * The SMTP timeout of the killed server: its lease (four of them) lasts ten minutes, far beyond
 * the test, so an email that arrives at all arrived before the lease lapsed.
 */
const LONG_SMTP_TIMEOUT_MS = 150_000;

describe('a restart after a crash in the middle of a send', () => {
  let temp: ReturnType<typeof createTempDir>;
  let hanging: SmtpInbox;
  let inbox: SmtpInbox;
  let server: ServerProcess | undefined;
  const inProcess: TestServer[] = [];

  beforeEach(async () => {
    temp = createTempDir();
    // Takes the message and keeps the sender waiting for its answer: the send is in flight.
    hanging = await startSmtpInbox({ delayMs: 5 * LEASE_MS });
    inbox = await startSmtpInbox();
  });
  afterEach(async () => {
    await Promise.all(inProcess.splice(0).map((running) => running.close()));
    await server?.kill();
    await Promise.all([hanging.close(), inbox.close()]);
    temp.remove();
  });

  /** Resolves once a message is leased, that is, being sent, with the time its lease lapses. */
  async function waitForLease(file: string): Promise<number> {
    const leaseUntil = () => {
      const db = new Database(file, { readonly: true });
      try {
        return db
          .prepare<[], number | null>(
            `SELECT max(lease_until) FROM deliveries WHERE lease_until IS NOT NULL`,
          )
          .pluck()
          .get();
      } finally {
        db.close();
      }
    };
    await expect.poll(leaseUntil, { timeout: 120_000 }).toBeTypeOf('number');
    return leaseUntil() ?? 0;
  }

  it('when the server is killed mid-send and restarted alone, then the email goes out well before its lease would lapse, with the same Message-ID', async () => {
    const port = await freePort();
    const env = {
      DATA_DIR: temp.dir,
      RATE_LIMIT_MAX: '0',
      WEB_DIST: path.join(temp.dir, 'no-site'),
      LOG_LEVEL: 'warn',
      SMTP_TIMEOUT_MS: String(LONG_SMTP_TIMEOUT_MS),
    };
    server = await startServerProcess({
      port,
      env: { ...env, SMTP_URL: hanging.url },
      entry: SOURCE_SERVER,
    });
    const reply = await request(server.url).post('/contact-form').send({
      name: 'Asha',
      mobile: '9123456780',
    });
    expect(reply.text).toBe('success');
    const leaseLapses = await waitForLease(path.join(temp.dir, 'leads.sqlite'));

    await server.kill();
    server = await startServerProcess({
      port,
      env: { ...env, SMTP_URL: inbox.url },
      entry: SOURCE_SERVER,
    });

    const [email] = await inbox.waitFor(1, 240_000);
    expect(email!.receivedAt).toBeLessThan(leaseLapses);
    expect(email!.parsed.messageId).toMatch(/^<lead-[0-9a-f-]{36}@/);
    expect(inbox.messages).toHaveLength(1);
  }, 300_000);

  it('when another server is running on the database, then a second one leaves its leases alone until they lapse', async () => {
    const clock = createTestClock();
    const start = async () => {
      const running = await startTestServer({
        dataDir: temp.dir,
        env: { SMTP_URL: inbox.url },
        clock,
      });
      inProcess.push(running);
      return running;
    };
    const first = await start();
    await first.delivery.stop();
    await request(first.url).post('/contact-form').send({ name: 'Asha', mobile: '9123456780' });
    first.store.claimNextDue('email', 'the-first-server', clock.now(), LEASE_MS);

    const second = await start();

    expect(await second.delivery.drain()).toBe(0);
    clock.advance(LEASE_MS);
    expect(await second.delivery.drain()).toBe(1);
    expect(inbox.messages).toHaveLength(1);
  });
});
