import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPushService, type PushDevice, type PushService } from '@iconia/testkit';
import { startTestServer } from '@iconia/api/test-server';
import {
  SAME_ORIGIN,
  startDeskTestServer,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';
import type { DeskUser } from '../desk/desk-types.ts';

const MINUTE = 60_000;

describe('alerts on the desk team’s phones (Web Push)', () => {
  let t: DeskTestServer;
  let push: PushService;
  let manager: DeskUser;
  let agent: DeskUser;
  let bina: DeskUser;
  let managerDesk: TestAgent;
  let agentDesk: TestAgent;

  beforeEach(async () => {
    push = await startPushService();
    t = await startDeskTestServer({
      env: { VAPID_SUBJECT: 'mailto:ops@iconia.test', PUSH_SERVICES: push.origin },
    });
    manager = await t.addUser('meena@iconia.test', 'manager', 'Meena');
    agent = await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
    bina = await t.addUser('bina@iconia.test', 'agent', 'Bina');
    managerDesk = await t.signIn('meena@iconia.test');
    agentDesk = await t.signIn('arjun@iconia.test');
  });
  afterEach(async () => {
    await t.remove();
    await push.close();
  });

  const subscribe = (desk: TestAgent, body: unknown) =>
    desk
      .post('/desk/api/push/subscriptions')
      .set(SAME_ORIGIN)
      .send(body as object);

  const devicesOf = (userId: number) =>
    t.store.db
      .prepare<[number], number>('SELECT count(*) FROM push_subscriptions WHERE user_id = ?')
      .pluck()
      .get(userId);

  async function alertsOn(desk: TestAgent): Promise<PushDevice> {
    const device = push.device();
    const res = await subscribe(desk, device.subscription);
    expect(res.status).toBe(201);
    return device;
  }

  const onDuty = (...users: DeskUser[]) => {
    for (const user of users) t.routing.setDuty(user.id, true, t.clock.now());
  };

  const payloads = (device: PushDevice) =>
    device.received.map((message) => JSON.parse(message.payload ?? 'null') as unknown);

  it('when a signed-in person asks for the key, then it is a P-256 public key in base64url, the same after a restart', async () => {
    const res = await agentDesk.get('/desk/api/push/key');

    expect(res.status).toBe(200);
    const key = Buffer.from((res.body as { publicKey: string }).publicKey, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);

    await t.close();
    const again = await startTestServer({ dataDir: t.config.dataDir });
    try {
      const stored = again.store.db.prepare('SELECT public_key FROM push_keys').pluck().all();
      expect(stored).toEqual([(res.body as { publicKey: string }).publicKey]);
    } finally {
      await again.close();
    }
  });

  it('when a browser subscription is posted, then it is stored for the person (201), and posting it again answers 200', async () => {
    const device = push.device();

    const first = await subscribe(agentDesk, device.subscription);
    const second = await subscribe(agentDesk, device.subscription);

    expect(first.status).toBe(201);
    expect(first.body).toEqual({ devices: 1 });
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ devices: 1 });
    expect(devicesOf(agent.id)).toBe(1);
  });

  it('when the subscription is not one a browser gives, then it is refused with 400 and a sentence naming the field', async () => {
    const { subscription } = push.device();
    const cases: Array<[unknown, string]> = [
      [
        { ...subscription, endpoint: 'ftp://push.example/x' },
        '"endpoint" must be an https or http URL.',
      ],
      [{ ...subscription, endpoint: 'not a url' }, '"endpoint" must be an https or http URL.'],
      [
        { ...subscription, keys: { ...subscription.keys, p256dh: 'abc' } },
        '"keys.p256dh" must be 65 bytes written in base64url without padding.',
      ],
      [
        { ...subscription, keys: { ...subscription.keys, auth: `${subscription.keys.auth}==` } },
        '"keys.auth" must be 16 bytes written in base64url without padding.',
      ],
      [
        { ...subscription, keys: { ...subscription.keys, p256dh: `B${'A'.repeat(86)}` } },
        '"keys.p256dh" is not a P-256 public key.',
      ],
      [
        { endpoint: subscription.endpoint },
        '"keys" must hold the subscription\'s p256dh and auth keys.',
      ],
      [
        { ...subscription, extra: 1 },
        'Unknown field "extra"; expected endpoint, expirationTime, keys.',
      ],
    ];

    for (const [body, error] of cases) {
      const res = await subscribe(agentDesk, body);
      expect(res.status, error).toBe(400);
      expect(res.body, error).toEqual({ error });
    }
    expect(devicesOf(agent.id)).toBe(0);
  });

  it('when the endpoint is not at a browser push service the server allows, such as an address inside its network, then it is refused with 400 and nothing is stored', async () => {
    const { subscription } = push.device();
    for (const endpoint of [
      'http://127.0.0.1:6379/push/x',
      'http://169.254.169.254/latest/meta-data/',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
    ]) {
      const res = await subscribe(agentDesk, { ...subscription, endpoint });

      expect(res.status, endpoint).toBe(400);
      expect(res.body, endpoint).toEqual({
        error:
          '"endpoint" is not at a browser push service this server sends alerts to (PUSH_SERVICES).',
      });
    }
    expect(devicesOf(agent.id)).toBe(0);
  });

  it('when someone turns alerts off for an endpoint, then only their own subscription goes', async () => {
    const device = await alertsOn(agentDesk);

    const byManager = await managerDesk
      .delete('/desk/api/push/subscriptions')
      .set(SAME_ORIGIN)
      .send({ endpoint: device.subscription.endpoint });
    expect(byManager.status).toBe(204);
    expect(devicesOf(agent.id)).toBe(1);

    const byAgent = await agentDesk
      .delete('/desk/api/push/subscriptions')
      .set(SAME_ORIGIN)
      .send({ endpoint: device.subscription.endpoint });
    expect(byAgent.status).toBe(204);
    expect(devicesOf(agent.id)).toBe(0);
  });

  it('when a buyer is assigned to an agent with alerts on, then their device gets an encrypted, VAPID-signed push naming the buyer by first name and what they asked for', async () => {
    const device = await alertsOn(agentDesk);
    const key = ((await agentDesk.get('/desk/api/push/key')).body as { publicKey: string })
      .publicKey;
    onDuty(agent);

    const leadId = t.storeLead({
      name: 'Asha Rao',
      mobile: '9876501234',
      email: 'asha.rao@example.com',
      plotRange: '300 - 400 Sq. Yds',
      message: 'East facing please, call me on 98765 01234',
    });
    await t.pushes.drain();

    expect(device.received).toHaveLength(1);
    const [message] = device.received;
    expect(message?.error).toBeUndefined();
    expect(payloads(device)).toEqual([
      {
        title: 'New buyer: Asha',
        body: 'Plot range 300 - 400 Sq. Yds · East facing please, call me on …',
        url: `/desk/leads/${leadId}`,
        tag: `lead-${leadId}`,
      },
    ]);
    expect(message?.vapid).toMatchObject({
      aud: push.origin,
      sub: 'mailto:ops@iconia.test',
      publicKey: key,
    });
    expect(message?.headers).toMatchObject({ urgency: 'high', ttl: String(12 * 3600) });
    // Nothing a stranger reading the lock screen should see.
    expect(message?.payload).not.toMatch(/Rao|98765|01234|asha\.rao|example\.com/);
  });

  it('when the buyer is erased before the push went out, then it is never sent', async () => {
    const device = await alertsOn(agentDesk);
    push.answer(device, 503);
    onDuty(agent);
    t.storeLead({ name: 'Asha Rao', mobile: '9876501234' });
    await t.pushes.drain();
    expect(device.received).toHaveLength(1);

    const erased = await managerDesk
      .post('/desk/api/erasures')
      .set(SAME_ORIGIN)
      .send({ mobile: '9876501234' });
    expect(erased.status).toBe(200);
    push.answer(device, 201);
    t.clock.advance(60 * MINUTE);
    await t.pushes.drain();

    expect(device.received).toHaveLength(1);
    const pending = t.store.db
      .prepare("SELECT count(*) FROM deliveries WHERE channel = 'push' AND status = 'pending'")
      .pluck()
      .get();
    expect(pending).toBe(0);
  });

  it('when the push service answers 410 Gone, then the subscription is removed, the message counts as done and no more pushes go to it', async () => {
    const device = await alertsOn(agentDesk);
    push.answer(device, 410);
    onDuty(agent);

    t.storeLead({ name: 'Asha Rao' });
    await t.pushes.drain();

    expect(device.received).toHaveLength(1);
    expect(devicesOf(agent.id)).toBe(0);
    const states = t.store.db
      .prepare("SELECT status FROM deliveries WHERE channel = 'push'")
      .pluck()
      .all();
    expect(states).toEqual(['sent']);

    t.storeLead({ name: 'Kiran Das' });
    await t.pushes.drain();
    expect(device.received).toHaveLength(1);
  });

  it('when the push service fails with 503, then the push is retried and arrives', async () => {
    const device = await alertsOn(agentDesk);
    push.answer(device, 503);
    onDuty(agent);

    t.storeLead({ name: 'Asha Rao' });
    await t.pushes.drain();
    expect(device.received.map((message) => message.status)).toEqual([503]);
    expect(devicesOf(agent.id)).toBe(1);

    push.answer(device, 201);
    t.clock.advance(MINUTE);
    await t.pushes.drain();

    expect(device.received.map((message) => message.status)).toEqual([503, 201]);
    expect(payloads(device)[1]).toMatchObject({ title: 'New buyer: Asha' });
  });

  it('when an agent misses the target and the buyer is reassigned, then each manager device gets the alert and the new agent a push', async () => {
    const managerPhone = await alertsOn(managerDesk);
    const agentPhone = await alertsOn(agentDesk);
    const binaPhone = await alertsOn(await t.signIn('bina@iconia.test'));
    onDuty(agent);
    const leadId = t.storeLead({ name: 'Asha Rao', plotRange: '200 - 300 Sq. Yds' });
    await t.pushes.drain();
    onDuty(bina);

    t.clock.advance(6 * MINUTE);
    await t.routingSteps.drain();
    await t.pushes.drain();

    expect(payloads(agentPhone)).toHaveLength(1);
    expect(payloads(binaPhone)).toEqual([
      expect.objectContaining({ title: 'New buyer: Asha', url: `/desk/leads/${leadId}` }),
    ]);
    expect(payloads(managerPhone)).toEqual([
      {
        title: 'Reassigned: Asha',
        body: 'Arjun did not call within 5 min; now with Bina. Plot range 200 - 300 Sq. Yds',
        url: `/desk/leads/${leadId}`,
        tag: `lead-${leadId}`,
      },
    ]);
  });

  it('when an account is disabled, or its owner signs out everywhere, then its devices get no more alerts', async () => {
    await alertsOn(agentDesk);
    await alertsOn(managerDesk);

    const disabled = await managerDesk
      .post(`/desk/api/users/${agent.id}/disable`)
      .set(SAME_ORIGIN)
      .send({});
    expect(disabled.status).toBe(200);
    expect(devicesOf(agent.id)).toBe(0);

    const signedOut = await managerDesk
      .post('/desk/api/session/sign-out-everywhere')
      .set(SAME_ORIGIN)
      .send({});
    expect(signedOut.status).toBe(204);
    expect(devicesOf(manager.id)).toBe(0);
  });

  const check = (desk: TestAgent, endpoint: unknown) =>
    desk.post('/desk/api/push/subscriptions/check').set(SAME_ORIGIN).send({ endpoint });

  it("when a person asks about their own device, then it is reported stored, and about another person's device, not", async () => {
    const agentsPhone = await alertsOn(agentDesk);
    const managersPhone = await alertsOn(managerDesk);

    const own = await check(agentDesk, agentsPhone.subscription.endpoint);
    const others = await check(agentDesk, managersPhone.subscription.endpoint);

    expect([own.status, own.body]).toEqual([200, { stored: true }]);
    expect([others.status, others.body]).toEqual([200, { stored: false }]);
  });

  it('when the owner signed out everywhere on another device, then this device is reported not stored once they sign in again', async () => {
    const phone = await alertsOn(agentDesk);
    const laptop = await t.signIn('arjun@iconia.test');

    const signedOut = await laptop
      .post('/desk/api/session/sign-out-everywhere')
      .set(SAME_ORIGIN)
      .send({});
    expect(signedOut.status).toBe(204);
    const again = await t.signIn('arjun@iconia.test');
    const res = await check(again, phone.subscription.endpoint);

    expect([res.status, res.body]).toEqual([200, { stored: false }]);
  });

  it('when a stranger asks about a device, then the answer is 401 and says nothing of it', async () => {
    const phone = await alertsOn(agentDesk);

    const res = await request(t.url)
      .post('/desk/api/push/subscriptions/check')
      .set(SAME_ORIGIN)
      .send({ endpoint: phone.subscription.endpoint });

    expect([res.status, res.body]).toEqual([401, { error: 'Please sign in.' }]);
  });

  it('when the endpoint asked about is not a URL, then the answer is 400 naming the field', async () => {
    const res = await check(agentDesk, 'not a url');

    expect([res.status, res.body]).toEqual([
      400,
      { error: '"endpoint" must be an https or http URL.' },
    ]);
  });

  it('when a subscription is posted from another site, then it is refused and nothing is stored', async () => {
    const device = push.device();

    const res = await agentDesk
      .post('/desk/api/push/subscriptions')
      .set('Origin', 'https://evil.example')
      .send(device.subscription);

    expect(res.status).toBe(403);
    expect(devicesOf(agent.id)).toBe(0);
  });
});

