import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir, type TempDir, type WhatsappCloudApi } from '@iconia/testkit';
import { startTestServer, type TestServer } from '@iconia/api/test-server';
import { GOOGLE_ADS_PATH } from '@iconia/shared';
import { startCloudApiPeer, whatsappEnv } from './whatsapp-test-support.ts';

const GOOGLE_KEY = randomBytes(24).toString('hex');

let mobiles = 0;
const uniqueMobile = () => {
  mobiles += 1;
  return `97${String(mobiles).padStart(8, '0')}`;
};

function brochureRequest(server: TestServer, name: string, mobile: string) {
  return request(server.url)
    .post('/send-email')
    .type('form')
    .send({ name, mobile, plotRange: '200 - 300 Sq. Yds' });
}

function messages(server: TestServer) {
  return server.store.db
    .prepare(
      `SELECT kind, template, status, status_reason, wamid FROM whatsapp_messages ORDER BY id`,
    )
    .all() as Array<{
    kind: string;
    template: string;
    status: string;
    status_reason: string | null;
    wamid: string | null;
  }>;
}

describe('the WhatsApp welcome to a new buyer', () => {
  let temp: TempDir;
  let api: WhatsappCloudApi;
  let server: TestServer;

  beforeAll(async () => {
    api = await startCloudApiPeer();
  });
  afterAll(() => api.close());
  beforeEach(async () => {
    temp = createTempDir();
    api.sends.length = 0;
    api.recover();
    server = await startTestServer({
      dataDir: temp.dir,
      env: { ...whatsappEnv(api), GOOGLE_ADS_WEBHOOK_KEY: GOOGLE_KEY },
    });
  });
  afterEach(async () => {
    await server.close();
    temp.remove();
  });

  it('when a site lead is stored, then the buyer gets the welcome template once, with the brochure and their first name', async () => {
    const mobile = uniqueMobile();

    await brochureRequest(server, 'Asha Rao', mobile).expect(200);

    const [send] = await api.waitForSends(1);
    await server.whatsapp!.drain();
    expect(api.sends).toHaveLength(1);
    expect(send!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: `91${mobile}`,
      type: 'template',
      template: {
        name: 'brochure_welcome',
        language: { code: 'en' },
        components: [
          {
            type: 'header',
            parameters: [
              {
                type: 'document',
                document: {
                  link: 'https://www.iconia.test/Elegant-Iconia-Presentation.pdf',
                  filename: 'Elegant-Iconia-Presentation.pdf',
                },
              },
            ],
          },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Asha' },
              { type: 'text', text: 'Elegant Iconia' },
              { type: 'text', text: '+91 98480 22345' },
            ],
          },
        ],
      },
    });
    expect(messages(server)).toEqual([
      {
        kind: 'welcome',
        template: 'welcome',
        status: 'sent',
        status_reason: null,
        wamid: send!.wamid,
      },
    ]);
  });

  it('when the same buyer enquires again, then no second welcome is queued', async () => {
    const mobile = uniqueMobile();
    await brochureRequest(server, 'Asha Rao', mobile).expect(200);
    await api.waitForSends(1);

    await request(server.url)
      .post('/contact-form')
      .type('form')
      .send({ name: 'Asha Rao', mobile, location: 'Kukatpally' })
      .expect(200);
    await server.whatsapp!.drain();

    expect(api.sends).toHaveLength(1);
    expect(messages(server)).toHaveLength(1);
  });

  it('when an ad platform sends a test lead, then no welcome is queued', async () => {
    await request(server.url)
      .post(GOOGLE_ADS_PATH)
      .send({
        lead_id: `TeSter-${randomUUID()}`,
        user_column_data: [
          { column_name: 'Full Name', string_value: 'Test Lead', column_id: 'FULL_NAME' },
          { column_name: 'User Phone', string_value: '+919876500001', column_id: 'PHONE_NUMBER' },
        ],
        api_version: '1.0',
        form_id: 40000000000,
        google_key: GOOGLE_KEY,
        is_test: true,
      })
      .expect(200);
    await server.whatsapp!.drain();

    expect(messages(server)).toEqual([]);
    expect(api.sends).toHaveLength(0);
  });

  it('when WhatsApp says the number is not on WhatsApp, then the welcome is marked failed, noted on the timeline and not tried again', async () => {
    const mobile = uniqueMobile();
    api.notOnWhatsapp(`91${mobile}`);

    await brochureRequest(server, 'Kiran', mobile).expect(200);
    await expect.poll(() => messages(server)[0]?.status).toBe('failed');
    const requestsSoFar = api.requests;
    server.clock.advance(60 * 60_000);
    await server.whatsapp!.drain();

    expect(api.requests).toBe(requestsSoFar);
    expect(messages(server)[0]!.status_reason).toMatch(/not on WhatsApp/);
    const notes = server.store.db
      .prepare(`SELECT text FROM lead_events WHERE type = 'whatsapp'`)
      .pluck()
      .all();
    expect(notes).toEqual([
      expect.stringMatching(
        /^WhatsApp welcome with the brochure: Not delivered: this number is not on WhatsApp/,
      ),
    ]);
  });

  it('when the Cloud API fails for ten minutes, then the welcome goes once it recovers, once', async () => {
    api.fail('transient-error');
    await brochureRequest(server, 'Meena', uniqueMobile()).expect(200);
    await expect.poll(() => api.requests > 0).toBe(true);

    for (let minute = 0; minute < 10; minute += 1) {
      server.clock.advance(60_000);
      await server.whatsapp!.drain();
    }
    expect(api.sends).toHaveLength(0);
    api.recover();
    server.clock.advance(2 * 60_000);
    await server.whatsapp!.drain();
    server.clock.advance(2 * 60_000);
    await server.whatsapp!.drain();

    expect(api.sends).toHaveLength(1);
    expect(messages(server)[0]!.status).toBe('sent');
  });
});
