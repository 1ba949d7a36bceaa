import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answer,
  startWebhookReceiver,
  whatsappMessageEvent,
  type WebhookReceiver,
  type WhatsappCloudApi,
} from '@iconia/testkit';
import { startDeskTestServer, type DeskTestServer } from '@iconia/api/test-server';
import {
  postWebhook,
  startCloudApiPeer,
  WHATSAPP_PHONE_NUMBER_ID,
  whatsappEnv,
} from './whatsapp-test-support.ts';

const SAME_ORIGIN = { 'Sec-Fetch-Site': 'same-origin' };
const MOBILE = '9123456771';
/** What the buyer wrote, written nowhere else. */
const WORDS = 'Budget forty two lakh, plot seventeen please';
/** The photo the buyer sent: a JPEG's first bytes and a marker written nowhere else. */
const PHOTO = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.from('photo of the survey stone at plot 17'),
]);

/** Every file under `dir`, however deep. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('an erased buyer’s WhatsApp messages', () => {
  let api: WhatsappCloudApi;
  let crm: WebhookReceiver;
  let server: DeskTestServer;

  beforeAll(async () => {
    api = await startCloudApiPeer();
    // A CRM that is down and asks for the text: its events wait in the outbox, words and all.
    crm = await startWebhookReceiver({ reply: answer(503) });
    server = await startDeskTestServer({
      env: {
        ...whatsappEnv(api),
        WEBHOOK_URL: crm.url,
        WEBHOOK_SECRET: `whsec_${Buffer.from('erasure-test-signing-key-32bytes').toString('base64')}`,
        WEBHOOK_INCLUDE_MESSAGES: 'true',
      },
    });
  });
  afterAll(async () => {
    await server.remove();
    await crm.close();
    await api.close();
  });

  it('when a manager erases the buyer, then no file under DATA_DIR holds what they wrote or the photo they sent once the server stops, not even the CRM’s waiting events', async () => {
    await server.addUser('manager@iconia.test', 'manager');
    const manager = await server.signIn('manager@iconia.test');
    await request(server.url)
      .post('/send-email')
      .type('form')
      .send({ name: 'Vasudha', mobile: MOBILE, plotRange: '200 - 300 Sq. Yds' })
      .expect(200);
    await postWebhook(
      server.url,
      whatsappMessageEvent(WHATSAPP_PHONE_NUMBER_ID, {
        from: `91${MOBILE}`,
        name: 'Vasudha',
        text: WORDS,
      }),
    ).expect(200);
    const photo = api.addMedia({ bytes: PHOTO, mimeType: 'image/jpeg' });
    await postWebhook(
      server.url,
      whatsappMessageEvent(WHATSAPP_PHONE_NUMBER_ID, {
        from: `91${MOBILE}`,
        name: 'Vasudha',
        text: '',
        media: { type: 'image', id: photo, mimeType: 'image/jpeg' },
      }),
    ).expect(200);
    const dataDir = server.config.dataDir;
    await expect
      .poll(() => filesUnder(dataDir).filter((file) => readFileSync(file).includes(PHOTO)))
      .toHaveLength(1);

    const erasure = await manager
      .post('/desk/api/erasures')
      .set(SAME_ORIGIN)
      .send({ mobile: MOBILE });
    await server.close();

    expect(erasure.body).toEqual({ erased: 1 });
    const holding = filesUnder(dataDir).filter((file) => {
      const bytes = readFileSync(file);
      return bytes.includes(WORDS) || bytes.includes(PHOTO);
    });
    expect(holding).toEqual([]);
  });
});
