import type TestAgent from 'supertest/lib/agent.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestClock,
  whatsappMessageEvent,
  type TestClock,
  type WhatsappCloudApi,
} from '@iconia/testkit';
import type { WhatsappConversation } from '@iconia/shared';
import {
  SAME_ORIGIN,
  startDeskTestServer,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';
import {
  postWebhook,
  startCloudApiPeer,
  WHATSAPP_PHONE_NUMBER_ID,
  whatsappEnv,
} from './whatsapp-test-support.ts';

const HOUR = 60 * 60 * 1000;
const MOBILE = '9876543210';
/** Friday 20 November 2026, 9 am in India. */
const FRIDAY_MORNING = Date.parse('2026-11-20T09:00:00+05:30');

describe('quick replies on WhatsApp', () => {
  let api: WhatsappCloudApi;
  let clock: TestClock;
  let t: DeskTestServer;
  let owner: TestAgent;
  let leadId: number;

  beforeAll(async () => {
    api = await startCloudApiPeer();
  });
  afterAll(() => api.close());
  beforeEach(async () => {
    api.sends.length = 0;
    clock = createTestClock(FRIDAY_MORNING);
    t = await startDeskTestServer({ env: whatsappEnv(api), clock });
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
    owner = await t.signIn('arjun@iconia.test');
    leadId = t.storeLead({ name: 'Ravi Kumar', mobile: MOBILE });
    await t.whatsapp!.drain();
    api.sends.length = 0;
    await postWebhook(
      t.url,
      whatsappMessageEvent(WHATSAPP_PHONE_NUMBER_ID, {
        from: `91${MOBILE}`,
        name: 'Ravi Kumar',
        text: 'Can you send the details?',
        timestamp: Math.floor(clock.now() / 1000),
      }),
    ).expect(200);
  });
  afterEach(() => t.remove());

  const quickReply = (reply: string) =>
    owner.post(`/desk/api/leads/${leadId}/whatsapp/quick-replies`).set(SAME_ORIGIN).send({ reply });

  it('when the owner sends the brochure, then the peer gets a document message with its public link, and the conversation shows it', async () => {
    const res = await quickReply('brochure');

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: { direction: 'out', kind: 'document', status: 'queued', sentBy: 'Arjun' },
    });
    const [send] = await api.waitForSends(1);
    expect(send!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: `91${MOBILE}`,
      type: 'document',
      document: {
        link: 'https://www.iconia.test/Elegant-Iconia-Presentation.pdf',
        filename: 'Elegant-Iconia-Presentation.pdf',
      },
    });
    await t.whatsapp!.drain();
    const conversation = (await owner.get(`/desk/api/leads/${leadId}/whatsapp`))
      .body as WhatsappConversation;
    expect(conversation.messages.at(-1)).toMatchObject({
      kind: 'document',
      what: 'Document',
      text: 'Elegant-Iconia-Presentation.pdf',
      status: 'sent',
    });
  });

  it('when the owner sends the location, then the peer gets the site office as a location pin', async () => {
    expect((await quickReply('location')).status).toBe(201);

    const [send] = await api.waitForSends(1);
    expect(send!.body).toMatchObject({
      type: 'location',
      location: {
        latitude: 17.0918,
        longitude: 78.2046,
        name: 'Elegant Iconia Site & Sales Office',
        address: expect.stringContaining('Shadnagar') as string,
      },
    });
  });

  it('when the owner sends the free slots, then the buyer reads the next three with room, full and past ones left out', async () => {
    const manager = await t.signIn('meena@iconia.test');
    await manager
      .put('/desk/api/visit-slots')
      .set(SAME_ORIGIN)
      .send({
        slots: [
          { weekday: 5, time: '08:00', capacity: 2 },
          { weekday: 5, time: '16:00', capacity: 1 },
          { weekday: 6, time: '10:00', capacity: 2 },
          { weekday: 7, time: '11:30', capacity: 2 },
        ],
      })
      .expect(200);
    const other = t.storeLead({ name: 'Sita', mobile: '9811122233' });
    await manager
      .post(`/desk/api/leads/${other}/visits`)
      .set(SAME_ORIGIN)
      .send({ date: '2026-11-20', time: '16:00', people: 1, pickup: false })
      .expect(201);
    // Sita's own welcome goes first; what follows is the quick reply.
    await t.whatsapp!.drain();
    api.sends.length = 0;

    expect((await quickReply('slots')).status).toBe(201);

    const [send] = await api.waitForSends(1);
    expect(send!.body).toMatchObject({
      type: 'text',
      text: {
        body: [
          'The next free site visit slots at Elegant Iconia:',
          '- Sat 21 Nov 2026, 10:00',
          '- Sun 22 Nov 2026, 11:30',
          '- Fri 27 Nov 2026, 08:00',
          'Reply with the one that suits you and we will book it.',
        ].join('\n'),
      },
    });
  });

  it('when the buyer last wrote more than 24 hours ago, then a quick reply is refused with 409 and nothing goes', async () => {
    clock.advance(25 * HOUR);
    owner = await t.signIn('arjun@iconia.test');

    const res = await quickReply('brochure');

    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'More than 24 hours since the buyer last wrote: send a template instead.',
    });
    await t.whatsapp!.drain();
    expect(api.sends).toHaveLength(0);
    const conversation = (await owner.get(`/desk/api/leads/${leadId}/whatsapp`))
      .body as WhatsappConversation;
    expect(conversation.messages.filter((m) => m.direction === 'out')).toHaveLength(1);
  });

  it('when the reply is not one the desk knows, then it is refused with 400 in words', async () => {
    const res = await quickReply('price-list');

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: '"reply" must be brochure, location, slots.' });
  });
});
