import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTempDir,
  createTestClock,
  startSmtpInbox,
  startWebhookReceiver,
  type SmtpInbox,
  type TempDir,
  type WebhookReceiver,
} from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import { GOOGLE_ADS_PATH, GOOGLE_ADS_REPLIES } from '@iconia/shared';
import { INTAKE_BODY_LIMIT_BYTES, INTAKE_REPLIES } from './intake-http.ts';

const KEY = randomBytes(24).toString('hex');
const SIGNING_KEY = `whsec_${randomBytes(32).toString('base64')}`;

let phones = 0;

/** A lead as Google's lead form webhook documentation shows one, from a phone of its own. */
function googleLead(overrides: Record<string, unknown> = {}) {
  phones += 1;
  return {
    lead_id: `TeSter-${randomUUID()}`,
    user_column_data: [
      { column_name: 'Full Name', string_value: 'Asha Reddy', column_id: 'FULL_NAME' },
      {
        column_name: 'User Phone',
        string_value: `+91 98765 ${String(phones).padStart(5, '0')}`,
        column_id: 'PHONE_NUMBER',
      },
      { column_name: 'User Email', string_value: 'asha@example.com', column_id: 'EMAIL' },
      {
        column_name: 'Which plot size are you looking for?',
        string_value: '300 - 400 Sq. Yds',
        column_id: 'plot_size',
      },
    ],
    api_version: '1.0',
    form_id: 40000000000,
    campaign_id: 12345678901,
    google_key: KEY,
    is_test: false,
    gcl_id: 'gcl-id-12345',
    adgroup_id: 20000000000,
    creative_id: 30000000000,
    lead_submit_time: '2026-11-21 15:40:12+05:30',
    ...overrides,
  };
}

function post(server: TestServer, body: unknown) {
  return request(server.url)
    .post(GOOGLE_ADS_PATH)
    .send(body as object);
}

function leadCount(server: TestServer): number {
  return server.store.listLeads().length;
}

function refusals(server: TestServer): Array<{ source: string; status: number; reason: string }> {
  return server.store.db
    .prepare('SELECT source, status, reason FROM intake_refusals ORDER BY id')
    .all() as Array<{ source: string; status: number; reason: string }>;
}

