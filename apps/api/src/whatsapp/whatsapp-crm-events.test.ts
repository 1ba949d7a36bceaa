import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  answer,
  createTestClock,
  startWebhookReceiver,
  whatsappMessageEvent,
  type WebhookReceiver,
  type WhatsappCloudApi,
} from '@iconia/testkit';
import { startDeskTestServer, type DeskTestServer } from '../desk/desk-test-support.ts';
import {
  postWebhook,
  startCloudApiPeer,
  WHATSAPP_PHONE_NUMBER_ID,
  whatsappEnv,
} from './whatsapp-test-support.ts';

const SIGNING_KEY = `whsec_${randomBytes(32).toString('base64')}`;
const MOBILE = '9876543210';

interface Posted {
  type: string;
  data: Record<string, unknown>;
}

describe('the CRM told of WhatsApp messages', () => {
  let api: WhatsappCloudApi;
  let receiver: WebhookReceiver;
  let t: DeskTestServer;

  beforeAll(async () => {
    api = await startCloudApiPeer();
  });
  afterAll(() => api.close());
  afterEach(async () => {
    await t.remove();
    await receiver.close();
  });

  /** A server posting to the CRM; the buyer then writes to the business number. */
  async function buyerWritesWith(env: Record<string, string>) {
    receiver = await startWebhookReceiver({ reply: answer(200) });
    const clock = createTestClock();
    t = await startDeskTestServer({
      env: { ...whatsappEnv(api), WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: SIGNING_KEY, ...env },
      clock,
    });
    t.storeLead({ name: 'Ravi Kumar', mobile: MOBILE });
    await postWebhook(
      t.url,
      whatsappMessageEvent(WHATSAPP_PHONE_NUMBER_ID, {
        from: `91${MOBILE}`,
        name: 'Ravi Kumar',
        text: 'Is plot 14 still free?',
        timestamp: Math.floor(clock.now() / 1000),
      }),
    ).expect(200);
    await Promise.all(t.webhooks.map((worker) => worker.drain()));
    return receiver.posts
      .map((post) => JSON.parse(post.body) as Posted)
      .filter((event) => event.type === 'whatsapp.message' && event.data.direction === 'in');
  }

  it('when a buyer writes, then the CRM gets a whatsapp.message event without the text', async () => {
    const events = await buyerWritesWith({});

    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      direction: 'in',
      kind: 'text',
      status: 'received',
      text: null,
      at: '2026-11-21T15:45:00+05:30',
    });
  });

  it('when WEBHOOK_INCLUDE_MESSAGES=true, then the event carries the text', async () => {
    const events = await buyerWritesWith({ WEBHOOK_INCLUDE_MESSAGES: 'true' });

    expect(events.map((event) => event.data.text)).toEqual(['Is plot 14 still free?']);
  });
});
