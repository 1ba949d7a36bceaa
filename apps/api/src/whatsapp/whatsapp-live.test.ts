import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { whatsappMessageEvent, whatsappStatusEvent, type WhatsappCloudApi } from '@iconia/testkit';
import {
  cookieOf,
  openStream,
  startDeskTestServer,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';
import {
  postWebhook,
  startCloudApiPeer,
  WHATSAPP_PHONE_NUMBER_ID,
  whatsappEnv,
} from './whatsapp-test-support.ts';

const MOBILE = '9876543210';

describe("the desk's live stream and WhatsApp", () => {
  let api: WhatsappCloudApi;
  let t: DeskTestServer;
  let leadId: number;

  beforeAll(async () => {
    api = await startCloudApiPeer();
  });
  afterAll(() => api.close());
  beforeEach(async () => {
    api.sends.length = 0;
    t = await startDeskTestServer({ env: whatsappEnv(api) });
    await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
    leadId = t.storeLead({ name: 'Ravi Kumar', mobile: MOBILE });
    await t.whatsapp!.drain();
  });
  afterEach(() => t.remove());

  it('when the buyer writes on WhatsApp, then a signed-in desk hears that their conversation changed', async () => {
    const stream = openStream(t.url, await cookieOf(t, 'arjun@iconia.test'));
    await stream.opened;

    await postWebhook(
      t.url,
      whatsappMessageEvent(WHATSAPP_PHONE_NUMBER_ID, {
        from: `91${MOBILE}`,
        name: 'Ravi Kumar',
        text: 'Is plot 14 free?',
      }),
    ).expect(200);

    const event = await stream.next((each) => each.event === 'whatsapp');
    expect(event.data).toEqual({ id: leadId, buyerId: expect.any(Number) as number });
    stream.close();
  });

  it('when WhatsApp reports a sent message read, then a signed-in desk hears of it', async () => {
    const [welcome] = await api.waitForSends(1);
    const stream = openStream(t.url, await cookieOf(t, 'arjun@iconia.test'));
    await stream.opened;

    await postWebhook(
      t.url,
      whatsappStatusEvent(WHATSAPP_PHONE_NUMBER_ID, {
        id: welcome!.wamid,
        status: 'read',
        recipient: `91${MOBILE}`,
        timestamp: Math.floor(Date.now() / 1000),
      }),
    ).expect(200);

    const event = await stream.next((each) => each.event === 'whatsapp');
    expect(event.data).toMatchObject({ id: leadId });
    stream.close();
  });
});
