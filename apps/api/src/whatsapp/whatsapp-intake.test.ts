import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTempDir,
  whatsappMessageEvent,
  whatsappStatusEvent,
  type TempDir,
  type WhatsappCloudApi,
} from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import {
  postWebhook,
  startCloudApiPeer,
  WHATSAPP_PHONE_NUMBER_ID,
  WHATSAPP_VERIFY_TOKEN,
  whatsappEnv,
} from './whatsapp-test-support.ts';

const REFERRAL = {
  source_url: 'https://fb.me/3cr4Wqqkv',
  source_id: '120200000000077',
  source_type: 'ad' as const,
  headline: 'Villa plots near Shadnagar',
  body: 'Plots from 165 sq. yds',
  ctwa_clid:
    'ARAkLkA8rmlFeiCktEJQ-QTwRiyYHAFDLMNDBH0CD3qpjd0HR4irJ6LEkR7JwFF4XvnO2E4Nx0-eM-GABDLOPaOdRMv-_zfUQ2a',
};

const OUR_NUMBER = {
  display_phone_number: '15550783881',
  phone_number_id: WHATSAPP_PHONE_NUMBER_ID,
};

interface Row {
  [column: string]: unknown;
}

describe('POST /intake/whatsapp', () => {
  let temp: TempDir;
  let api: WhatsappCloudApi;
  let server: TestServer;

  beforeAll(async () => {
    api = await startCloudApiPeer();
  });
  afterAll(() => api.close());
  beforeEach(async () => {
    temp = createTempDir();
    server = await startTestServer({ dataDir: temp.dir, env: whatsappEnv(api) });
  });
  afterEach(async () => {
    await server.close();
    temp.remove();
  });

  const all = (sql: string, ...params: unknown[]) =>
    server.store.db.prepare(sql).all(...params) as Row[];
  const incoming = (message: Parameters<typeof whatsappMessageEvent>[1]) =>
    postWebhook(server.url, whatsappMessageEvent(WHATSAPP_PHONE_NUMBER_ID, message));

  it('when Meta sends the subscription handshake with our verify token, then the challenge comes back', async () => {
    const reply = await request(server.url).get('/intake/whatsapp').query({
      'hub.mode': 'subscribe',
      'hub.verify_token': WHATSAPP_VERIFY_TOKEN,
      'hub.challenge': '1158201444',
    });

    expect(reply.status).toBe(200);
    expect(reply.text).toBe('1158201444');
  });

  it('when an unknown number writes from a Click-to-WhatsApp ad, then a buyer of origin whatsapp is made, named from the profile, routed, with the ad as attribution', async () => {
    const reply = await incoming({
      from: '919876512345',
      name: 'Suresh Kumar',
      text: 'Is the 200 sq. yd plot still available?',
      id: 'wamid.HBgMOTE5ODc2NTEyMzQ1FQIAEhggQTE',
      referral: REFERRAL,
    });

    expect(reply.status).toBe(200);
    const [lead] = server.store.listLeads();
    expect(lead).toMatchObject({
      origin: 'whatsapp',
      name: 'Suresh Kumar',
      mobile: '+919876512345',
      message: 'Is the 200 sq. yd plot still available?',
      attribution: {
        utm_source: 'meta',
        utm_medium: 'click_to_whatsapp',
        utm_campaign: 'Villa plots near Shadnagar',
        utm_content: '120200000000077',
      },
      answers: {
        'Ad link': 'https://fb.me/3cr4Wqqkv',
        'Ad type': 'ad',
        'Click id (ctwa_clid)': REFERRAL.ctwa_clid,
      },
    });
    expect(all(`SELECT type FROM lead_events WHERE type = 'routing'`)).toHaveLength(1);
    expect(
      all(
        `SELECT direction, kind, text, status, wamid FROM whatsapp_messages WHERE direction = 'in'`,
      ),
    ).toEqual([
      {
        direction: 'in',
        kind: 'text',
        text: 'Is the 200 sq. yd plot still available?',
        status: 'received',
        wamid: 'wamid.HBgMOTE5ODc2NTEyMzQ1FQIAEhggQTE',
      },
    ]);
  });

  it('when Meta delivers the same message again, then nothing is added', async () => {
    const body = whatsappMessageEvent(WHATSAPP_PHONE_NUMBER_ID, {
      from: '919876512346',
      name: 'Anil',
      text: 'Hello',
      id: 'wamid.repeat-1',
    });
    await postWebhook(server.url, body).expect(200);

    await postWebhook(server.url, body).expect(200);

    expect(server.store.listLeads()).toHaveLength(1);
    expect(all(`SELECT id FROM whatsapp_messages WHERE direction = 'in'`)).toHaveLength(1);
  });

  it('when the signature is not the app secret’s, then 401 and nothing is stored', async () => {
    const body = whatsappMessageEvent(WHATSAPP_PHONE_NUMBER_ID, {
      from: '919876512347',
      name: 'Mallory',
      text: 'Hello',
    });

    const reply = await postWebhook(server.url, body, 'another-app-secret');

    expect(reply.status).toBe(401);
    expect(server.store.listLeads()).toHaveLength(0);
    expect(all(`SELECT id FROM whatsapp_messages`)).toHaveLength(0);
  });

  it('when a known buyer writes, then the message lands on their conversation and timeline, with no new enquiry', async () => {
    await request(server.url)
      .post('/send-email')
      .type('form')
      .send({ name: 'Asha Rao', mobile: '9876512348', plotRange: '200 - 300 Sq. Yds' })
      .expect(200);

    await incoming({ from: '919876512348', name: 'Asha', text: 'Thanks for the brochure' }).expect(
      200,
    );

    expect(server.store.listLeads()).toHaveLength(1);
    expect(all(`SELECT text FROM whatsapp_messages WHERE direction = 'in'`)).toEqual([
      { text: 'Thanks for the brochure' },
    ]);
    expect(all(`SELECT text FROM lead_events WHERE type = 'whatsapp'`)).toEqual([
      { text: 'WhatsApp message from the buyer' },
    ]);
  });

  it('when WhatsApp reports our message delivered, read and then a late sent, then it shows read', async () => {
    await request(server.url)
      .post('/send-email')
      .type('form')
      .send({ name: 'Asha Rao', mobile: '9876512349', plotRange: '200 - 300 Sq. Yds' })
      .expect(200);
    const [welcome] = await api.waitForSends(api.sends.length + 1);
    const status = (state: 'sent' | 'delivered' | 'read') =>
      postWebhook(
        server.url,
        whatsappStatusEvent(WHATSAPP_PHONE_NUMBER_ID, {
          id: api.sends.at(-1)!.wamid,
          status: state,
          recipient: '919876512349',
        }),
      ).expect(200);
    expect(welcome).toBeDefined();

    await status('delivered');
    await status('read');
    await status('sent');

    expect(all(`SELECT status FROM whatsapp_messages WHERE direction = 'out'`)).toEqual([
      { status: 'read' },
    ]);
  });

  it('when WhatsApp reports our message failed, then the reason is kept in words and noted on the timeline', async () => {
    await request(server.url)
      .post('/send-email')
      .type('form')
      .send({ name: 'Asha Rao', mobile: '9876512350', plotRange: '200 - 300 Sq. Yds' })
      .expect(200);
    await expect
      .poll(() => all(`SELECT wamid FROM whatsapp_messages WHERE wamid IS NOT NULL`).length)
      .toBe(1);
    const [{ wamid }] = all(`SELECT wamid FROM whatsapp_messages`) as [{ wamid: string }];

    await postWebhook(
      server.url,
      whatsappStatusEvent(WHATSAPP_PHONE_NUMBER_ID, {
        id: wamid,
        status: 'failed',
        recipient: '919876512350',
        error: {
          code: 131026,
          title: 'Message undeliverable',
          message: 'Message undeliverable',
          details: 'Message Undeliverable.',
        },
      }),
    ).expect(200);

    expect(all(`SELECT status, status_reason FROM whatsapp_messages`)).toEqual([
      {
        status: 'failed',
        status_reason: expect.stringMatching(
          /^Not delivered: this number is not on WhatsApp/,
        ) as unknown,
      },
    ]);
    expect(all(`SELECT text FROM lead_events WHERE type = 'whatsapp'`)).toEqual([
      { text: expect.stringMatching(/^WhatsApp message: Not delivered/) as unknown },
    ]);
  });

  it('when the buyer writes STOP, then they are opted out', async () => {
    await incoming({ from: '919876512351', name: 'Ravi', text: 'Hi' }).expect(200);

    await incoming({ from: '919876512351', name: 'Ravi', text: ' stop ' }).expect(200);

    expect(all(`SELECT cleared_at FROM whatsapp_opt_outs`)).toEqual([{ cleared_at: null }]);
  });

  describe('a signed post not as Meta documents it', () => {
    const post = (value: Record<string, unknown>, metadata: unknown = OUR_NUMBER) =>
      postWebhook(
        server.url,
        JSON.stringify({
          object: 'whatsapp_business_account',
          entry: [
            {
              id: '102290129340398',
              changes: [
                {
                  field: 'messages',
                  value: {
                    messaging_product: 'whatsapp',
                    ...(metadata === undefined ? {} : { metadata }),
                    ...value,
                  },
                },
              ],
            },
          ],
        }),
      );
    const text = (from: string, id: string, body: string) => ({
      from,
      id,
      timestamp: '1732780800',
      type: 'text',
      text: { body },
    });

    it('when one message is malformed beside a good one, then 200, both are stored, and the bad one is flagged in words on the timeline', async () => {
      const reply = await post({
        contacts: [{ profile: { name: 'Kiran' }, wa_id: '919876512360' }],
        messages: [
          text('919876512360', 'wamid.good-1', 'Is plot 12 free?'),
          {
            from: '919876512360',
            id: 'wamid.bad-1',
            timestamp: 'yesterday',
            type: 'image',
            image: { id: 1234, caption: 'The plot I liked' },
          },
        ],
      });

      expect(reply.status).toBe(200);
      expect(server.store.listLeads()).toHaveLength(1);
      expect(
        all(`SELECT wamid, kind, text FROM whatsapp_messages WHERE direction = 'in' ORDER BY id`),
      ).toEqual([
        { wamid: 'wamid.good-1', kind: 'text', text: 'Is plot 12 free?' },
        { wamid: 'wamid.bad-1', kind: 'image', text: 'The plot I liked' },
      ]);
      expect(all(`SELECT text FROM lead_events WHERE type = 'whatsapp' ORDER BY id`)).toEqual([
        { text: 'WhatsApp message from the buyer' },
        {
          text: 'WhatsApp message from the buyer, not as WhatsApp documents it (shown as far as it reads): "timestamp" is not as WhatsApp documents it (expected /^\\d{1,12}$/); "image.id" is not as WhatsApp documents it (expected string)',
        },
      ]);
    });

    it('when a message has no usable sender number, then it becomes an enquiry with no number, the problem in words and the message kept, once however often it comes', async () => {
      const body = {
        messages: [{ from: 'unknown', id: 'wamid.no-sender', type: 'text', text: { body: 'Hi' } }],
      };

      await post(body).expect(200);
      await post(body).expect(200);

      const leads = server.store.listLeads();
      expect(leads).toHaveLength(1);
      expect(leads[0]).toMatchObject({
        origin: 'whatsapp',
        mobile: '',
        problems: expect.arrayContaining([
          'WhatsApp sent a message with no usable sender number',
          'No name',
        ]) as unknown,
        answers: {
          'WhatsApp message as sent':
            '{"from":"unknown","id":"wamid.no-sender","type":"text","text":{"body":"Hi"}}',
        },
      });
      expect(all(`SELECT id FROM whatsapp_messages`)).toHaveLength(0);
    });

    it('when a message has neither sender nor id, then it is kept as an enquiry keyed by its contents: posted again, nothing is added', async () => {
      const body = { messages: [{ type: 'text', text: { body: 'Call me' } }] };

      await post(body).expect(200);
      await post(body).expect(200);

      expect(server.store.listLeads()).toEqual([
        expect.objectContaining({
          mobile: '',
          problems: expect.arrayContaining([
            'WhatsApp sent a message with no usable sender number',
            'WhatsApp sent a message with no usable message id',
          ]) as unknown,
        }),
      ]);
    });

    it('when a status is malformed beside a message, then 200, the message is stored and the status skipped', async () => {
      const reply = await post({
        messages: [text('919876512361', 'wamid.beside-status', 'Hello')],
        statuses: [{ id: 'wamid.ours', status: 'seen-by-aliens', timestamp: '1732780800' }],
      });

      expect(reply.status).toBe(200);
      expect(all(`SELECT wamid FROM whatsapp_messages WHERE direction = 'in'`)).toEqual([
        { wamid: 'wamid.beside-status' },
      ]);
    });

    it('when a change has no metadata, then it is taken as for our number; one for another number is skipped', async () => {
      await post(
        { messages: [text('919876512362', 'wamid.no-metadata', 'Hello')] },
        undefined,
      ).expect(200);
      await post(
        { messages: [text('919876512363', 'wamid.other-number', 'Hello')] },
        { display_phone_number: '15550000000', phone_number_id: '999999999999999' },
      ).expect(200);

      expect(all(`SELECT wamid FROM whatsapp_messages WHERE direction = 'in'`)).toEqual([
        { wamid: 'wamid.no-metadata' },
      ]);
    });

    it('when the JSON is not a WhatsApp Business Account webhook at all, then 400 naming the field, and nothing is stored', async () => {
      const reply = await postWebhook(
        server.url,
        JSON.stringify({ object: 'whatsapp_business_account' }),
      );

      expect(reply.status).toBe(400);
      expect(reply.text).toContain('entry');
      expect(server.store.listLeads()).toHaveLength(0);
    });
  });
});
