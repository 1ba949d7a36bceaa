import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEmailChannel } from '../../src/mail/email-channel.ts';
import { createDeliveryWorker } from '../../src/outbox/outbox-worker.ts';
import type { LeadStore } from '../../src/store/lead-store.ts';
import { createTempDir, type SmtpInbox, startSmtpInbox } from '@iconia/testkit';
import { createCapturingLogger, startTestServer, type TestServer } from '@iconia/api/test-server';

describe('an email sent while the database cannot record it', () => {
  let temp: ReturnType<typeof createTempDir>;
  let inbox: SmtpInbox;
  let t: TestServer;

  beforeEach(async () => {
    temp = createTempDir();
    inbox = await startSmtpInbox();
    t = await startTestServer({ dataDir: temp.dir, env: { SMTP_URL: inbox.url } });
    await t.delivery.stop();
  });
  afterEach(async () => {
    await t.close();
    await inbox.close();
    temp.remove();
  });

  it('when marking the lead sent fails, then the log says it was emailed, not that it failed, and a later pass resends it with the same Message-ID', async () => {
    await request(t.url).post('/send-email').send({ name: 'Ravi', mobile: '9876543210' });
    const fullDisk = {
      ...t.store,
      markSent: () => {
        throw new Error('database or disk is full');
      },
    };
    const { logger, lines } = createCapturingLogger();
    const workerWith = (store: LeadStore, instanceId: string) =>
      createDeliveryWorker({
        store,
        channel: createEmailChannel(t.mailer, {
          from: t.config.mailFrom,
          to: t.config.mailTo,
          siteUrl: t.config.siteUrl,
        }),
        clock: t.clock,
        logger,
        pendingAlertMs: 60_000,
        leaseMs: 60_000,
        instanceId,
      });
    const worker = workerWith(fullDisk, 'full-disk');
    await worker.drain();
    await worker.stop();
    expect(t.store.listLeads()[0]?.status).toBe('pending');
    expect(lines.some((line) => line.includes('lead emailed but not marked sent'))).toBe(true);
    expect(lines.some((line) => line.includes('lead email failed'))).toBe(false);

    t.clock.advance(60_000);
    await workerWith(t.store, 'disk-freed').drain();

    const [first, second] = await inbox.waitFor(2);
    expect(second!.parsed.messageId).toBe(first!.parsed.messageId);
    expect(t.store.listLeads()[0]?.status).toBe('sent');
  });
});