describe('the push of a new lead, with the outbox never polled', () => {
  it('when a visitor sends the brochure form, then the agent on duty has the push with no worker prodded: the lead’s own commit wakes it', async () => {
    // The workers poll the outbox on an interval (every 5 s); held still here, it never comes,
    // so only the lead's commit can send the push.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const push = await startPushService();
    const t = await startDeskTestServer({
      env: { VAPID_SUBJECT: 'mailto:ops@iconia.test', PUSH_SERVICES: push.origin },
    });
    try {
      const agent = await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
      const device = push.device();
      const subscribed = await (
        await t.signIn('arjun@iconia.test')
      )
        .post('/desk/api/push/subscriptions')
        .set(SAME_ORIGIN)
        .send(device.subscription);
      expect(subscribed.status).toBe(201);
      t.routing.setDuty(agent.id, true, t.clock.now());

      const posted = await request(t.url).post('/send-email').type('form').send({
        name: 'Asha Rao',
        mobile: '9876501234',
        plotRange: '165 - 200 Sq. Yds',
      });
      expect(posted.status).toBe(200);
      await push.waitFor(1);

      expect(
        device.received.map((message) => JSON.parse(message.payload ?? 'null') as unknown),
      ).toEqual([
        expect.objectContaining({ title: 'New buyer: Asha', body: 'Plot range 165 - 200 Sq. Yds' }),
      ]);
    } finally {
      await t.remove();
      await push.close();
      vi.useRealTimers();
    }
  });
});