describe('POST /intake/google-ads', () => {
  let temp: TempDir;
  let inbox: SmtpInbox;
  let receiver: WebhookReceiver;
  let server: TestServer;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    receiver = await startWebhookReceiver({ secret: SIGNING_KEY });
  });
  afterAll(async () => {
    await inbox.close();
    await receiver.close();
  });
  beforeEach(async () => {
    temp = createTempDir();
    inbox.messages.length = 0;
    receiver.posts.length = 0;
    server = await startTestServer({
      dataDir: temp.dir,
      // The CRM checks each post's timestamp against its own clock.
      clock: createTestClock(Date.now()),
      env: {
        SMTP_URL: inbox.url,
        WEBHOOK_URL: receiver.url,
        WEBHOOK_SECRET: SIGNING_KEY,
        GOOGLE_ADS_WEBHOOK_KEY: KEY,
      },
    });
  });
  afterEach(async () => {
    await server.close();
    temp.remove();
  });

  it('when Google posts a valid lead, then it is stored before the 200 and reaches the inbox and the CRM once', async () => {
    const lead = googleLead();

    const response = await post(server, lead);

    expect(response.status).toBe(200);
    expect(response.type).toBe('text/plain');
    expect(response.text).toBe('success');
    const [stored] = server.store.listLeads();
    expect(stored).toMatchObject({
      kind: 'enquiry',
      origin: 'google_ads',
      externalId: lead.lead_id,
      name: 'Asha Reddy',
      mobile: `+9198765${String(phones).padStart(5, '0')}`,
      email: 'asha@example.com',
      status: 'pending',
      answers: {
        'Which plot size are you looking for?': '300 - 400 Sq. Yds',
        form_id: '40000000000',
        adgroup_id: '20000000000',
        creative_id: '30000000000',
      },
      attribution: { utm_source: 'google', utm_campaign: '12345678901', gclid: 'gcl-id-12345' },
    });
    const [mail] = await inbox.waitFor(1);
    const [hook] = await receiver.waitFor(1);
    expect(mail?.parsed.subject).toBe('New enquiry via Google Ads from Asha Reddy');
    expect(mail?.parsed.text).toContain('Which plot size are you looking for?: 300 - 400 Sq. Yds');
    expect(mail?.parsed.text).toContain('Email: asha@example.com');
    expect(hook?.signatureError).toBeUndefined();
    expect(JSON.parse(hook?.body ?? '{}')).toMatchObject({
      type: 'lead.created',
      data: {
        id: stored?.publicId,
        kind: 'enquiry',
        origin: 'google_ads',
        name: 'Asha Reddy',
        mobile: stored?.mobile.slice(3),
        mobileE164: stored?.mobile,
        email: 'asha@example.com',
        answers: { 'Which plot size are you looking for?': '300 - 400 Sq. Yds' },
        campaign: { utm_source: 'google', utm_campaign: '12345678901', gclid: 'gcl-id-12345' },
      },
    });
  });

  it('when Google delivers the same lead three times, then one lead is stored, emailed and posted once, and every delivery gets 200', async () => {
    const lead = googleLead();

    const answers = await Promise.all([post(server, lead), post(server, lead)]);
    answers.push(await post(server, lead));

    expect(answers.map((answer) => [answer.status, answer.text])).toEqual([
      [200, 'success'],
      [200, 'success'],
      [200, 'success'],
    ]);
    expect(leadCount(server)).toBe(1);
    await inbox.waitFor(1);
    await receiver.waitFor(1);
    // A second message would have been queued with the first: the outbox holds one per channel.
    const queued = server.store.db.prepare('SELECT COUNT(*) AS n FROM deliveries').get() as {
      n: number;
    };
    expect(queued.n).toBe(2);
    expect(inbox.messages).toHaveLength(1);
    expect(receiver.posts).toHaveLength(1);
  });

  it('when Google sends a test lead, then it is kept as a test and neither emailed nor posted', async () => {
    const test = googleLead({ is_test: true });
    const real = googleLead();

    expect((await post(server, test)).text).toBe('success');
    expect((await post(server, real)).text).toBe('success');

    const [mail] = await inbox.waitFor(1);
    await receiver.waitFor(1);
    const byExternalId = new Map(server.store.listLeads().map((lead) => [lead.externalId, lead]));
    expect(byExternalId.get(test.lead_id)?.status).toBe('test');
    expect(mail?.parsed.headers.get('x-lead-id')).toBe(byExternalId.get(real.lead_id)?.publicId);
    expect(inbox.messages).toHaveLength(1);
    expect(receiver.posts).toHaveLength(1);
  });

  it('when the key is wrong or missing, then the answer is 401, nothing is stored and the refusal is recorded', async () => {
    const wrong = await post(server, googleLead({ google_key: 'not-the-key' }));
    const missing = await post(server, googleLead({ google_key: undefined }));

    expect([wrong.status, missing.status]).toEqual([401, 401]);
    expect(wrong.text).toBe(GOOGLE_ADS_REPLIES.wrongKey);
    expect(leadCount(server)).toBe(0);
    expect(refusals(server)).toEqual([
      { source: 'google_ads', status: 401, reason: GOOGLE_ADS_REPLIES.wrongKey },
      { source: 'google_ads', status: 401, reason: GOOGLE_ADS_REPLIES.wrongKey },
    ]);
  });

  it.each([
    ['lead_id is a number', { lead_id: 42 }, { externalId: '42' }],
    ['user_column_data is not a list', { user_column_data: 'Asha' }, { name: '' }],
    ['user_column_data is missing', { user_column_data: undefined }, { name: '' }],
    ['is_test is text', { is_test: 'yes' }, { status: 'pending' }],
    [
      'campaign_id is an object',
      { campaign_id: {} },
      { attribution: { utm_source: 'google', utm_medium: 'lead_form', gclid: 'gcl-id-12345' } },
    ],
    [
      'there is no phone number',
      { user_column_data: [{ column_id: 'FULL_NAME', string_value: 'Asha' }] },
      { name: 'Asha', mobile: '', problems: ['No number'] },
    ],
    [
      'the phone number is not one',
      {
        user_column_data: [
          { column_id: 'FULL_NAME', string_value: 'Asha' },
          { column_id: 'PHONE_NUMBER', string_value: '12345' },
        ],
      },
      { name: 'Asha', mobile: '', problems: ['Number not valid: 12345'] },
    ],
    [
      'there is no name',
      { user_column_data: [{ column_id: 'PHONE_NUMBER', string_value: '9876543210' }] },
      { name: '', mobile: '+919876543210', problems: ['No name'] },
    ],
    [
      'the only phone column is WORK_PHONE',
      {
        user_column_data: [
          { column_id: 'FULL_NAME', string_value: 'Asha' },
          { column_id: 'WORK_PHONE', string_value: '098480 22338' },
        ],
      },
      { name: 'Asha', mobile: '+919848022338' },
    ],
  ])(
    'when %s, then the lead is stored and acknowledged, with what is wrong said in words',
    async (_case, overrides, expected) => {
      const response = await post(server, googleLead(overrides));

      expect([response.status, response.text]).toEqual([200, 'success']);
      expect(server.store.listLeads()).toEqual([expect.objectContaining(expected)]);
      expect(refusals(server)).toEqual([]);
    },
  );

  it('when the lead has no lead_id, then the body stands in for it and a redelivery stores nothing more', async () => {
    const lead = googleLead({ lead_id: undefined });

    const answers = [await post(server, lead), await post(server, lead)];

    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const leads = server.store.listLeads();
    expect(leads).toHaveLength(1);
    expect(leads[0]?.externalId).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('when a 64-bit id comes as a JSON number, then it is kept exactly as sent', async () => {
    const body = JSON.stringify(googleLead({ form_id: 1 })).replace(
      '"form_id":1',
      '"form_id":9223372036854775807',
    );

    const response = await request(server.url)
      .post(GOOGLE_ADS_PATH)
      .set('Content-Type', 'application/json')
      .send(body);

    expect(response.status).toBe(200);
    expect(server.store.listLeads()[0]?.answers?.form_id).toBe('9223372036854775807');
  });

  it('when a name carries CR/LF, NUL and BEL, then the lead is kept with them removed, in the store, the email and the CRM', async () => {
    const lead = googleLead();
    lead.user_column_data[0] = {
      column_name: 'Full Name',
      string_value: 'Repro\r\nBcc: evil@evil.test\u0000\u0007',
      column_id: 'FULL_NAME',
    };

    expect((await post(server, lead)).status).toBe(200);

    expect(server.store.listLeads()[0]?.name).toBe('Repro Bcc: evil@evil.test');
    const [mail] = await inbox.waitFor(1);
    const [hook] = await receiver.waitFor(1);
    expect(mail?.parsed.subject).toBe('New enquiry via Google Ads from Repro Bcc: evil@evil.test');
    expect(mail?.parsed.bcc).toBeUndefined();
    expect(JSON.parse(hook?.body ?? '{}')).toMatchObject({
      data: { name: 'Repro Bcc: evil@evil.test' },
    });
  });

  it('when the body is not JSON, then the answer is 400 in plain text', async () => {
    const response = await request(server.url)
      .post(GOOGLE_ADS_PATH)
      .set('Content-Type', 'application/json')
      .send('{"lead_id": ');

    expect(response.status).toBe(400);
    expect(response.text).toBe(INTAKE_REPLIES.notJson);
    expect(leadCount(server)).toBe(0);
  });

  it('when the body is over 64 kB, then the answer is 413 in plain text and nothing is stored', async () => {
    const lead = googleLead({ padding: 'x'.repeat(INTAKE_BODY_LIMIT_BYTES) });

    const response = await post(server, lead);

    expect(response.status).toBe(413);
    expect(response.text).toBe(INTAKE_REPLIES.tooLarge);
    expect(leadCount(server)).toBe(0);
    expect(refusals(server)).toEqual([
      { source: 'google_ads', status: 413, reason: INTAKE_REPLIES.tooLarge },
    ]);
  });

  it('when the lead is asked for with another method, then the answer is 405 naming POST', async () => {
    const response = await request(server.url).get(GOOGLE_ADS_PATH);

    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('POST');
  });
});

