import type TestAgent from 'supertest/lib/agent.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestClock,
  whatsappMessageEvent,
  whatsappStatusEvent,
  type TestClock,
  type WhatsappCloudApi,
} from '@iconia/testkit';
import type { UnansweredAnswer, WhatsappConversation } from '@iconia/shared';
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

describe("the desk's WhatsApp conversation with a buyer", () => {
  let api: WhatsappCloudApi;
  let clock: TestClock;
  let t: DeskTestServer;
  let manager: TestAgent;
  let owner: TestAgent;
  let other: TestAgent;
  let leadId: number;

  beforeAll(async () => {
    api = await startCloudApiPeer();
  });
  afterAll(() => api.close());
  beforeEach(async () => {
    api.sends.length = 0;
    clock = createTestClock();
    t = await startDeskTestServer({ env: whatsappEnv(api), clock });
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    const arjun = await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
    await t.addUser('bina@iconia.test', 'agent', 'Bina');
    manager = await t.signIn('meena@iconia.test');
    owner = await t.signIn('arjun@iconia.test');
    other = await t.signIn('bina@iconia.test');
    t.routing.setDuty(arjun.id, true, clock.now());
    leadId = t.storeLead({ name: 'Ravi Kumar', mobile: MOBILE });
    // The welcome goes first, so each test sees only what the desk sends.
    await t.whatsapp!.drain();
    api.sends.length = 0;
  });
  afterEach(() => t.remove());

  /** The buyer writes on WhatsApp now (by the server's clock). */
  const buyerWrites = (text: string, id?: string) =>
    postWebhook(
      t.url,
      whatsappMessageEvent(WHATSAPP_PHONE_NUMBER_ID, {
        from: `91${MOBILE}`,
        name: 'Ravi Kumar',
        text,
        timestamp: Math.floor(clock.now() / 1000),
        ...(id !== undefined && { id }),
      }),
    ).expect(200);
  const conversation = async (who: TestAgent = owner) => {
    const res = await who.get(`/desk/api/leads/${leadId}/whatsapp`).expect(200);
    return res.body as WhatsappConversation;
  };
  const reply = (text: string, who: TestAgent = owner) =>
    who.post(`/desk/api/leads/${leadId}/whatsapp/replies`).set(SAME_ORIGIN).send({ text });
  const sendTemplate = (template: string, who: TestAgent = owner) =>
    who.post(`/desk/api/leads/${leadId}/whatsapp/templates`).set(SAME_ORIGIN).send({ template });

  it('when the owner replies within 24 hours of the buyer writing, then the peer gets the documented text message once and the conversation shows it sent', async () => {
    await buyerWrites('Is the 200 sq. yd plot available?');

    const res = await reply('Yes, plot 14 is. Shall I book you a visit?');

    expect(res.status).toBe(201);
    const [send] = await api.waitForSends(1);
    await t.whatsapp!.drain();
    expect(api.sends).toHaveLength(1);
    expect(send!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: `91${MOBILE}`,
      type: 'text',
      text: { body: 'Yes, plot 14 is. Shall I book you a visit?' },
    });
    const { messages, window } = await conversation();
    expect(window.open).toBe(true);
    expect(messages.map((m) => [m.direction, m.kind, m.text, m.status, m.sentBy])).toEqual([
      ['out', 'welcome', null, 'sent', null],
      ['in', 'text', 'Is the 200 sq. yd plot available?', 'received', null],
      ['out', 'text', 'Yes, plot 14 is. Shall I book you a visit?', 'sent', 'Arjun'],
    ]);
  });

  it('when the buyer last wrote more than 24 hours ago, then a reply is refused with the reason and nothing is sent', async () => {
    await buyerWrites('Hello');
    clock.advance(25 * HOUR);
    owner = await t.signIn('arjun@iconia.test');

    const res = await reply('Sorry for the delay');

    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'More than 24 hours since the buyer last wrote: send a template instead.',
    });
    await t.whatsapp!.drain();
    expect(api.sends).toHaveLength(0);
    const { window, messages } = await conversation();
    expect(window.open).toBe(false);
    expect(messages.filter((m) => m.kind === 'text' && m.direction === 'out')).toEqual([]);
  });

  it('when the window is closed, then an approved template still goes', async () => {
    await buyerWrites('Hello');
    clock.advance(25 * HOUR);
    owner = await t.signIn('arjun@iconia.test');

    const res = await sendTemplate('follow_up');

    expect(res.status).toBe(201);
    const [send] = await api.waitForSends(1);
    expect(send!.body).toMatchObject({ type: 'template', template: { name: 'follow_up' } });
  });

  it('when the buyer opted out, then replies and templates are refused with 409 and nothing is sent', async () => {
    await buyerWrites('STOP');

    const replied = await reply('Noted');
    const templated = await sendTemplate('follow_up');

    expect(replied.status).toBe(409);
    expect(templated.status).toBe(409);
    expect((await conversation()).optedOutAt).not.toBeNull();
    await t.whatsapp!.drain();
    expect(api.sends).toHaveLength(0);
  });

  it('when WhatsApp reports a message delivered, read or failed, then the conversation shows it, the failure in words', async () => {
    await buyerWrites('Hi');
    await reply('First');
    await reply('Second');
    const [first, second] = await api.waitForSends(2);

    for (const [id, status] of [
      [first!.wamid, 'read'],
      [second!.wamid, 'failed'],
    ] as const) {
      await postWebhook(
        t.url,
        whatsappStatusEvent(WHATSAPP_PHONE_NUMBER_ID, {
          id,
          status,
          recipient: `91${MOBILE}`,
          timestamp: Math.floor(clock.now() / 1000),
          ...(status === 'failed' && {
            error: { code: 131026, title: 'Message undeliverable', message: '', details: '' },
          }),
        }),
      ).expect(200);
    }

    const outgoing = (await conversation()).messages.filter((m) => m.kind === 'text');
    expect(outgoing.filter((m) => m.direction === 'out').map((m) => [m.status, m.failure])).toEqual(
      [
        ['read', null],
        [
          'failed',
          'Not delivered: this number is not on WhatsApp, or cannot receive messages from businesses',
        ],
      ],
    );
  });

  it('when the owner first replies on WhatsApp, then the buyer leaves their unanswered list', async () => {
    await buyerWrites('Hi');
    const before = (await owner.get('/desk/api/routing/unanswered').expect(200))
      .body as UnansweredAnswer;
    expect(before.buyers.map((b) => b.lead.id)).toEqual([leadId]);

    await reply('Hello Ravi, Arjun here from Elegant Iconia.').expect(201);

    const after = (await owner.get('/desk/api/routing/unanswered').expect(200))
      .body as UnansweredAnswer;
    expect(after.buyers).toEqual([]);
  });

  it('when an agent who does not hold the buyer asks, then they read nothing and send nothing', async () => {
    await buyerWrites('Hi');

    const read = await other.get(`/desk/api/leads/${leadId}/whatsapp`);
    const replied = await reply('Hi from Bina', other);

    expect(read.status).toBe(403);
    expect(read.body).not.toHaveProperty('messages');
    expect(replied.status).toBe(403);
    await t.whatsapp!.drain();
    expect(api.sends).toHaveLength(0);
  });

  it('when an opt-out is cleared, then only a manager may, with the written request as reason, on the timeline', async () => {
    await buyerWrites('STOP');
    const clear = (who: TestAgent, body: object) =>
      who.post(`/desk/api/leads/${leadId}/whatsapp/opt-out/clear`).set(SAME_ORIGIN).send(body);

    expect((await clear(owner, { reason: 'Asked by email' })).status).toBe(403);
    expect((await clear(manager, {})).status).toBe(400);
    expect((await clear(manager, { reason: '  ' })).status).toBe(400);
    await clear(manager, { reason: 'Buyer emailed on 28 Nov asking to hear from us again' }).expect(
      204,
    );

    expect((await conversation()).optedOutAt).toBeNull();
    const lead = await manager.get(`/desk/api/leads/${leadId}`).expect(200);
    const timeline = (lead.body as { timeline: Array<{ text: string }> }).timeline;
    expect(timeline.at(-1)).toMatchObject({
      actor: { name: 'Meena' },
      text: 'WhatsApp opt-out cleared on the buyer’s written request: Buyer emailed on 28 Nov asking to hear from us again',
    });
    await sendTemplate('follow_up').expect(201);
  });

  it('when a reply is empty or longer than 4096 characters, then it is refused with 400', async () => {
    await buyerWrites('Hi');

    expect((await reply('   ')).status).toBe(400);
    expect((await reply('x'.repeat(4097))).status).toBe(400);
  });
});

describe('the WhatsApp conversation when WhatsApp is not set up', () => {
  it('when the desk sends, then it is refused in words', async () => {
    const t = await startDeskTestServer();
    try {
      await t.addUser('meena@iconia.test', 'manager', 'Meena');
      const manager = await t.signIn('meena@iconia.test');
      const leadId = t.storeLead();

      const view = await manager.get(`/desk/api/leads/${leadId}/whatsapp`).expect(200);
      const sent = await manager
        .post(`/desk/api/leads/${leadId}/whatsapp/templates`)
        .set(SAME_ORIGIN)
        .send({ template: 'follow_up' });

      expect((view.body as WhatsappConversation).configured).toBe(false);
      expect(sent.status).toBe(503);
      expect(sent.body).toEqual({ error: 'WhatsApp is not set up on this server.' });
    } finally {
      await t.remove();
    }
  });
});
