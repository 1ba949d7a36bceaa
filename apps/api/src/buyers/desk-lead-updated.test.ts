import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, startWebhookReceiver, type WebhookReceiver } from '@iconia/testkit';
import { signWebhook } from '../standard-webhooks.ts';
import { webhookChannelName } from '../webhooks/webhook-channel.ts';
import {
  SAME_ORIGIN,
  startDeskTestServer,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';
import type { DeskUser } from '../desk/desk-types.ts';

const SIGNING_KEY = `whsec_${randomBytes(32).toString('base64')}`;
const KEY = Buffer.from(SIGNING_KEY.slice('whsec_'.length), 'base64');

interface Posted {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

describe('the CRM told of a buyer’s stage and owner', () => {
  let t: DeskTestServer;
  let receiver: WebhookReceiver;
  let arjun: DeskUser;
  const publicIds: string[] = [];
  let buyerId: unknown;

  const bodies = (from: number): Posted[] =>
    receiver.posts.slice(from).map((post) => JSON.parse(post.body) as Posted);
  const drain = () => Promise.all(t.webhooks.map((worker) => worker.drain()));

  beforeAll(async () => {
    receiver = await startWebhookReceiver({ reply: answer(200) });
    t = await startDeskTestServer({
      env: { WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: SIGNING_KEY },
    });
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    arjun = await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
    // One person, two forms: one buyer with two leads, each posted as lead.created.
    const brochure = await request(t.url).post('/send-email').type('form').send({
      name: 'Ravi Kumar',
      mobile: '9876543210',
      plotRange: '200 - 300 Sq. Yds',
      source: 'brochure-modal',
    });
    expect(brochure.text).toBe('success');
    t.clock.advance(60_000);
    const contact = await request(t.url)
      .post('/contact-form')
      .type('form')
      .send({ name: 'Ravi K', mobile: '9876543210', location: 'Kokapet', source: 'contact-form' });
    expect(contact.text).toBe('success');
    await receiver.waitFor(2);
    const created = bodies(0);
    publicIds.push(...created.map((event) => String(event.data.id)));
    buyerId = created[0]?.data.buyerId;
    expect(created.map((event) => [event.type, event.data.buyerId])).toEqual([
      ['lead.created', buyerId],
      ['lead.created', buyerId],
    ]);
  });
  afterAll(async () => {
    await t.remove();
    await receiver.close();
  });

  it('when an agent claims the buyer and then moves them on, then the CRM gets a signed lead.updated for each, naming both leads, and nothing for a note or a follow-up', async () => {
    const before = receiver.posts.length;
    const agent = await t.signIn('arjun@iconia.test');
    const [first, second] = t.store.listLeads();

    const claimed = await agent
      .patch(`/desk/api/leads/${first?.id}`)
      .set(SAME_ORIGIN)
      .send({ ownerId: arjun.id });
    expect(claimed.status).toBe(200);
    t.clock.advance(60_000);
    // Through the other lead's page: the same buyer.
    const moved = await agent
      .patch(`/desk/api/leads/${second?.id}`)
      .set(SAME_ORIGIN)
      .send({ stage: 'contacted', followUpAt: '2026-11-23T11:00:00+05:30' });
    expect(moved.status).toBe(200);
    await agent
      .post(`/desk/api/leads/${first?.id}/notes`)
      .set(SAME_ORIGIN)
      .send({ text: 'Call after 6' });
    await agent.patch(`/desk/api/leads/${first?.id}`).set(SAME_ORIGIN).send({ followUpAt: null });
    await drain();

    const posts = receiver.posts.slice(before);
    expect(posts.map((post) => (JSON.parse(post.body) as Posted).type)).toEqual([
      'lead.updated',
      'lead.updated',
    ]);
    expect(bodies(before).map((event) => event.data)).toEqual([
      {
        leadIds: publicIds,
        buyerId,
        stage: 'new',
        owner: { id: arjun.id, name: 'Arjun' },
        changed: ['owner'],
        updatedAt: '2026-11-21T15:46:00+05:30',
      },
      {
        leadIds: publicIds,
        buyerId,
        stage: 'contacted',
        owner: { id: arjun.id, name: 'Arjun' },
        changed: ['stage'],
        updatedAt: '2026-11-21T15:47:00+05:30',
      },
    ]);
    for (const post of posts) {
      const { 'webhook-id': id, 'webhook-timestamp': sentAt } = post.headers;
      expect(post.headers['webhook-signature']).toBe(
        signWebhook(KEY, String(id), Number(sentAt), post.body),
      );
    }
    expect(new Set(posts.map((post) => post.headers['webhook-id'])).size).toBe(2);
    expect(t.store.pendingSummary(webhookChannelName(receiver.url)).count).toBe(0);
  });

  it('when a manager changes stage and owner at once, then one lead.updated says both changed, queued in the change’s own transaction', async () => {
    const before = receiver.posts.length;
    const manager = await t.signIn('meena@iconia.test');
    const [first] = t.store.listLeads();
    // The CRM is down: the event waits in the outbox, written with the change.
    receiver.reply(answer(503));
    const changed = await manager
      .patch(`/desk/api/leads/${first?.id}`)
      .set(SAME_ORIGIN)
      .send({ ownerId: null, stage: 'lost', lostReason: 'Bought elsewhere' });
    expect(changed.status).toBe(200);
    const queued = t.store.db
      .prepare(`SELECT kind, payload FROM deliveries WHERE kind = 'lead.updated' ORDER BY id DESC`)
      .get() as { kind: string; payload: string };
    expect(JSON.parse(queued.payload)).toMatchObject({
      stage: 'lost',
      owner: null,
      changed: ['owner', 'stage'],
    });

    receiver.reply(answer(200));
    t.clock.advance(3_600_000);
    await drain();
    const updates = bodies(before).filter((event) => event.type === 'lead.updated');
    expect(updates.at(-1)?.data).toMatchObject({
      leadIds: publicIds,
      stage: 'lost',
      owner: null,
      changed: ['owner', 'stage'],
    });
  });
});
