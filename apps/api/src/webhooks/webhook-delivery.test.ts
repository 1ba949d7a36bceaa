import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  answer,
  createTempDir,
  createTestClock,
  freePort,
  type SmtpInbox,
  startSmtpInbox,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import { runLeadsCli } from '../cli/run-leads-cli.ts';
import { loadConfig } from '../config.ts';

const HOUR = 3_600_000;
const SIGNING_KEY = `whsec_${randomBytes(32).toString('base64')}`;
const LEAD = {
  name: 'Ravi Kumar',
  mobile: '98765 43210',
  plotRange: '200 - 300 Sq. Yds',
  source: 'brochure-modal',
  page: '/gallery',
  utm_source: 'google',
  fbclid: 'IwAR0abc',
  landingPage: '/location',
  referrer: 'https://l.facebook.com/',
};

describe('webhook delivery through the outbox', () => {
  let temp: ReturnType<typeof createTempDir>;
  let inbox: SmtpInbox;
  let receiver: WebhookReceiver;
  let server: TestServer | undefined;

  const start = async (env: Record<string, string> = {}): Promise<TestServer> => {
    server = await startTestServer({
      dataDir: temp.dir,
      // Real time, so the signature's timestamp is one the receiver's library accepts.
      clock: createTestClock(Date.now()),
      env: { SMTP_URL: inbox.url, WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: SIGNING_KEY, ...env },
    });
    return server;
  };
  const sendLead = async (t: TestServer, fields: Record<string, string> = LEAD) => {
    const response = await request(t.url).post('/send-email').type('form').send(fields);
    expect(response.text).toBe('success');
  };
  /** Moves the server's clock on and lets every webhook worker send what is due by then. */
  const after = async (t: TestServer, ms: number) => {
    t.clock.advance(ms);
    await Promise.all(t.webhooks.map((worker) => worker.drain()));
  };
  /** `pnpm leads …` on the server's database, with the server's webhook settings. */
  const cli = async (t: TestServer, args: string[]) => {
    let out = '';
    const code = await runLeadsCli(args, {
      out: (text) => {
        out += text;
      },
      err: (text) => {
        out += text;
      },
      clock: t.clock,
      cwd: temp.dir,
      config: () =>
        loadConfig({ DATA_DIR: temp.dir, WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: SIGNING_KEY }),
    });
    return { code, out };
  };
  const logged = (t: TestServer, message: string) =>
    t.logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === message);

  beforeEach(async () => {
    temp = createTempDir();
    inbox = await startSmtpInbox();
    receiver = await startWebhookReceiver();
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    await receiver.close();
    await inbox.close();
    temp.remove();
  });

  it('when a lead is accepted, then the endpoint gets it signed, with every stored field and the project, and the email goes too', async () => {
    const t = await start();

    await sendLead(t);
    const [post] = await receiver.waitFor(1);
    await inbox.waitFor(1);

    const event = new Webhook(SIGNING_KEY).verify(
      post?.body ?? '',
      post?.headers as Record<string, string>,
    );
    const [stored] = t.store.listLeads();
    expect(event).toEqual({
      type: 'lead.created',
      timestamp: new Date(stored?.receivedAt ?? 0).toISOString(),
      data: expect.objectContaining({
        id: stored?.publicId,
        kind: 'brochure',
        name: 'Ravi Kumar',
        mobile: '9876543210',
        mobileE164: '+919876543210',
        plotRange: '200 - 300 Sq. Yds',
        form: 'brochure-modal',
        page: '/gallery',
        fbclid: 'IwAR0abc',
        landingPage: '/location',
        referrer: 'https://l.facebook.com/',
        project: 'Elegant Iconia',
        consent: expect.objectContaining({ notice: 'brochure-consent-v1' }) as unknown,
      }) as unknown,
    });
    await t.webhooks[0]?.drain();
    expect(t.store.queryLeads({ webhook: 'delivered' })).toHaveLength(1);
  });

  it('when the receiver fails twice and then answers 200, then it gets the lead three times with one webhook-id', async () => {
    let calls = 0;
    receiver.reply((_post, response) => {
      calls += 1;
      response.writeHead(calls <= 2 ? 503 : 200).end();
    });
    const t = await start();

    await sendLead(t);
    await receiver.waitFor(1);
    await t.webhooks[0]?.drain();
    await after(t, 30_000);
    await after(t, 60_000);

    expect(receiver.posts).toHaveLength(3);
    expect(new Set(receiver.posts.map((post) => post.headers['webhook-id'])).size).toBe(1);
    expect(new Set(receiver.posts.map((post) => post.body)).size).toBe(1);
    expect(logged(t, 'webhook failed; will retry')).toHaveLength(2);
    expect(logged(t, 'webhook delivered')).toHaveLength(1);
    await after(t, 4 * HOUR);
    expect(receiver.posts).toHaveLength(3);
  });

  it('when the receiver answers 410 Gone, then that lead is not posted there again', async () => {
    receiver.reply(answer(410));
    const t = await start();

    await sendLead(t);
    await receiver.waitFor(1);
    await t.webhooks[0]?.drain();
    await after(t, 4 * HOUR);
    await after(t, 24 * HOUR);

    expect(receiver.posts).toHaveLength(1);
    expect(t.store.queryLeads({ webhook: 'dead' })).toHaveLength(1);
    expect(logged(t, 'webhook refused with 410 Gone; this lead is not posted there again')).toEqual(
      [expect.objectContaining({ level: 40 })],
    );
  });

  it('when the receiver answers 429 with Retry-After, then the next post waits at least that long', async () => {
    let calls = 0;
    receiver.reply((_post, response) => {
      calls += 1;
      if (calls === 1) response.writeHead(429, { 'retry-after': '600' }).end();
      else response.writeHead(204).end();
    });
    const t = await start();

    await sendLead(t);
    await receiver.waitFor(1);
    await t.webhooks[0]?.drain();
    await after(t, 599_000);
    expect(receiver.posts).toHaveLength(1);
    await after(t, 1_000);

    expect(receiver.posts).toHaveLength(2);
    expect(t.store.queryLeads({ webhook: 'delivered' })).toHaveLength(1);
  });

  it('when the webhook endpoint does not answer, then the email is delivered all the same, and the reverse', async () => {
    const hanging: ServerResponse[] = [];
    let webhookEnded = false;
    receiver.reply((_post, response) => {
      hanging.push(response);
      response.on('close', () => (webhookEnded = true));
    });
    const t = await start();

    await sendLead(t);
    await receiver.waitFor(1);
    const [mail] = await inbox.waitFor(1);

    // The email went while the webhook post was still waiting for its answer (10 s at most).
    expect(webhookEnded).toBe(false);
    expect(mail?.parsed.subject).toBe('New brochure request from Ravi Kumar');
    expect(t.store.queryLeads({ webhook: 'delivered' })).toHaveLength(0);

    for (const response of hanging) response.destroy();
    await t.close();
    server = undefined;
    await inbox.close();
    receiver.reply(answer(200));
    const mailDown = `smtp://127.0.0.1:${await freePort()}`;
    const t2 = await start({ SMTP_URL: mailDown });
    await sendLead(t2, { ...LEAD, name: 'Asha Rao', mobile: '9123456780' });
    await t2.webhooks[0]?.drain();
    inbox = await startSmtpInbox();

    const posted = receiver.posts.map(
      (post) => JSON.parse(post.body) as { data: { name: string } },
    );
    expect(posted.map((event) => event.data.name)).toContain('Asha Rao');
    expect(t2.store.queryLeads({ status: 'pending' }).map((lead) => lead.name)).toContain(
      'Asha Rao',
    );
  });

  it('when the receiver fails for a day, then the post is dead, logged as an error, listed, and resent by hand', async () => {
    receiver.reply(answer(500, {}, 'database down'));
    const t = await start();

    await sendLead(t);
    await receiver.waitFor(1);
    await t.webhooks[0]?.drain();
    await after(t, 24 * HOUR);
    const before = receiver.posts.length;
    await after(t, 24 * HOUR);

    expect(receiver.posts).toHaveLength(before);
    const [dead] = logged(
      t,
      'webhook given up after a day of failures; pnpm leads resend <id> --channel webhook posts it again',
    );
    expect(dead).toMatchObject({ level: 50, reason: 'HTTP 500: database down' });
    const readiness = await request(t.url).get('/readyz');
    expect(readiness.body).toMatchObject({ webhooks: { pending: 0, dead: 1 } });

    const listed = await cli(t, ['list', '--webhook', 'dead']);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain('Ravi Kumar');
    expect(listed.out).toContain('1 lead.');

    receiver.reply(answer(200));
    const resent = await cli(t, [
      'resend',
      t.store.listLeads()[0]?.publicId ?? '',
      '--channel',
      'webhook',
    ]);
    await t.webhooks[0]?.drain();

    expect(resent.code).toBe(0);
    expect(resent.out).toContain(`is queued for posting to ${new URL(receiver.url).origin}.`);
    expect(receiver.posts).toHaveLength(before + 1);
    expect(receiver.posts.at(-1)?.headers['webhook-id']).toBe(
      receiver.posts[0]?.headers['webhook-id'],
    );
    expect(t.store.queryLeads({ webhook: 'delivered' })).toHaveLength(1);
  });

  it('when the endpoint is down, then /readyz reports the webhook backlog and stays ready', async () => {
    receiver.reply(answer(502));
    const t = await start();

    await sendLead(t);
    await inbox.waitFor(1);
    await receiver.waitFor(1);
    await t.webhooks[0]?.drain();
    t.clock.advance(60_000);
    const readiness = await request(t.url).get('/readyz');

    expect(readiness.status).toBe(200);
    expect(readiness.body).toMatchObject({
      status: 'ready',
      webhooks: { pending: 1, oldestPendingAgeSeconds: 60, dead: 0 },
    });
    expect(t.store.queryLeads({ webhook: 'failed' })).toHaveLength(1);
  });

  it('when a lead is spam or a repeat within ten minutes, then it is not posted, as it is not emailed', async () => {
    const t = await start();

    await sendLead(t);
    await sendLead(t);
    await sendLead(t, { ...LEAD, mobile: '9000000001', website: 'http://spam.example' });
    await receiver.waitFor(1);
    await Promise.all([t.delivery.drain(), t.webhooks[0]?.drain()]);

    expect(receiver.posts).toHaveLength(1);
    expect(inbox.messages).toHaveLength(1);
  });

  it('when a lead held over the rate limit is released, then it is posted as well as emailed', async () => {
    const t = await start({ RATE_LIMIT_MAX: '1' });
    await sendLead(t);
    await sendLead(t, { ...LEAD, name: 'Asha Rao', mobile: '9123456780' });
    await receiver.waitFor(1);
    await Promise.all([t.delivery.drain(), t.webhooks[0]?.drain()]);
    const held = t.store.queryLeads({ status: 'held' })[0];
    expect(receiver.posts).toHaveLength(1);

    const released = await cli(t, ['release', held?.publicId ?? '']);
    await Promise.all([t.delivery.drain(), t.webhooks[0]?.drain()]);

    expect(released.code).toBe(0);
    const names = receiver.posts.map(
      (post) => (JSON.parse(post.body) as { data: { name: string } }).data.name,
    );
    expect(names).toEqual(['Ravi Kumar', 'Asha Rao']);
    // Both leads are emailed to sales; the managers were also told a lead was held.
    const leadMails = inbox.messages.filter(
      (mail) => !mail.parsed.subject?.startsWith('Waiting for a manager'),
    );
    expect(leadMails).toHaveLength(2);
  });

  it('when the operator asks for an unknown webhook state or channel, then the command says what it takes', async () => {
    const t = await start();

    const list = await cli(t, ['list', '--webhook', 'lost']);
    const resend = await cli(t, ['resend', 'abcdef12', '--channel', 'crm']);

    expect(list.code).toBe(2);
    expect(list.out).toContain(
      '--webhook must be one of pending, failed, delivered, dead (got "lost").',
    );
    expect(resend.code).toBe(2);
    expect(resend.out).toContain('--channel must be email or webhook (got "crm").');
  });
});
