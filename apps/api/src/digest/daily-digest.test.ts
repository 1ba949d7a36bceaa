import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTempDir,
  createTestClock,
  freePort,
  type SmtpInbox,
  startSmtpInbox,
  type TestClock,
} from '@iconia/testkit';
import { createCapturingLogger, startTestServer, type TestServer } from '@iconia/api/test-server';
import { ConfigError, loadConfig } from '../config.ts';
import { createSmtpMailer, type Mailer } from '../mail/transport.ts';
import { openLeadStore, type LeadStore } from '../store/lead-store.ts';
import { createDailyDigest, type DailyDigest } from './daily-digest.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** India time of day on a date, as an instant. */
const india = (date: string, time: string) => Date.parse(`${date}T${time}:00+05:30`);

describe('the daily digest', () => {
  let temp: ReturnType<typeof createTempDir>;
  let inbox: SmtpInbox | undefined;
  let site: TestServer;
  let clock: TestClock;
  const closers: Array<() => unknown> = [];

  /** A digest instance as the server builds it, on its own connection to the same database. */
  const openDigest = (
    smtpUrl: string,
    instanceId: string,
  ): { digest: DailyDigest; store: LeadStore; mailer: Mailer; logLines: string[] } => {
    const store = openLeadStore(site.config.databaseFile);
    const mailer = createSmtpMailer(smtpUrl, 2_000);
    const { logger, lines } = createCapturingLogger();
    const digest = createDailyDigest({
      store,
      mailer,
      clock,
      logger,
      addresses: { from: site.config.mailFrom, to: site.config.mailTo },
      hour: 8,
      messageIdDomain: 'iconia.test',
      instanceId,
      retryAfterMs: 15 * MINUTE,
    });
    closers.push(async () => {
      await digest.stop();
      mailer.close();
      store.close();
    });
    return { digest, store, mailer, logLines: lines };
  };

  const storePending = (name: string, mobile: string, receivedAt: number) => {
    const publicId = randomUUID();
    site.store.insertLead(
      {
        publicId,
        messageId: `<lead-${publicId}@iconia.test>`,
        kind: 'contact',
        name,
        mobile,
        location: 'Kompally',
        attribution: { source: 'contact-form' },
        receivedAt,
        spam: false,
      },
      0,
    );
  };

  beforeEach(async () => {
    temp = createTempDir('iconia-digest-');
    inbox = await startSmtpInbox();
    clock = createTestClock(india('2026-11-20', '10:00'));
    site = await startTestServer({ dataDir: temp.dir, clock, env: { SMTP_URL: inbox.url } });

    // 20 Nov: three leads from the forms, emailed as they come, and a bot.
    await request(site.url).post('/send-email').type('form').send({
      name: 'Ravi Kumar',
      mobile: '9876543210',
      plotRange: '200 - 300 Sq. Yds',
      source: 'brochure-modal',
    });
    clock.advance(2 * HOUR);
    await request(site.url)
      .post('/send-email')
      .field('name', 'Sunita')
      .field('mobile', '9123456781')
      .field('source', 'inline-brochure');
    clock.advance(3 * HOUR);
    await request(site.url)
      .post('/contact-form')
      .field('name', 'Asha')
      .field('mobile', '9123456780')
      .field('location', 'Kukatpally')
      .field('source', 'contact-form');
    await request(site.url)
      .post('/send-email')
      .send({ name: 'Bot', mobile: '9000000001', website: 'x', source: 'brochure-modal' });
    await site.delivery.drain();
    await inbox.waitFor(3);
    // Late on 20 Nov and early on 21 Nov: leads whose emails have not gone out yet.
    storePending('Kiran', '+919555512345', india('2026-11-20', '23:30'));
    storePending('Meena', '+919988776655', india('2026-11-21', '06:15'));
  });
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    await site.close();
    await inbox?.close();
    temp.remove();
  });

  it("when the hour comes, then yesterday's leads by form and every lead not yet emailed reach MAIL_TO in one email", async () => {
    const { digest } = openDigest(inbox!.url, 'server');
    clock.advance(india('2026-11-21', '07:59') - clock.now());

    expect(await digest.runDue()).toEqual({ status: 'not-due' });
    expect(inbox!.messages).toHaveLength(3);

    clock.advance(MINUTE);
    expect(await digest.runDue()).toEqual({
      status: 'sent',
      day: '2026-11-20',
      leads: 5,
      waiting: 2,
    });
    const [mail] = (await inbox!.waitFor(4)).slice(3);
    const text = mail!.parsed.text ?? '';

    expect(mail!.envelopeTo).toEqual(['sales@iconia.test', 'manager@iconia.test']);
    expect(mail!.parsed.subject).toBe('Leads for Fri 20 Nov 2026: 4 new, 2 not yet emailed');
    expect(mail!.parsed.messageId).toBe('<digest-2026-11-20@iconia.test>');
    expect(text).toContain('4 new leads: 2 brochure requests, 2 enquiries.');
    expect(text).toContain('Also received 1 spam, kept but not emailed.');
    expect(text).toContain(
      [
        'By form',
        '  Brochure form on the home page: 1',
        '  Download Brochure pop-up: 1',
        '  Contact form: 2',
      ].join('\n'),
    );
    expect(text).toContain(
      [
        'Download Brochure pop-up',
        '  10:00 am  Ravi Kumar  +91 98765 43210  200 - 300 Sq. Yds',
      ].join('\n'),
    );
    expect(text).toContain('  12:00 pm  Sunita  +91 91234 56781');
    expect(text).toContain(
      [
        'Contact form',
        '  3:00 pm  Asha  +91 91234 56780  Kukatpally',
        '  11:30 pm  Kiran  +91 95555 12345  Kompally  (not yet emailed)',
      ].join('\n'),
    );
    expect(text).not.toContain('Bot');
    expect(text).toContain('Not yet emailed (2)');
    expect(text).toContain(
      '20 Nov 2026, 11:30 pm IST  Kiran  +91 95555 12345  enquiry, Kompally  (not tried yet)',
    );
    expect(text).toContain('21 Nov 2026, 6:15 am IST  Meena  +91 99887 76655');
    const html = mail!.parsed.html || '';
    expect(html).toContain('href="tel:+919555512345"');
    expect(html).toContain('Not yet emailed (2)');
  });

  it('when the digest went out and the server restarts, then it is not sent again that day, and the next day brings the next one', async () => {
    const first = openDigest(inbox!.url, 'before-restart');
    clock.advance(india('2026-11-21', '08:00') - clock.now());
    expect((await first.digest.runDue()).status).toBe('sent');
    await first.digest.stop();

    const restarted = openDigest(inbox!.url, 'after-restart');
    clock.advance(HOUR);
    expect(await restarted.digest.runDue()).toEqual({ status: 'skipped', day: '2026-11-20' });
    expect(restarted.store.lastDigestDay()).toBe('2026-11-20');
    expect(inbox!.messages).toHaveLength(4);

    clock.advance(india('2026-11-22', '08:00') - clock.now());
    expect(await restarted.digest.runDue()).toMatchObject({ status: 'sent', day: '2026-11-21' });
    const [next] = (await inbox!.waitFor(5)).slice(4);
    expect(next!.parsed.subject).toBe('Leads for Sat 21 Nov 2026: 1 new, 2 not yet emailed');
  });

  it('when two instances share the database at the hour, then the sales inbox gets one digest', async () => {
    const one = openDigest(inbox!.url, 'one');
    const two = openDigest(inbox!.url, 'two');
    clock.advance(india('2026-11-21', '08:00') - clock.now());

    const outcomes = await Promise.all([one.digest.runDue(), two.digest.runDue()]);

    // A digest counts as sent once the mail server has taken it, and the one skipped sent none.
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['sent', 'skipped']);
    expect(
      inbox!.messages.filter((mail) => mail.parsed.subject?.startsWith('Leads for')),
    ).toHaveLength(1);
  });

  it('when the mail server is down at the hour, then the digest is tried again later and sent once', async () => {
    const port = await freePort();
    const { digest, logLines } = openDigest(`smtp://127.0.0.1:${port}`, 'server');
    clock.advance(india('2026-11-21', '08:00') - clock.now());

    expect(await digest.runDue()).toEqual({ status: 'failed', day: '2026-11-20' });
    expect(logLines.some((line) => line.includes('daily digest failed; will retry'))).toBe(true);

    const late = await startSmtpInbox({ port });
    closers.push(() => late.close());
    clock.advance(10 * MINUTE);
    expect(await digest.runDue()).toEqual({ status: 'skipped', day: '2026-11-20' });
    clock.advance(5 * MINUTE);
    expect((await digest.runDue()).status).toBe('sent');
    expect((await digest.runDue()).status).toBe('skipped');

    const [mail] = await late.waitFor(1);
    expect(mail!.parsed.subject).toBe('Leads for Fri 20 Nov 2026: 4 new, 2 not yet emailed');
    expect(late.messages).toHaveLength(1);
  });

  it('when the server was down at the hour, then the digest goes out once it is back the same day', async () => {
    const { digest } = openDigest(inbox!.url, 'server');
    clock.advance(india('2026-11-21', '19:45') - clock.now());

    expect(await digest.runDue()).toMatchObject({ status: 'sent', day: '2026-11-20' });
  });
});

describe('DIGEST_HOUR', () => {
  const problems = (value: string): string[] => {
    try {
      loadConfig({ DIGEST_HOUR: value });
      return [];
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
  };

  it('when it is unset or empty, then there is no digest', () => {
    expect(loadConfig({}).digestHour).toBeUndefined();
    expect(loadConfig({ DIGEST_HOUR: ' ' }).digestHour).toBeUndefined();
  });

  it('when it is an hour from 0 to 23, then the digest goes out at that hour', () => {
    expect(loadConfig({ DIGEST_HOUR: '0' }).digestHour).toBe(0);
    expect(loadConfig({ DIGEST_HOUR: '08' }).digestHour).toBe(8);
    expect(loadConfig({ DIGEST_HOUR: '23' }).digestHour).toBe(23);
  });

  it.each(['24', '-1', '8am', '7.5'])(
    'when it is "%s", then the configuration is refused',
    (value) => {
      expect(problems(value)).toEqual([
        `DIGEST_HOUR must be an hour from 0 to 23 (India time), or unset for no digest (got "${value}").`,
      ]);
    },
  );
});