describe('POST /intake/google-ads, limits and settings', () => {
  let temp: TempDir;
  let server: TestServer | undefined;

  beforeEach(() => {
    temp = createTempDir();
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    temp.remove();
  });

  it('when GOOGLE_ADS_WEBHOOK_KEY is unset, then the endpoint answers 404 and stores nothing', async () => {
    server = await startTestServer({ dataDir: temp.dir });

    const response = await post(server, googleLead());

    expect(response.status).toBe(404);
    expect(response.text).toBe(GOOGLE_ADS_REPLIES.off);
    expect(leadCount(server)).toBe(0);
  });

  it("when Google sends past the source's ceiling, then it gets 429 with Retry-After, apart from the site's per-address limit", async () => {
    server = await startTestServer({
      dataDir: temp.dir,
      env: { GOOGLE_ADS_WEBHOOK_KEY: KEY, INTAKE_PER_SOURCE_PER_MINUTE: '2', RATE_LIMIT_MAX: '1' },
    });

    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await post(server, googleLead()));

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429]);
    expect(answers[2]?.text).toBe(INTAKE_REPLIES.tooMany);
    expect(Number(answers[2]?.headers['retry-after'])).toBeGreaterThan(0);
    expect(leadCount(server)).toBe(2);
    // Over the site's limit of one lead per address, both were stored to be delivered, not held.
    expect(server.store.listLeads().map((lead) => lead.status)).toEqual(['pending', 'pending']);
  });
});
