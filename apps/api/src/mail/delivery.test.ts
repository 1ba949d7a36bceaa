import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir, freePort, type SmtpInbox, startSmtpInbox } from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import { renderLeadEmail } from './lead-email.ts';
import { createSmtpMailer } from './transport.ts';

function headerText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'text' in value) return String(value.text);
  return String(value);
}

describe('lead delivery to the sales inbox', () => {
  let temp: ReturnType<typeof createTempDir>;
  let inbox: SmtpInbox | undefined;
  const apps: TestServer[] = [];

  const openApp = async (smtpUrl: string): Promise<TestServer> => {
    const t = await startTestServer({ dataDir: temp.dir, env: { SMTP_URL: smtpUrl } });
    apps.push(t);
    return t;
  };

  beforeEach(() => {
    temp = createTempDir();
  });
  afterEach(async () => {
    for (const t of apps.splice(0)) await t.close();
    await inbox?.close();
    inbox = undefined;
    temp.remove();
  });

  it('when a brochure lead is accepted, then one email reaches the inbox with the lead, links and both parts', async () => {
    inbox = await startSmtpInbox();
    const t = await openApp(inbox.url);

    const response = await request(t.url).post('/send-email').type('form').send({
      name: 'Ravi Kumar',
      mobile: '+91 98765 43210',
      plotRange: '200 - 300 Sq. Yds',
      source: 'brochure-modal',
      page: '/gallery',
      utm_source: 'google',
      utm_campaign: 'villa-plots',
      gclid: 'Cj0KCQ',
    });
    const [mail] = await inbox.waitFor(1);
    await t.delivery.drain();

    expect(response.text).toBe('success');
    const stored = t.store.listLeads()[0];
    expect(stored?.status).toBe('sent');
    const parsed = mail!.parsed;
    expect(parsed.subject).toBe('New brochure request from Ravi Kumar');
    expect(parsed.from?.value).toEqual([
      { name: 'Elegant Iconia website', address: 'leads@iconia.test' },
    ]);
    expect(headerText(parsed.to)).toBe('sales@iconia.test, manager@iconia.test');
    expect(mail!.envelopeTo).toEqual(['sales@iconia.test', 'manager@iconia.test']);
    expect(parsed.messageId).toBe(stored?.messageId);
    expect(parsed.messageId).toMatch(/^<lead-[\w-]+@iconia\.test>$/);
    expect(parsed.date?.toISOString()).toBe(new Date(t.clock.now()).toISOString());
    expect(parsed.text).toContain('Mobile: +91 98765 43210');
    expect(parsed.text).toContain('tel:+919876543210');
    expect(parsed.text).toContain('https://wa.me/919876543210');
    expect(parsed.text).toContain('Plot range: 200 - 300 Sq. Yds');
    expect(parsed.text).toContain('Form: Download Brochure pop-up');
    expect(parsed.text).toContain('Page: /gallery');
    expect(parsed.text).toContain('utm_source: google');
    expect(parsed.text).toContain('utm_campaign: villa-plots');
    expect(parsed.text).toContain('gclid: Cj0KCQ');
    expect(parsed.text).toContain('Received: 21 Nov 2026, 3:45 pm IST');
    const html = parsed.html || '';
    expect(html).toContain('href="tel:+919876543210"');
    expect(html).toContain('href="https://wa.me/919876543210"');
    expect(html).toContain('200 - 300 Sq. Yds');
    // Name and tap-to-call come before the details a rep reads second.
    expect(html.indexOf('Ravi Kumar')).toBeLessThan(html.indexOf('Plot range'));
    expect(html.indexOf('tel:+919876543210')).toBeLessThan(html.indexOf('Plot range'));
  });

  it('when a contact enquiry is accepted, then the email says enquiry and gives the location', async () => {
    inbox = await startSmtpInbox();
    const t = await openApp(inbox.url);

    await request(t.url)
      .post('/contact-form')
      .field('name', 'Asha')
      .field('mobile', '9123456780')
      .field('location', 'Kukatpally');
    const [mail] = await inbox.waitFor(1);

    expect(mail!.parsed.subject).toBe('New enquiry from Asha');
    expect(mail!.parsed.text).toContain('Location: Kukatpally');
    expect(mail!.parsed.html).toContain('Kukatpally');
  });

  it('when the name holds HTML, then the email shows it as text and never as markup', async () => {
    inbox = await startSmtpInbox();
    const t = await openApp(inbox.url);

    await request(t.url)
      .post('/send-email')
      .send({ name: '<script>alert("x")</script> & Co', mobile: '9876543210' });
    const [mail] = await inbox.waitFor(1);

    const html = mail!.parsed.html || '';
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(mail!.parsed.subject).toBe('New brochure request from <script>alert("x")</script> & Co');
  });

  it('when a stored name carries CR/LF, then the subject stays one line and no header is injected', async () => {
    inbox = await startSmtpInbox();
    const t = await openApp(inbox.url);
    // The endpoints refuse such names; a row written by an older release still must not break out.
    const publicId = randomUUID();
    t.store.insertLead(
      {
        publicId,
        messageId: `<lead-${publicId}@iconia.test>`,
        kind: 'brochure',
        name: 'Ravi\r\nBcc: attacker@evil.example\r\nX-Injected: yes',
        mobile: '9876543210',
        attribution: {},
        receivedAt: t.clock.now(),
        spam: false,
      },
      0,
    );

    await t.delivery.drain();
    const [mail] = await inbox.waitFor(1);

    expect(mail!.parsed.subject).toBe(
      'New brochure request from Ravi Bcc: attacker@evil.example X-Injected: yes',
    );
    expect(mail!.parsed.headers.has('bcc')).toBe(false);
    expect(mail!.parsed.headers.has('x-injected')).toBe(false);
    expect(mail!.envelopeTo).toEqual(['sales@iconia.test', 'manager@iconia.test']);
    expect(mail!.parsed.text).toContain('Name: Ravi Bcc: attacker@evil.example X-Injected: yes');
  });

  it('when the SMTP server is down, then the visitor still gets success and the lead is emailed once it is back', async () => {
    const port = await freePort();
    const t = await openApp(`smtp://127.0.0.1:${port}`);

    const response = await request(t.url)
      .post('/send-email')
      .type('form')
      .send({ name: 'Ravi', mobile: '9876543210' });
    await t.delivery.drain();

    expect(response.text).toBe('success');
    const waiting = t.store.listLeads()[0];
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting?.lastError).toBeTruthy();
    expect(t.logLines.some((line) => line.includes('lead email failed; will retry'))).toBe(true);

    inbox = await startSmtpInbox({ port });
    // Before the backoff has passed nothing is retried.
    expect(await t.delivery.drain()).toBe(0);
    t.clock.advance(10_000);
    expect(await t.delivery.drain()).toBe(1);

    const [mail] = await inbox.waitFor(1);
    expect(mail!.parsed.messageId).toBe(waiting?.messageId);
    expect(t.store.listLeads()[0]?.status).toBe('sent');
    expect(await t.delivery.drain()).toBe(0);
    expect(inbox.messages).toHaveLength(1);
  });

  it('when a second instance opens the same database, then it delivers the leads the first left pending', async () => {
    const downPort = await freePort();
    const first = await openApp(`smtp://127.0.0.1:${downPort}`);
    for (const mobile of ['9876543210', '9123456780', '9988776655']) {
      await request(first.url).post('/send-email').type('form').send({ name: 'Ravi', mobile });
    }
    await first.delivery.drain();
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    inbox = await startSmtpInbox();
    const second = await openApp(inbox.url);
    second.clock.advance(60_000);
    const sent = await second.delivery.drain();

    expect(sent).toBe(3);
    await inbox.waitFor(3);
    expect(second.store.listLeads().map((lead) => lead.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('when two instances deliver from the same database at once, then every lead is emailed exactly once', async () => {
    inbox = await startSmtpInbox({ delayMs: 5 });
    const a = await openApp(inbox.url);
    const b = await openApp(inbox.url);
    for (let index = 0; index < 12; index += 1) {
      const publicId = randomUUID();
      a.store.insertLead(
        {
          publicId,
          messageId: `<lead-${publicId}@iconia.test>`,
          kind: 'contact',
          name: `Visitor ${index}`,
          mobile: `90000000${String(index).padStart(2, '0')}`,
          attribution: {},
          receivedAt: a.clock.now(),
          spam: false,
        },
        0,
      );
    }

    const [sentByA, sentByB] = await Promise.all([a.delivery.drain(), b.delivery.drain()]);

    expect(sentByA + sentByB).toBe(12);
    await inbox.waitFor(12);
    const ids = inbox.messages.map((mail) => mail.parsed.messageId);
    expect(new Set(ids).size).toBe(12);
  });

  it('when a lead is sent again after a crash, then it carries the same Message-ID', async () => {
    inbox = await startSmtpInbox();
    const t = await openApp(inbox.url);
    await t.delivery.stop();
    await request(t.url).post('/contact-form').send({ name: 'Asha', mobile: '9123456780' });
    // A crash between the SMTP hand-off and marking the lead sent: the mail left, the row did not change.
    const claimed = t.store.claimNextDue('email', 'crashed-instance', t.clock.now(), 60_000)!;
    const mailer = createSmtpMailer(inbox.url, 2_000);
    await mailer.send(
      renderLeadEmail(claimed.lead!, {
        from: t.config.mailFrom,
        to: t.config.mailTo,
        siteUrl: t.config.siteUrl,
      }),
    );
    mailer.close();

    const restarted = await openApp(inbox.url);
    restarted.clock.advance(60_001);
    await restarted.delivery.drain();

    const [before, after] = await inbox.waitFor(2);
    expect(after!.parsed.messageId).toBe(before!.parsed.messageId);
    expect(restarted.store.listLeads()[0]?.status).toBe('sent');
  });

  it('when the worker is stopped mid-send, then it finishes that message and records it sent', async () => {
    inbox = await startSmtpInbox({ delayMs: 300 });
    const t = await openApp(inbox.url);
    await request(t.url).post('/send-email').send({ name: 'Ravi', mobile: '9876543210' });
    // The woken worker has claimed the lead: its send to the slow server is under way (or, on a
    // busy machine, already done).
    await expect
      .poll(
        () =>
          t.store.db
            .prepare(
              `SELECT count(*) FROM deliveries
               WHERE channel = 'email' AND (lease_owner IS NOT NULL OR status = 'sent')`,
            )
            .pluck()
            .get(),
        { timeout: 10_000 },
      )
      .toBe(1);

    await t.delivery.stop();

    expect(inbox.messages).toHaveLength(1);
    expect(t.store.listLeads()[0]?.status).toBe('sent');
  });

  it('when leads wait longer than PENDING_ALERT_MS, then the worker logs an error', async () => {
    const port = await freePort();
    const t = await startTestServer({
      dataDir: temp.dir,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, PENDING_ALERT_MS: '60000' },
    });
    apps.push(t);
    await request(t.url).post('/send-email').send({ name: 'Ravi', mobile: '9876543210' });
    await t.delivery.drain();

    await t.close();
    t.clock.advance(61_000);
    // The backlog is checked when delivery starts and at every poll.
    const restarted = await startTestServer({
      dataDir: temp.dir,
      clock: t.clock,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, PENDING_ALERT_MS: '60000' },
    });
    apps.push(restarted);
    await restarted.delivery.stop();

    const alert = restarted.logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry.level === 50 && entry.pending === 1);
    expect(alert?.oldestPendingAgeSeconds).toBe(61);
  });
});

describe('the dev inbox (no SMTP_URL)', () => {
  it('when a lead is accepted, then its email is written as an .eml file under DATA_DIR/mail', async () => {
    const temp = createTempDir();
    const t = await startTestServer({ dataDir: temp.dir });
    try {
      await request(t.url).post('/send-email').send({ name: 'Ravi', mobile: '9876543210' });
      await t.delivery.drain();

      const files = readdirSync(t.config.devInboxDir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[\w-]+\.eml$/);
      const parsed = await simpleParser(readFileSync(`${t.config.devInboxDir}/${files[0]}`));
      expect(parsed.subject).toBe('New brochure request from Ravi');
      expect(headerText(parsed.headers.get('x-lead-id'))).toBe(t.store.listLeads()[0]?.publicId);
      expect(t.logLines.some((line) => line.includes('"savedTo"'))).toBe(true);
    } finally {
      await t.close();
      temp.remove();
    }
  });
});
