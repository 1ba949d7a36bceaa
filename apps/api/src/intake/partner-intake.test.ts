import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTempDir,
  createTestClock,
  startSmtpInbox,
  startWebhookReceiver,
  type SmtpInbox,
  type WebhookReceiver,
} from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import { runLeadsCli } from '../cli/run-leads-cli.ts';
import { loadConfig } from '../config.ts';
import { newWebhookSecret } from '../standard-webhooks.ts';

const HOUR = 3_600_000;
const CRM_SECRET = newWebhookSecret();
const LEAD = {
  name: 'Ravi Kumar',
  mobile: '+91 98765 43210',
  email: 'ravi@example.com',
  plotRange: '300 Sq. Yds',
  message: 'Please call after 6 pm',
  campaign: { utm_source: 'acme', utm_campaign: 'diwali' },
  externalId: 'ACME-1042',
};

describe('POST /intake/partners/<name>', () => {
  let temp: ReturnType<typeof createTempDir>;
  let inbox: SmtpInbox;
  let crm: WebhookReceiver;
  let t: TestServer;
  let messageCount = 0;

  /** `pnpm leads sources …` on the running server's database, as an operator would run it. */
  async function sources(...args: string[]) {
    let out = '';
    const code = await runLeadsCli(['sources', ...args], {
      out: (text) => {
        out += text;
      },
      err: (text) => {
        out += text;
      },
      clock: t.clock,
      cwd: temp.dir,
      config: () => loadConfig({ DATA_DIR: temp.dir }, temp.dir),
    });
    expect(code, out).toBe(0);
    return out.trimEnd().split('\n').at(-1) ?? '';
  }

  /** A push signed by the independent standardwebhooks package, at the server's time. */
  function push(
    name: string,
    secret: string,
    body: unknown = LEAD,
    options: { id?: string; at?: number; contentType?: string } = {},
  ) {
    messageCount += 1;
    const id = options.id ?? `msg_${messageCount}`;
    const payload = typeof body === 'string' ? body : JSON.stringify(body);
    const at = options.at ?? t.clock.now();
    const signature = new Webhook(secret).sign(id, new Date(at), payload);
    return request(t.url)
      .post(`/intake/partners/${name}`)
      .set('content-type', options.contentType ?? 'application/json')
      .set('webhook-id', id)
      .set('webhook-timestamp', String(Math.floor(at / 1000)))
      .set('webhook-signature', signature)
      .send(payload);
  }

  const partnerLeads = () => t.store.listLeads().filter((lead) => lead.name === LEAD.name);
  const drain = async () => {
    await t.delivery.drain();
    await Promise.all(t.webhooks.map((worker) => worker.drain()));
  };

  beforeEach(async () => {
    temp = createTempDir('iconia-partner-intake-');
    inbox = await startSmtpInbox();
    crm = await startWebhookReceiver();
    t = await startTestServer({
      dataDir: temp.dir,
      clock: createTestClock(Date.now()),
      env: { SMTP_URL: inbox.url, WEBHOOK_URL: crm.url, WEBHOOK_SECRET: CRM_SECRET },
    });
  });
  afterEach(async () => {
    await t.close();
    await inbox.close();
    await crm.close();
    temp.remove();
  });

  it('when a partner pushes a signed lead three times, then it is stored once and reaches the sales inbox and the CRM exactly once', async () => {
    const secret = await sources('add', 'acme-realty');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const res = await push('acme-realty', secret, LEAD, { id: 'msg_acme_1042' });
      expect(res.status).toBe(200);
      expect(res.text).toBe('success');
    }
    await drain();

    expect(partnerLeads()).toHaveLength(1);
    const mails = await inbox.waitFor(1);
    expect(mails[0]?.parsed.text).toContain('Ravi Kumar');
    const posts = await crm.waitFor(1);
    const event = JSON.parse(posts[0]?.body ?? '{}') as { data: Record<string, unknown> };
    expect(event.data).toMatchObject({ name: 'Ravi Kumar' });
    await drain();
    expect(inbox.messages).toHaveLength(1);
    expect(crm.posts).toHaveLength(1);
  });

  it('when the signature is missing, wrong, stale or replayed late, then it answers 401 and nothing is stored or sent', async () => {
    const secret = await sources('add', 'acme-realty');
    const other = newWebhookSecret();
    const unsigned = await request(t.url)
      .post('/intake/partners/acme-realty')
      .set('content-type', 'application/json')
      .send(JSON.stringify(LEAD));
    expect([unsigned.status, unsigned.text]).toEqual([
      401,
      'The request must be signed: webhook-id, webhook-timestamp and webhook-signature.',
    ]);
    const wrongKey = await push('acme-realty', other);
    expect([wrongKey.status, wrongKey.text]).toEqual([
      401,
      'The webhook-signature does not match.',
    ]);
    const stale = await push('acme-realty', secret, LEAD, {
      at: t.clock.now() - 5 * 60_000 - 1_000,
    });
    expect([stale.status, stale.text]).toEqual([
      401,
      'The webhook-timestamp is more than 5 minutes from now.',
    ]);
    const future = await push('acme-realty', secret, LEAD, { at: t.clock.now() + 6 * 60_000 });
    expect(future.status).toBe(401);

    // A request captured on the way and sent again: with a changed body, or after 5 minutes.
    const id = 'msg_captured';
    const at = t.clock.now();
    const signature = new Webhook(secret).sign(id, new Date(at), JSON.stringify(LEAD));
    const replay = (body: unknown) =>
      request(t.url)
        .post('/intake/partners/acme-realty')
        .set('content-type', 'application/json')
        .set('webhook-id', id)
        .set('webhook-timestamp', String(Math.floor(at / 1000)))
        .set('webhook-signature', signature)
        .send(JSON.stringify(body));
    expect((await replay({ ...LEAD, mobile: '9123456780' })).status).toBe(401);
    t.clock.advance(5 * 60_000 + 1_000);
    expect((await replay(LEAD)).status).toBe(401);

    await drain();
    expect(t.store.listLeads()).toEqual([]);
    expect(inbox.messages).toEqual([]);
    expect(crm.posts).toEqual([]);
  });

  it('when the source is unknown or disabled, then it answers 404 or 403 at once, and a source enabled again is taken without a restart', async () => {
    const unknown = await push('nobody', newWebhookSecret());
    expect([unknown.status, unknown.text]).toEqual([
      404,
      'There is no partner source of this name.',
    ]);

    const secret = await sources('add', 'acme-realty');
    await sources('disable', 'acme-realty');
    const disabled = await push('acme-realty', secret);
    expect([disabled.status, disabled.text]).toEqual([403, 'This partner source is disabled.']);
    expect(t.store.listLeads()).toEqual([]);

    await sources('enable', 'acme-realty');
    expect((await push('acme-realty', secret)).status).toBe(200);
    expect(partnerLeads()).toHaveLength(1);
  });

  it('when a secret is rotated, then the old one is accepted for 24 hours on the server clock and refused after', async () => {
    const first = await sources('add', 'acme-realty');
    const second = await sources('rotate', 'acme-realty');
    t.clock.advance(24 * HOUR - 60_000);
    expect((await push('acme-realty', first, { ...LEAD, mobile: '9123456781' })).status).toBe(200);
    t.clock.advance(60_000);
    const late = await push('acme-realty', first, { ...LEAD, mobile: '9123456782' });
    expect([late.status, late.text]).toEqual([401, 'The webhook-signature does not match.']);
    expect((await push('acme-realty', second, { ...LEAD, mobile: '9123456783' })).status).toBe(200);
    expect(partnerLeads().map((lead) => lead.mobile)).toEqual(['+919123456781', '+919123456783']);
  });

  it('when the body is not a valid lead, then it answers 400 naming the field and stores nothing', async () => {
    const secret = await sources('add', 'acme-realty');
    const cases: Array<[unknown, string]> = [
      ['{"name":', 'The request body is not valid JSON.'],
      [[LEAD], 'Send the lead as a JSON object.'],
      [{ ...LEAD, name: undefined }, '"name" is required.'],
      [{ ...LEAD, name: '   ' }, '"name" is required.'],
      [{ ...LEAD, name: 42 }, '"name" must be text.'],
      [{ ...LEAD, mobile: undefined }, '"mobile" is required.'],
      [{ ...LEAD, mobile: 9876543210 }, '"mobile" must be text.'],
      [{ ...LEAD, mobile: null }, '"mobile" must be text.'],
      [
        { ...LEAD, mobile: '12345' },
        '"mobile" must be a mobile number: 10 digits, +91 and 10 digits, or an international number in E.164 (+ and the country code).',
      ],
      [{ ...LEAD, email: 'ravi at example' }, '"email" must be an email address.'],
      [{ ...LEAD, message: 'x'.repeat(2_001) }, '"message" must be at most 2000 characters.'],
      [{ ...LEAD, campaign: 'diwali' }, '"campaign" must be an object of utm_* and gclid values.'],
    ];
    for (const [body, reason] of cases) {
      const res = await push(
        'acme-realty',
        secret,
        typeof body === 'string' ? body : JSON.stringify(body),
      );
      expect([res.status, res.text], JSON.stringify(body).slice(0, 60)).toEqual([400, reason]);
    }
    expect(t.store.listLeads()).toEqual([]);
  });

  it('when a signed body is not sent as application/json, then it answers 415 saying so and stores nothing', async () => {
    const secret = await sources('add', 'acme-realty');
    for (const contentType of [
      'text/plain',
      'text/plain; charset=utf-8',
      'application/x-www-form-urlencoded',
      'application/json-patch+json',
      'application/json; charset=iso-8859-1',
    ]) {
      const res = await push('acme-realty', secret, LEAD, { contentType });

      expect([res.status, res.text], contentType).toEqual([
        415,
        'The request body must be JSON, sent with content-type: application/json.',
      ]);
    }
    expect(t.store.listLeads()).toEqual([]);
    const refusals = t.store.db
      .prepare('SELECT status FROM intake_refusals WHERE source = ?')
      .pluck()
      .all('partner:acme-realty');
    expect(refusals).toEqual([415, 415, 415, 415, 415]);
  });

  it('when an unsigned body is sent as text/plain, then the signature is what it is refused for (401)', async () => {
    await sources('add', 'acme-realty');

    const res = await request(t.url)
      .post('/intake/partners/acme-realty')
      .set('content-type', 'text/plain')
      .send(JSON.stringify(LEAD));

    expect([res.status, res.text]).toEqual([
      401,
      'The request must be signed: webhook-id, webhook-timestamp and webhook-signature.',
    ]);
  });

  it('when the content-type is application/json with a UTF-8 charset or in capitals, then the lead is stored', async () => {
    const secret = await sources('add', 'acme-realty');
    for (const [index, contentType] of [
      'application/json; charset=utf-8',
      'Application/JSON;charset="UTF-8"',
    ].entries()) {
      const res = await push(
        'acme-realty',
        secret,
        { ...LEAD, mobile: `912345678${index}` },
        {
          contentType,
        },
      );
      expect([res.status, res.text], contentType).toEqual([200, 'success']);
    }
    expect(partnerLeads()).toHaveLength(2);
  });

  it('when a buyer abroad enquires through a partner, then the international mobile is kept in E.164 with the optional fields', async () => {
    const secret = await sources('add', 'nri-portal');
    const res = await push('nri-portal', secret, {
      name: 'Anita Rao',
      mobile: '+971 50 123 4567',
      plotRange: '200 - 300 Sq. Yds',
    });
    expect(res.status).toBe(200);
    const [lead] = t.store.listLeads();
    expect(lead).toMatchObject({
      name: 'Anita Rao',
      mobile: '+971501234567',
      plotRange: '200 - 300 Sq. Yds',
      origin: 'partner:nri-portal',
    });
  });

  it('when two sources send the same webhook-id, then each is its own lead', async () => {
    const acme = await sources('add', 'acme-realty');
    const other = await sources('add', 'other-portal');
    expect((await push('acme-realty', acme, LEAD, { id: 'msg_1' })).status).toBe(200);
    expect((await push('other-portal', other, LEAD, { id: 'msg_1' })).status).toBe(200);
    expect(partnerLeads().map((lead) => lead.origin)).toEqual([
      'partner:acme-realty',
      'partner:other-portal',
    ]);
  });

  it('when the body is over 64 kB, then it answers 413 and stores nothing', async () => {
    const secret = await sources('add', 'acme-realty');
    const res = await push('acme-realty', secret, { ...LEAD, message: 'x'.repeat(70_000) });
    expect(res.status).toBe(413);
    expect(t.store.listLeads()).toEqual([]);
  });
});
