import { randomBytes } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTempDir,
  createTestClock,
  type SmtpInbox,
  startSmtpInbox,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import { webhookChannelName } from '../webhooks/webhook-channel.ts';
import { webhookId } from '../webhooks/webhook-signature.ts';
import { MIGRATIONS } from './lead-store.ts';
import { OUTBOX_MESSAGES_MIGRATION } from './outbox-store.ts';

const SIGNING_KEY = `whsec_${randomBytes(32).toString('base64')}`;
const PENDING = { publicId: '3f0c8a5e-6b1d-4e2f-9a7c-2d4b6e8f0a1c', mobile: '9876543210' };
const SENT = { publicId: '7d2e4f60-1a3b-4c5d-8e9f-0a1b2c3d4e5f', mobile: '9123456780' };

describe('the move from one delivery per lead and channel to one outbox row per message', () => {
  let temp: ReturnType<typeof createTempDir>;
  let inbox: SmtpInbox;
  let receiver: WebhookReceiver;
  let server: TestServer | undefined;

  beforeEach(async () => {
    temp = createTempDir();
    inbox = await startSmtpInbox();
    receiver = await startWebhookReceiver();
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    await inbox.close();
    await receiver.close();
    temp.remove();
  });

  /** A database as the release before the outbox of messages left it, with two leads. */
  function writeOldDatabase(now: number): void {
    const db = new Database(path.join(temp.dir, 'leads.sqlite'));
    const oldVersion = MIGRATIONS.indexOf(OUTBOX_MESSAGES_MIGRATION);
    for (const sql of MIGRATIONS.slice(0, oldVersion)) db.exec(sql);
    db.pragma(`user_version = ${oldVersion}`);
    const insertLead = db.prepare<[string, string, string, number]>(
      `INSERT INTO leads (public_id, message_id, kind, name, mobile, status, received_at,
         next_attempt_at, source)
       VALUES (?, ?, 'contact', 'Ravi', ?, 'pending', ?, 0, 'contact-form') RETURNING id`,
    );
    const insertDelivery = db.prepare<[number, string, string, number, number, string | null]>(
      `INSERT INTO deliveries (lead_id, channel, status, attempts, next_attempt_at, last_error,
         queued_at)
       VALUES (?, ?, ?, ?, ?, ?, 0)`,
    );
    const webhook = webhookChannelName(receiver.url);
    for (const [lead, status] of [
      [PENDING, 'pending'],
      [SENT, 'sent'],
    ] as const) {
      const { id } = insertLead.get(
        lead.publicId,
        `<lead-${lead.publicId}@iconia.test>`,
        lead.mobile,
        now - 60_000,
      ) as { id: number };
      insertDelivery.run(id, 'email', status, 2, now, 'connection refused');
      insertDelivery.run(id, webhook, status, 3, now, 'HTTP 503');
    }
    db.close();
  }

  it('when a database of the old schema is opened, then its pending email and webhook go out with the ids they had, and sent ones stay sent', async () => {
    const clock = createTestClock(Date.now());
    writeOldDatabase(clock.now());

    server = await startTestServer({
      dataDir: temp.dir,
      clock,
      env: { SMTP_URL: inbox.url, WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: SIGNING_KEY },
    });
    await Promise.all([server.delivery, ...server.webhooks].map((worker) => worker.drain()));

    const [email] = await inbox.waitFor(1);
    expect(email?.parsed.messageId).toBe(`<lead-${PENDING.publicId}@iconia.test>`);
    expect(receiver.posts.map((post) => post.headers['webhook-id'])).toEqual([
      webhookId(PENDING.publicId, receiver.url),
    ]);
    expect(inbox.messages).toHaveLength(1);
    const listed = server.store.listLeads();
    expect(listed.map((lead) => [lead.publicId, lead.attempts])).toEqual([
      [PENDING.publicId, 3],
      [SENT.publicId, 2],
    ]);
  });
});
