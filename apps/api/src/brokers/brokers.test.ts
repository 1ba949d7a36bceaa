import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Brokerage, Broker, BuyerClaim, PartnerClient } from '@iconia/shared';
import {
  deskRoutes,
  importPlots,
  SAME_ORIGIN,
  startDeskTestServer,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';
import { BROKER_NOTICE_KIND } from '../store/broker-schema.ts';

const DAY_MS = 86_400_000;
// secret-scan: allow (a made-up password of a test broker)
const BROKER_PASSWORD = 'brokers walk the site daily';

const application = (n: number) => ({
  firm: `Sai Estates ${n}`,
  person: `Ravi ${n}`,
  mobile: `98480000${String(n).padStart(2, '0')}`,
  email: `ravi${n}@broker.test`,
  rera: `A0250000${2340 + n}`,
});

const client = (mobile: string, name = 'Kiran Rao') => ({
  name,
  mobile,
  plotRange: '200 - 300 Sq. Yds',
  consent: true,
});

interface Notice {
  to: { address: string }[];
  subject: string;
  lines: string[];
  link?: { href: string };
}

describe('channel partners: applications, the registration rule, proof at the visit and brokerage', () => {
  let t: DeskTestServer;
  let manager: TestAgent;
  let arjun: TestAgent;
  let arjunId: number;

  const notices = (): Notice[] =>
    t.store.db
      .prepare(`SELECT payload FROM deliveries WHERE kind = ? ORDER BY id`)
      .pluck()
      .all(BROKER_NOTICE_KIND)
      .map((payload) => JSON.parse(payload as string) as Notice);

  /** Applies, is approved by the manager (owned by Arjun), and signs in through the emailed link. */
  async function approvedBroker(
    n: number,
    ratePercent?: number,
  ): Promise<{ agent: TestAgent; id: number }> {
    const applied = await request(t.url)
      .post('/partners/api/applications')
      .set(SAME_ORIGIN)
      .send(application(n));
    expect(applied.status, applied.text).toBe(201);
    const listed = (await manager.get('/desk/api/brokers')).body as { brokers: Broker[] };
    const broker = listed.brokers.find((row) => row.email === application(n).email)!;
    const approved = await manager
      .post(`/desk/api/brokers/${broker.id}/approve`)
      .set(SAME_ORIGIN)
      .send({ ownerId: arjunId, ...(ratePercent !== undefined && { ratePercent }) });
    expect(approved.status, approved.text).toBe(200);
    const link =
      notices().findLast((notice) => notice.to[0]?.address === application(n).email)?.link?.href ??
      '';
    const token = link.split('#')[1] ?? '';
    const agent = request.agent(t.url);
    const chosen = await agent
      .post('/partners/api/password')
      .set(SAME_ORIGIN)
      .send({ token, password: BROKER_PASSWORD });
    expect(chosen.status, chosen.text).toBe(200);
    return { agent, id: broker.id };
  }

  async function signInBroker(n: number): Promise<TestAgent> {
    const agent = request.agent(t.url);
    const res = await agent
      .post('/partners/api/session')
      .set(SAME_ORIGIN)
      .send({ email: application(n).email, password: BROKER_PASSWORD });
    expect(res.status, res.text).toBe(200);
    return agent;
  }

  const register = (agent: TestAgent, body: object) =>
    agent.post('/partners/api/clients').set(SAME_ORIGIN).send(body);

  const leadOf = (mobile: string) =>
    t.store.db
      .prepare(`SELECT id FROM leads WHERE mobile = ? ORDER BY id DESC`)
      .pluck()
      .get(mobile) as number;

  beforeEach(async () => {
    t = await startDeskTestServer();
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    arjunId = (await t.addUser('arjun@iconia.test', 'agent', 'Arjun')).id;
    await t.addUser('sita@iconia.test', 'agent', 'Sita');
    manager = await t.signIn('meena@iconia.test');
    arjun = await t.signIn('arjun@iconia.test');
  });
  afterEach(async () => {
    await t.remove();
  });

  it('when a broker applies, then the managers are emailed; once approved, the broker chooses a password from the emailed link and signs in with it', async () => {
    const { agent } = await approvedBroker(1);
    expect(notices()[0]).toMatchObject({
      to: [{ address: 'meena@iconia.test' }],
      subject: 'Channel partner application: Sai Estates 1',
    });
    expect((await agent.get('/partners/api/me')).body).toMatchObject({
      broker: { firm: 'Sai Estates 1', person: 'Ravi 1', ratePercent: 1 },
    });

    const again = await request(t.url)
      .post('/partners/api/session')
      .set(SAME_ORIGIN)
      .send({ email: 'ravi1@broker.test', password: BROKER_PASSWORD });
    expect(again.status).toBe(200);
    const wrong = await request(t.url)
      .post('/partners/api/session')
      .set(SAME_ORIGIN)
      .send({ email: 'ravi1@broker.test', password: 'not the password at all' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Email or password is incorrect.' });
    // The used link works once.
    const token = notices()[1]?.link?.href.split('#')[1] ?? '';
    const reused = await request(t.url)
      .post('/partners/api/password')
      .set(SAME_ORIGIN)
      .send({ token, password: 'another long password' });
    expect(reused.status).toBe(400);
  });

  it('when the week has visit slots, then a broker sees the next free ones, seven days ahead', async () => {
    const { agent } = await approvedBroker(1);
    const slots = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, time: '23:30', capacity: 2 }));
    const saved = await manager.put('/desk/api/visit-slots').set(SAME_ORIGIN).send({ slots });
    expect(saved.status, saved.text).toBe(200);
    const free = (await agent.get('/partners/api/visit-slots')).body as {
      days: Array<{ day: string; times: Array<{ time: string; left: number }> }>;
    };
    expect(free.days.length).toBeGreaterThanOrEqual(6);
    expect(free.days.length).toBeLessThanOrEqual(7);
    expect(free.days[1]?.times).toEqual([{ time: '23:30', left: 2 }]);
  });

  it('when an application is incomplete, then it is refused naming the field', async () => {
    const res = await request(t.url)
      .post('/partners/api/applications')
      .set(SAME_ORIGIN)
      .send({ ...application(2), rera: 'none' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: '"rera" must be your TG-RERA agent registration number, such as A02500002345.',
    });
  });

  it('when two brokers register the same mobile at the same moment, then one claims the client and the other is refused with the date, kept for the managers', async () => {
    const first = await approvedBroker(1);
    const second = await approvedBroker(2);
    const [a, b] = await Promise.all([
      register(first.agent, client('9812345678')),
      register(second.agent, client('98123 45678')),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const refused = a.status === 409 ? a : b;
    expect((refused.body as { error: string }).error).toMatch(
      /^Already registered by another channel partner until \w{3} \d{1,2} \w{3} \d{4}\.$/,
    );
    const refusals = (await manager.get('/desk/api/broker-refusals')).body as {
      refusals: unknown[];
    };
    expect(refusals.refusals).toHaveLength(1);
    // One buyer, one enquiry, routed to the agent who owns the brokers.
    const leads = t.store.db
      .prepare(`SELECT origin FROM leads WHERE mobile = '+919812345678'`)
      .pluck()
      .all();
    expect(leads).toEqual(['broker']);
    const owner = t.store.db
      .prepare(`SELECT owner_id FROM buyers WHERE mobile = '+919812345678'`)
      .pluck()
      .get();
    expect(owner).toBe(arjunId);
    // Each broker sees only their own client.
    const claimer = a.status === 201 ? first : second;
    const other = a.status === 201 ? second : first;
    const mine = (await claimer.agent.get('/partners/api/clients')).body as {
      clients: PartnerClient[];
    };
    const theirs = (await other.agent.get('/partners/api/clients')).body as {
      clients: PartnerClient[];
    };
    expect(mine.clients.map((row) => row.status)).toEqual(['registered']);
    expect(theirs.clients).toEqual([]);
  });

  it('when the client already visited the site, or came first through the website, then the registration is refused; a manager can override the latter', async () => {
    const { agent } = await approvedBroker(1);
    const visitedLead = t.storeLead({ mobile: '9811111111' });
    const buyer = t.store.db
      .prepare(`SELECT buyer_id FROM leads WHERE id = ?`)
      .pluck()
      .get(visitedLead);
    t.store.db
      .prepare(
        `INSERT INTO visits (buyer_id, lead_id, day, time, starts_at, people, pickup, status, booked_at)
         VALUES (?, ?, '2026-11-20', '10:00', ?, 2, 0, 'done', ?)`,
      )
      .run(buyer, visitedLead, t.clock.now() - DAY_MS, t.clock.now() - 2 * DAY_MS);
    const visited = await register(agent, client('9811111111'));
    expect(visited.status).toBe(409);
    expect(visited.body).toEqual({ error: 'This client has already visited the site.' });

    t.storeLead({ mobile: '9822222222' });
    const known = await register(agent, client('9822222222'));
    expect(known.status).toBe(409);
    expect((known.body as { error: string }).error).toMatch(
      /^Already an enquiry with our sales team since .+ through Website;/,
    );

    const refusals = (await manager.get('/desk/api/broker-refusals')).body as {
      refusals: Array<{ id: number; mobile: string }>;
    };
    const refusal = refusals.refusals.find((row) => row.mobile === '+919822222222')!;
    const overridden = await manager
      .post(`/desk/api/broker-refusals/${refusal.id}/override`)
      .set(SAME_ORIGIN)
      .send({ reason: 'The buyer says Ravi brought them; confirmed by phone.' });
    expect(overridden.status, overridden.text).toBe(201);
    const visitedRefusal = refusals.refusals.find((row) => row.mobile === '+919811111111')!;
    const notOverridable = await manager
      .post(`/desk/api/broker-refusals/${visitedRefusal.id}/override`)
      .set(SAME_ORIGIN)
      .send({ reason: 'Trying anyway' });
    expect(notOverridable.status).toBe(409);
  });

  it('when a claim reaches its end without a visit, then its broker is told a week before and the claim lapses, on the clock', async () => {
    const { agent } = await approvedBroker(1);
    expect((await register(agent, client('9833333333'))).status).toBe(201);
    const brokers = t.desk.api.brokers;

    t.clock.advance(52 * DAY_MS);
    brokers.sweep();
    expect(
      notices().filter((notice) => notice.subject.startsWith('Registration of Kiran Rao ends')),
    ).toHaveLength(0);

    t.clock.advance(DAY_MS + 1);
    brokers.sweep();
    brokers.sweep();
    const told = notices().filter((notice) =>
      notice.subject.startsWith('Registration of Kiran Rao ends'),
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.to).toEqual([{ name: 'Ravi 1', address: 'ravi1@broker.test' }]);
    // A week-old session has ended by now: the broker signs in again.
    expect((await agent.get('/partners/api/clients')).status).toBe(401);
    const again = await signInBroker(1);
    expect(
      ((await again.get('/partners/api/clients')).body as { clients: PartnerClient[] }).clients[0]
        ?.status,
    ).toBe('registered');

    t.clock.advance(7 * DAY_MS);
    brokers.sweep();
    const later = await signInBroker(1);
    const clients = (await later.get('/partners/api/clients')).body as { clients: PartnerClient[] };
    expect(clients.clients[0]?.status).toBe('lapsed');
    // Lapsed, the client may be registered again.
    expect((await register(later, client('9833333333'))).status).toBe(201);
  });

  it('when the agent types the client’s code at check-in, then the claim is proven; three wrong codes refuse it and alert the managers', async () => {
    const { agent } = await approvedBroker(1);
    await register(agent, client('9844444444'));
    await register(agent, client('9855555555', 'Lata Reddy'));
    const right = leadOf('+919844444444');
    const wrong = leadOf('+919855555555');

    // The inbox names the broker on the claimed buyer's row.
    const inbox = (await arjun.get('/desk/api/leads?q=Lata')).body as {
      leads: Array<{ name: string; brokerClaim: unknown }>;
    };
    expect(inbox.leads.map((row) => row.brokerClaim)).toEqual([
      {
        firm: 'Sai Estates 1',
        until: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as string,
        proven: false,
      },
    ]);

    const shown = await arjun.get(`/desk/api/leads/${right}/broker-claim`);
    expect((shown.body as { claim: BuyerClaim }).claim).toMatchObject({
      broker: { firm: 'Sai Estates 1', person: 'Ravi 1' },
      proven: false,
    });
    const { code } = (
      await arjun.post(`/desk/api/leads/${right}/broker-claim/code`).set(SAME_ORIGIN)
    ).body as { code: string };
    expect(code).toMatch(/^\d{6}$/);
    const proven = await arjun
      .post(`/desk/api/leads/${right}/broker-claim/proof`)
      .set(SAME_ORIGIN)
      .send({ code });
    expect(proven.status, proven.text).toBe(200);
    expect((proven.body as { claim: BuyerClaim }).claim.proven).toBe(true);

    const issued = (await arjun.post(`/desk/api/leads/${wrong}/broker-claim/code`).set(SAME_ORIGIN))
      .body as { code: string };
    const notIt = issued.code === '000000' ? '111111' : '000000';
    const tries = [];
    for (let i = 0; i < 3; i += 1) {
      tries.push(
        await arjun
          .post(`/desk/api/leads/${wrong}/broker-claim/proof`)
          .set(SAME_ORIGIN)
          .send({ code: notIt }),
      );
    }
    expect(tries.map((res) => res.status)).toEqual([400, 400, 409]);
    expect(tries[0]?.body).toEqual({ error: 'That code is not right; 2 tries left.' });
    expect(tries[2]?.body).toEqual({
      error: 'The code was wrong 3 times: the claim is refused and the managers are told.',
    });
    expect(notices().at(-1)).toMatchObject({
      to: [{ address: 'meena@iconia.test' }],
      subject: 'Channel partner claim refused: Sai Estates 1',
    });
    const after = (await arjun.get(`/desk/api/leads/${wrong}/broker-claim`)).body as {
      claim: null;
    };
    expect(after.claim).toBeNull();
    const clients = (await agent.get('/partners/api/clients')).body as { clients: PartnerClient[] };
    expect(clients.clients.map((row) => [row.name, row.status, row.proven])).toEqual([
      ['Lata Reddy', 'refused', false],
      ['Kiran Rao', 'registered', true],
    ]);
  });

  it('when a claimed buyer’s booking is approved, then the brokerage is rate × price exactly, and the cancellation cancels it', async () => {
    const { agent } = await approvedBroker(1, 1.75);
    await register(agent, client('9866666666'));
    const leadId = leadOf('+919866666666');
    const ids = await importPlots(
      manager,
      [
        'number,phase,size_sq_yd,facing,corner,price,rate_per_sq_yd,status',
        'C-7,Phase 1,267,East,no,,18333,',
      ].join('\n'),
    );
    const plot = ids.get('C-7');
    const onSale = (await agent.get('/partners/api/price-sheet')).body as { plots: unknown[] };
    expect(onSale.plots).toEqual([
      {
        number: 'C-7',
        phase: 'Phase 1',
        sizeSqYd: 267,
        facing: 'East',
        corner: false,
        price: 4_894_911,
      },
    ]);
    expect(
      (await arjun.post(`/desk/api/plots/${plot}/hold`).set(SAME_ORIGIN).send({ leadId })).status,
    ).toBe(201);
    expect((await arjun.post(`/desk/api/plots/${plot}/booking`).set(SAME_ORIGIN)).status).toBe(201);
    expect(
      (await manager.post(`/desk/api/plots/${plot}/booking/approve`).set(SAME_ORIGIN)).status,
    ).toBe(200);

    // The price sheet lists the plots still on sale: C-7 left it once held.
    const sheet = (await agent.get('/partners/api/price-sheet')).body as { plots: unknown[] };
    expect(sheet.plots).toEqual([]);

    const price = Math.round(18_333 * 267);
    const statement = (await agent.get('/partners/api/statement')).body as {
      brokerage: Brokerage[];
    };
    expect(statement.brokerage).toEqual([
      expect.objectContaining({
        plot: 'C-7',
        client: 'Kiran Rao',
        pricePaise: price * 100,
        rateBasisPoints: 175,
        amountPaise: Math.round((price * 100 * 175) / 10_000),
        status: 'due',
      }),
    ]);
    expect(
      ((await agent.get('/partners/api/clients')).body as { clients: PartnerClient[] }).clients[0]
        ?.status,
    ).toBe('booked');

    const cancelled = await manager
      .post(`/desk/api/plots/${plot}/booking/cancel`)
      .set(SAME_ORIGIN)
      .send({ reason: 'Buyer withdrew' });
    expect(cancelled.status).toBe(200);
    const after = (await agent.get('/partners/api/statement')).body as { brokerage: Brokerage[] };
    expect(after.brokerage.map((row) => row.status)).toEqual(['cancelled']);
  });

  it('when a manager erases a registered client, then the broker’s registration and any refusal of them go too', async () => {
    const first = await approvedBroker(1);
    const second = await approvedBroker(2);
    expect((await register(first.agent, client('9888888888'))).status).toBe(201);
    expect((await register(second.agent, client('9888888888'))).status).toBe(409);
    const erasedLead = leadOf('+919888888888');
    const erased = await manager
      .post('/desk/api/erasures')
      .set(SAME_ORIGIN)
      .send({ mobile: '9888888888' });
    expect(erased.status, erased.text).toBe(200);
    expect(
      ((await first.agent.get('/partners/api/clients')).body as { clients: unknown[] }).clients,
    ).toEqual([]);
    const refusals = (await manager.get('/desk/api/broker-refusals')).body as {
      refusals: unknown[];
    };
    expect(refusals.refusals).toEqual([]);
    const kept = t.store.db
      .prepare(`SELECT count(*) FROM broker_claims WHERE mobile = '+919888888888'`)
      .pluck()
      .get();
    expect(kept).toBe(0);
    // The erased buyer's page still asks for the claim, and is answered: none.
    const claim = await manager.get(`/desk/api/leads/${erasedLead}/broker-claim`);
    expect(claim.body).toEqual({ claim: null });
  });

  it('when a broker calls every desk route, then each refuses them and sends no data; an agent cannot reach the managers’ broker routes', async () => {
    const { agent } = await approvedBroker(1);
    await register(agent, client('9877777777'));
    const leadId = leadOf('+919877777777');
    const cookie =
      (
        await request(t.url)
          .post('/partners/api/session')
          .set(SAME_ORIGIN)
          .send({ email: 'ravi1@broker.test', password: BROKER_PASSWORD })
      ).get('Set-Cookie')?.[0] ?? '';
    expect(cookie).toMatch(
      /^partner_session=[^;]+; .*Path=\/partners; .*HttpOnly; .*SameSite=Strict/,
    );
    const partnerCookie = cookie.split(';')[0] ?? '';

    for (const route of deskRoutes(t.desk.api.router)) {
      const path = `/desk/api${route.path.replace(/:(\w+)/g, (_m, name: string) => (name === 'id' ? String(leadId) : 'x'))}`;
      const res = await request(t.url)
        [route.method](path)
        .set(SAME_ORIGIN)
        .set('Cookie', partnerCookie)
        .send({});
      if (path === '/desk/api/session') {
        // Signing in and out are anyone's: the broker is nobody there (an empty sign-in is a 400).
        expect([200, 204, 400, 401, 403], `${route.method} ${path}`).toContain(res.status);
        expect((res.body as { user?: unknown }).user ?? null).toBeNull();
        continue;
      }
      expect([401, 403, 404], `${route.method} ${path}`).toContain(res.status);
      expect(res.text).not.toContain('9877777777');
    }
    for (const path of [
      '/desk/api/brokers',
      '/desk/api/broker-refusals',
      '/desk/api/brokerage',
      '/desk/api/broker-report',
    ]) {
      expect((await arjun.get(path)).status, path).toBe(403);
    }
    // The partner API's own description is public, like the application form it documents.
    const described = await request(t.url).get('/partners/api/openapi.json');
    expect(described.status).toBe(200);
    expect(Object.keys((described.body as { paths: object }).paths)).toContain('/clients');
    // A stranger gets nothing of the partner API either.
    for (const path of ['/partners/api/me', '/partners/api/clients', '/partners/api/statement']) {
      expect((await request(t.url).get(path)).status, path).toBe(401);
    }
  });
});
