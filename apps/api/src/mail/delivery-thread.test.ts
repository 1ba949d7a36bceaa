import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.ts';
import { createTempDir } from '../../test/test-app.ts';
import { loadConfig } from '../config.ts';
import { openLeadStore, type LeadStore } from '../store/lead-store.ts';
import { startDeliveryThread, type DeliveryThread } from './delivery-thread.ts';

describe('the delivery thread', () => {
  let temp: ReturnType<typeof createTempDir>;
  let inbox: SmtpInbox;
  let store: LeadStore;
  let delivery: DeliveryThread | undefined;
  const logLines: string[] = [];

  const start = async (): Promise<DeliveryThread> => {
    const config = loadConfig({
      DATA_DIR: temp.dir,
      SMTP_URL: inbox.url,
      MAIL_TO: 'sales@iconia.test',
      MAIL_FROM: 'leads@iconia.test',
    });
    delivery = await startDeliveryThread({
      config,
      logOutput: { write: (line: string) => void logLines.push(line) },
      onFailure: (error) => {
        throw error;
      },
    });
    return delivery;
  };

  const storeLead = (mobile: string) => {
    const publicId = randomUUID();
    return store.insertLead(
      {
        publicId,
        messageId: `<lead-${publicId}@iconia.test>`,
        kind: 'brochure',
        name: 'Ravi',
        mobile,
        attribution: {},
        // The thread reads the real clock.
        receivedAt: Date.now(),
        spam: false,
      },
      0,
    );
  };

  beforeEach(() => {
    temp = createTempDir();
    store = openLeadStore(`${temp.dir}/leads.sqlite`);
    logLines.length = 0;
  });
  afterEach(async () => {
    await delivery?.stop();
    delivery = undefined;
    store.close();
    await inbox.close();
    temp.remove();
  });

  it('when a lead is stored and delivery is woken, then it is emailed once, marked sent, and the line logged through the main thread', async () => {
    inbox = await startSmtpInbox({ parse: false });
    const { start: run, wake } = await start();
    run();

    const lead = storeLead('9876543210');
    wake();
    const [mail] = await inbox.waitFor(1);
    await expect.poll(() => store.findByPublicId(lead.publicId)?.status).toBe('sent');

    expect(mail?.raw).toContain(`Message-ID: ${lead.messageId}`);
    await expect
      .poll(() => logLines.map((line) => JSON.parse(line) as { msg: string; outcome?: string }))
      .toEqual([expect.objectContaining({ msg: 'lead emailed', outcome: 'sent' })]);
  });

  it('when stopped while an email is being sent, then that send finishes and is marked sent', async () => {
    inbox = await startSmtpInbox({ parse: false, delayMs: 500 });
    const thread = await start();
    const lead = storeLead('9876543210');
    thread.start();
    await expect.poll(() => store.findByPublicId(lead.publicId)?.attempts).toBe(1);

    await thread.stop();

    expect(inbox.messages).toHaveLength(1);
    expect(store.findByPublicId(lead.publicId)?.status).toBe('sent');
  });
});
