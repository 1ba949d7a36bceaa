import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WhatsappCloudApi } from '@iconia/testkit';
import type { Broker, BuyerClaim } from '@iconia/shared';
import {
  SAME_ORIGIN,
  startDeskTestServer,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';
import { BROKER_NOTICE_KIND } from '../store/broker-schema.ts';
import { startCloudApiPeer, whatsappEnv } from '../whatsapp/whatsapp-test-support.ts';

// secret-scan: allow (a made-up password of a test broker)
const BROKER_PASSWORD = 'brokers walk the site daily';

describe('a channel partner’s check-in code, with WhatsApp set up', () => {
  let api: WhatsappCloudApi;
  let t: DeskTestServer;
  let agent: TestAgent;
  let broker: TestAgent;

  beforeEach(async () => {
    api = await startCloudApiPeer();
    t = await startDeskTestServer({ env: whatsappEnv(api) });
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    const arjun = await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
    const manager = await t.signIn('meena@iconia.test');
    agent = await t.signIn('arjun@iconia.test');
    await request(t.url).post('/partners/api/applications').set(SAME_ORIGIN).send({
      firm: 'Sai Estates',
      person: 'Ravi',
      mobile: '9848000001',
      email: 'ravi@broker.test',
      rera: 'A02500002345',
    });
    const { brokers } = (await manager.get('/desk/api/brokers')).body as { brokers: Broker[] };
    await manager
      .post(`/desk/api/brokers/${brokers[0]?.id}/approve`)
      .set(SAME_ORIGIN)
      .send({ ownerId: arjun.id });
    const link = t.store.db
      .prepare(`SELECT payload FROM deliveries WHERE kind = ? ORDER BY id DESC LIMIT 1`)
      .pluck()
      .get(BROKER_NOTICE_KIND) as string;
    const token = /#([\w-]+)/.exec(link)?.[1] ?? '';
    broker = request.agent(t.url);
    await broker
      .post('/partners/api/password')
      .set(SAME_ORIGIN)
      .send({ token, password: BROKER_PASSWORD });
  });
  afterEach(async () => {
    await t.remove();
    await api.close();
  });

  it('when the agent asks for the code, then it goes to the client’s WhatsApp as the claim_code template, not to the agent, and proves the claim', async () => {
    const registered = await broker.post('/partners/api/clients').set(SAME_ORIGIN).send({
      name: 'Kiran Rao',
      mobile: '9812345678',
      plotRange: '200 - 300 Sq. Yds',
      consent: true,
    });
    expect(registered.status, registered.text).toBe(201);
    const leadId = t.store.db
      .prepare(`SELECT id FROM leads WHERE origin = 'broker'`)
      .pluck()
      .get() as number;

    const asked = await agent.post(`/desk/api/leads/${leadId}/broker-claim/code`).set(SAME_ORIGIN);
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body).toEqual({ whatsapp: true, code: null });

    await t.whatsapp!.drain();
    await t.whatsapp!.drain();
    const sent = api.sends.find((send) => send.body.template?.name === 'claim_code');
    expect(sent?.body.to).toBe('919812345678');
    const body = sent?.body.template?.components?.find((part) => part.type === 'body');
    const code = body?.parameters?.[0]?.text;
    expect(code).toMatch(/^\d{6}$/);
    const button = sent?.body.template?.components?.find((part) => part.type === 'button');
    expect(button?.parameters?.[0]?.text).toBe(code);

    const proven = await agent
      .post(`/desk/api/leads/${leadId}/broker-claim/proof`)
      .set(SAME_ORIGIN)
      .send({ code });
    expect(proven.status, proven.text).toBe(200);
    expect((proven.body as { claim: BuyerClaim }).claim.proven).toBe(true);
  });
});
