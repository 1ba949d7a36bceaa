import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answer, startWebhookReceiver, type WebhookReceiver } from '@iconia/testkit';
import { startDeskTestServer, type DeskTestServer } from '../desk/desk-test-support.ts';
import type { DeskUser } from '../desk/desk-types.ts';

const SIGNING_KEY = `whsec_${randomBytes(32).toString('base64')}`;
const MINUTE = 60_000;

interface Posted {
  type: string;
  data: { buyerId?: number; owner?: unknown; changed?: string[]; stage?: string };
}

describe('the CRM told of the owners routing gives a buyer', () => {
  let t: DeskTestServer;
  let receiver: WebhookReceiver;
  let arjun: DeskUser;
  let bina: DeskUser;

  const events = (): Posted[] => receiver.posts.map((post) => JSON.parse(post.body) as Posted);
  const drainWebhooks = () => Promise.all(t.webhooks.map((worker) => worker.drain()));

  beforeEach(async () => {
    receiver = await startWebhookReceiver({ reply: answer(200) });
    t = await startDeskTestServer({
      env: { WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: SIGNING_KEY },
    });
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    arjun = await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
    bina = await t.addUser('bina@iconia.test', 'agent', 'Bina');
  });
  afterEach(async () => {
    await t.remove();
    await receiver.close();
  });

  it('when a new buyer is assigned on arrival and moved on after a missed target, then the CRM gets lead.created and then a lead.updated naming each owner', async () => {
    t.routing.setDuty(arjun.id, true, t.clock.now());
    t.routing.setDuty(bina.id, true, t.clock.now());

    const posted = await request(t.url).post('/send-email').type('form').send({
      name: 'Ravi Kumar',
      mobile: '9876543210',
      plotRange: '200 - 300 Sq. Yds',
      source: 'brochure-modal',
    });
    expect(posted.text).toBe('success');
    await receiver.waitFor(2);
    await drainWebhooks();
    const [created, assigned] = events();
    expect(created?.type).toBe('lead.created');
    const first = assigned?.data.owner as { id: number; name: string };
    expect(assigned).toMatchObject({
      type: 'lead.updated',
      data: { buyerId: created?.data.buyerId, stage: 'new', changed: ['owner'] },
    });
    expect([arjun.id, bina.id]).toContain(first.id);

    // Nobody calls within the five-minute target: the buyer moves to the other agent.
    t.clock.advance(5 * MINUTE + 1);
    await t.routingSteps.drain();
    await drainWebhooks();
    const moved = events()[2];
    expect(moved).toMatchObject({ type: 'lead.updated', data: { changed: ['owner'] } });
    expect((moved?.data.owner as { id: number }).id).toBe(
      first.id === arjun.id ? bina.id : arjun.id,
    );
    expect(events()).toHaveLength(3);
  });

  it('when nobody is on duty, then the CRM hears of the lead only, until someone comes on duty and takes the buyer', async () => {
    await request(t.url)
      .post('/contact-form')
      .type('form')
      .send({ name: 'Ravi K', mobile: '9876543210', location: 'Kokapet', source: 'contact-form' });
    await receiver.waitFor(1);
    await drainWebhooks();
    expect(events().map((event) => event.type)).toEqual(['lead.created']);

    t.routing.setDuty(bina.id, true, t.clock.now());
    await drainWebhooks();
    expect(events().map((event) => [event.type, event.data.owner])).toEqual([
      ['lead.created', undefined],
      ['lead.updated', { id: bina.id, name: 'Bina' }],
    ]);
  });
});
