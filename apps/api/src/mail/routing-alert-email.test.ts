import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir, startSmtpInbox, type ReceivedMail, type SmtpInbox } from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import { agentAlertMessage, managerAlertMessage } from '../routing/routing-messages.ts';
import type { StoredLead } from '../store/lead-types.ts';

const SITE_URL = 'https://plots.example.in';

describe('routing alerts by email', () => {
  let temp: ReturnType<typeof createTempDir>;
  let inbox: SmtpInbox;
  let t: TestServer;

  beforeEach(async () => {
    temp = createTempDir();
    inbox = await startSmtpInbox();
    t = await startTestServer({
      dataDir: temp.dir,
      env: { SMTP_URL: inbox.url, SITE_URL: `${SITE_URL}/` },
    });
  });
  afterEach(async () => {
    await t.close();
    await inbox.close();
    temp.remove();
  });

  /** A lead sent through the site's contact form; its sales email is the inbox's first message. */
  async function contactLead(): Promise<StoredLead> {
    await request(t.url)
      .post('/contact-form')
      .type('form')
      .send({
        name: 'Asha Rao',
        mobile: '98765 43210',
        location: 'Kondapur',
        source: 'contact-form',
        utm_campaign: 'diwali-villas',
      })
      .expect(200);
    await inbox.waitFor(1);
    const [lead] = t.store.listLeads();
    if (!lead) throw new Error('the lead was not stored');
    return lead;
  }

  const assignment = (lead: StoredLead) => ({
    id: 31,
    reason: 'new' as const,
    attempt: 0,
    assignedAt: lead.receivedAt,
    dueAt: lead.receivedAt + 5 * 60_000,
  });

  async function deliver(count: number): Promise<ReceivedMail[]> {
    t.delivery.wake();
    const mails = await inbox.waitFor(count);
    await t.delivery.drain();
    return mails;
  }

  it('when a lead reaches the sales inbox, then its email links to the lead in the desk under SITE_URL', async () => {
    const lead = await contactLead();

    const [sales] = inbox.messages;
    expect(sales?.parsed.text).toContain(`In the desk: ${SITE_URL}/desk/leads/${lead.id}`);
    expect(sales?.parsed.html).toContain(`href="${SITE_URL}/desk/leads/${lead.id}"`);
  });

  it('when a buyer is assigned, then the agent gets one email with the name, a tel: link, what they asked, origin, campaign, the time to call by and the desk link', async () => {
    const lead = await contactLead();
    const message = agentAlertMessage({
      lead,
      assignment: assignment(lead),
      agent: { name: 'Ravi Kumar', email: 'ravi@iconia.test' },
      targetMinutes: 5,
      messageIdDomain: 'iconia.test',
    });

    // Queued twice, as a step run again after a crash would: one email all the same.
    t.store.queueNewMessages([message]);
    t.store.queueNewMessages([message]);
    const [, alert] = await deliver(2);

    expect(alert?.envelopeTo).toEqual(['ravi@iconia.test']);
    const mail = alert!.parsed;
    // START_TIME is 21 Nov 2026, 3:45 pm IST: in working hours, so five minutes later.
    expect(mail.subject).toBe('New buyer for you: call Asha Rao by 21 Nov 2026, 3:50 pm IST');
    expect(mail.messageId).toBe('<routing-agent-alert-31@iconia.test>');
    expect(mail.text).toContain('Call within 5 working minutes: by 21 Nov 2026, 3:50 pm IST.');
    expect(mail.text).toContain('Name: Asha Rao');
    expect(mail.text).toContain('Call: tel:+919876543210');
    expect(mail.text).toContain('Mobile: +91 98765 43210');
    expect(mail.text).toContain('Location: Kondapur');
    expect(mail.text).toContain('Origin: Website');
    expect(mail.text).toContain('Campaign: diwali-villas');
    expect(mail.text).toContain(`In the desk: ${SITE_URL}/desk/leads/${lead.id}`);
    expect(mail.html).toContain('href="tel:+919876543210"');
    expect(mail.html).toContain(`href="${SITE_URL}/desk/leads/${lead.id}"`);
    expect(inbox.messages).toHaveLength(2);
  });

  it('when a buyer is moved on after the target, then the managers get one email naming who missed it and who has it now', async () => {
    const lead = await contactLead();
    const missed = assignment(lead);
    t.store.queueNewMessages([
      managerAlertMessage({
        event: 'reassigned',
        lead,
        missed: { ...missed, agent: { id: 2, name: 'Ravi Kumar' } },
        nowWith: { id: 3, name: 'Meena Iyer' },
        to: [
          { name: 'Priya', email: 'priya@iconia.test' },
          { name: 'Arjun', email: 'arjun@iconia.test' },
        ],
        targetMinutes: 5,
        at: missed.dueAt,
        messageIdDomain: 'iconia.test',
      }),
    ]);

    t.clock.advance(5 * 60_000);
    const [, alert] = await deliver(2);

    expect(alert?.envelopeTo).toEqual(['priya@iconia.test', 'arjun@iconia.test']);
    const mail = alert!.parsed;
    expect(mail.subject).toBe('Buyer not called in time: Asha Rao, moved to Meena Iyer');
    expect(mail.text).toContain(
      'Ravi Kumar did not answer Asha Rao within 5 working minutes (by 21 Nov 2026, 3:50 pm IST). The buyer is now with Meena Iyer (reassignment 1 of 3).',
    );
    expect(mail.text).toContain(`In the desk: ${SITE_URL}/desk/leads/${lead.id}`);
  });

  it('when no other agent is on duty, then the managers’ email says the buyer stays with the agent', async () => {
    const lead = await contactLead();
    const missed = { ...assignment(lead), agent: { id: 2, name: 'Ravi Kumar' } };
    t.store.queueNewMessages([
      managerAlertMessage({
        event: 'no-one-else-on-duty',
        lead,
        missed,
        nowWith: missed.agent,
        to: [{ name: 'Priya', email: 'priya@iconia.test' }],
        targetMinutes: 5,
        at: missed.dueAt,
        messageIdDomain: 'iconia.test',
      }),
    ]);

    t.clock.advance(5 * 60_000);
    const [, alert] = await deliver(2);

    expect(alert?.parsed.subject).toBe('Buyer not called in time: Asha Rao, no one else on duty');
    expect(alert?.parsed.text).toContain(
      'No other agent is on duty, so the buyer stays with Ravi Kumar: call them, or put another agent on duty.',
    );
  });

  it('when the third reassignment runs out too, then the managers’ email says the buyer is left with the last agent', async () => {
    const lead = await contactLead();
    const missed = { ...assignment(lead), attempt: 3, agent: { id: 4, name: 'Meena Iyer' } };
    t.store.queueNewMessages([
      managerAlertMessage({
        event: 'left-with-last',
        lead,
        missed,
        nowWith: missed.agent,
        to: [{ name: 'Priya', email: 'priya@iconia.test' }],
        targetMinutes: 5,
        at: missed.dueAt,
        messageIdDomain: 'iconia.test',
      }),
    ]);

    t.clock.advance(5 * 60_000);
    const [, alert] = await deliver(2);

    expect(alert?.parsed.subject).toBe(
      'Buyer not called in time: Asha Rao, left with Meena Iyer after 3 reassignments',
    );
  });
});
