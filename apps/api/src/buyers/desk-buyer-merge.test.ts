import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answer, startWebhookReceiver, type WebhookReceiver } from '@iconia/testkit';
import type {
  BuyerMergeAnswer,
  BuyerPlotsAnswer,
  LeadPage,
  LeadView,
  UnansweredAnswer,
  VisitsAnswer,
} from '@iconia/shared';
import {
  importPlots,
  SAME_ORIGIN,
  startDeskTestServer,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';
import type { DeskUser } from '../desk/desk-types.ts';
import { newLead } from '../../test/new-lead.ts';

const SIGNING_KEY = `whsec_${randomBytes(32).toString('base64')}`;
const MINUTE = 60_000;

const PLOTS = [
  'number,phase,size_sq_yd,facing,corner,price,rate_per_sq_yd',
  'A-12,Phase 1,240,East,no,,18000',
  'A-13,Phase 1,240,East,no,,18000',
].join('\n');

interface BuyerRow {
  id: number;
  mobile: string | null;
  stage: string;
  owner_id: number | null;
  follow_up_at: number | null;
  first_contact_at: number | null;
  first_contact_by: number | null;
  latest_lead_id: number | null;
  last_received_at: number;
}

describe('a manager merges two buyers', () => {
  let t: DeskTestServer;
  let receiver: WebhookReceiver;
  let manager: TestAgent;
  let agent: TestAgent;
  let arjun: DeskUser;
  let bina: DeskUser;

  const view = async (leadId: number) =>
    (await manager.get(`/desk/api/leads/${leadId}`)).body as LeadView;
  const buyerOf = (leadId: number) =>
    t.store.db
      .prepare<[number], number>('SELECT buyer_id FROM leads WHERE id = ?')
      .pluck()
      .get(leadId) ?? 0;
  const buyerRow = (buyerId: number) =>
    t.store.db.prepare<[number], BuyerRow>('SELECT * FROM buyers WHERE id = ?').get(buyerId);
  const merge = (who: TestAgent, from: number, into: unknown) =>
    who.post(`/desk/api/buyers/${from}/merge`).set(SAME_ORIGIN).send({ into });
  const drain = () => Promise.all(t.webhooks.map((worker) => worker.drain()));

  beforeEach(async () => {
    receiver = await startWebhookReceiver({ reply: answer(200) });
    t = await startDeskTestServer({
      env: { WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: SIGNING_KEY },
    });
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    arjun = await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
    bina = await t.addUser('bina@iconia.test', 'agent', 'Bina');
    manager = await t.signIn('meena@iconia.test');
    agent = await t.signIn('arjun@iconia.test');
  });
  afterEach(async () => {
    await t.remove();
    await receiver.close();
  });

  /** A Google Ads lead sent with a number that is not one: a buyer of its own, without a mobile. */
  const numberlessLead = () =>
    t.store.insertLead(
      {
        ...newLead('9876543210'),
        kind: 'enquiry',
        origin: 'google_ads',
        externalId: 'google-lead-1',
        name: 'Asha R',
        mobile: '',
        problems: ['Number not valid: +11234567890'],
        receivedAt: t.clock.now(),
      },
      0,
    ).id;

  it('when a manager merges a buyer an ad platform sent without a usable number into the buyer they turn out to be, then the enquiry joins that buyer, who keeps their number', async () => {
    const known = t.storeLead({ name: 'Asha Rao', mobile: '9876500011' });
    t.clock.advance(MINUTE);
    const numberless = numberlessLead();
    const knownBuyer = buyerOf(known);
    const gone = buyerOf(numberless);

    const merged = await merge(manager, gone, knownBuyer);

    expect(merged.status).toBe(200);
    expect(buyerOf(numberless)).toBe(knownBuyer);
    expect(buyerRow(knownBuyer)?.mobile).toBe('+919876500011');
    expect(buyerRow(gone)).toBeUndefined();
    const enquiries = (await view(known)).enquiries;
    expect(enquiries.map((lead) => [lead.id, lead.problems])).toEqual([
      [known, []],
      [numberless, ['Number not valid: +11234567890']],
    ]);
  });

  it('when the buyer who stays is the one without a number, then they take the merged buyer’s number', async () => {
    const numberless = numberlessLead();
    const known = t.storeLead({ name: 'Asha Rao', mobile: '9876500012' });

    const merged = await merge(manager, buyerOf(known), buyerOf(numberless));

    expect(merged.status).toBe(200);
    expect(buyerRow(buyerOf(numberless))?.mobile).toBe('+919876500012');
    expect(buyerOf(known)).toBe(buyerOf(numberless));
  });

  it('when a manager merges a buyer into another, then every enquiry, note, visit and plot of the merged buyer shows under the one who stays, with the combined work, and the merged buyer is gone', async () => {
    // The buyer who stays: Arjun's, contacted, with a follow-up on Monday.
    const stays = t.storeLead({ name: 'Ravi Kumar', mobile: '9876543210' });
    await agent.patch(`/desk/api/leads/${stays}`).set(SAME_ORIGIN).send({
      ownerId: arjun.id,
      stage: 'contacted',
      followUpAt: '2026-11-23T11:00:00+05:30',
    });
    // The same person from his wife's phone, twice: a note, an earlier follow-up, a visit, a plot.
    t.clock.advance(10 * MINUTE);
    const goesFirst = t.storeLead({ name: 'Ravi K', mobile: '9123456780' });
    t.clock.advance(10 * MINUTE);
    const goesLatest = t.storeLead({
      name: 'Ravi K',
      mobile: '9123456780',
      kind: 'contact',
      attribution: { source: 'contact-form' },
    });
    await manager
      .post(`/desk/api/leads/${goesFirst}/notes`)
      .set(SAME_ORIGIN)
      .send({ text: 'Same person as Ravi Kumar, his wife’s phone' });
    await manager
      .patch(`/desk/api/leads/${goesFirst}`)
      .set(SAME_ORIGIN)
      .send({ followUpAt: '2026-11-22T17:00:00+05:30' });
    const visit = await manager
      .post(`/desk/api/leads/${goesLatest}/visits`)
      .set(SAME_ORIGIN)
      .send({ date: '2026-11-22', time: '10:00', people: 3, pickup: false });
    expect(visit.status).toBe(201);
    const plots = await importPlots(manager, PLOTS);
    const hold = await manager
      .post(`/desk/api/plots/${plots.get('A-12')}/hold`)
      .set(SAME_ORIGIN)
      .send({ leadId: goesFirst });
    expect(hold.status).toBe(201);
    const stayingBuyer = buyerOf(stays);
    const goingBuyer = buyerOf(goesFirst);
    t.clock.advance(MINUTE);

    const res = await merge(manager, goingBuyer, stayingBuyer);

    expect(res.status).toBe(200);
    expect((res.body as BuyerMergeAnswer).lead).toMatchObject({
      id: goesLatest,
      buyerId: stayingBuyer,
      enquiries: 3,
      stage: 'visit_scheduled',
      owner: { id: arjun.id, name: 'Arjun' },
      followUpAt: '2026-11-22T17:00:00+05:30',
    });
    expect(buyerRow(goingBuyer)).toBeUndefined();
    for (const id of [stays, goesFirst, goesLatest]) expect(buyerOf(id)).toBe(stayingBuyer);

    // Opened from any of the three enquiries, the page is the one buyer with everything.
    const fromMerged = await view(goesFirst);
    expect(fromMerged.lead.buyerId).toBe(stayingBuyer);
    expect(fromMerged.enquiries.map((enquiry) => enquiry.id)).toEqual([
      stays,
      goesFirst,
      goesLatest,
    ]);
    expect(fromMerged.timeline).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'note',
          text: 'Same person as Ravi Kumar, his wife’s phone',
          actor: expect.objectContaining({ name: 'Meena' }) as unknown,
          leadId: goesFirst,
        }),
        expect.objectContaining({ type: 'visit', leadId: goesLatest }),
        expect.objectContaining({
          type: 'merged',
          text: 'Merged with another buyer: Ravi K, +91 91234 56780',
          actor: expect.objectContaining({ name: 'Meena' }) as unknown,
          leadId: goesLatest,
        }),
      ]),
    );
    expect((await view(stays)).timeline).toEqual(fromMerged.timeline);
    const visits = (await manager.get(`/desk/api/leads/${stays}/visits`)).body as VisitsAnswer;
    expect(visits.visits).toEqual([
      expect.objectContaining({ buyerId: stayingBuyer, date: '2026-11-22', time: '10:00' }),
    ]);
    // The visit's WhatsApp confirmation now goes to the mobile the buyer kept.
    expect(visits.visits[0]?.mobile).toBe('+919876543210');
    const held = (await manager.get(`/desk/api/leads/${stays}/plots`)).body as BuyerPlotsAnswer;
    expect(held.plots.map((plot) => [plot.number, plot.hold?.buyer.buyerId])).toEqual([
      ['A-12', stayingBuyer],
    ]);
    expect(buyerRow(stayingBuyer)).toMatchObject({
      mobile: '+919876543210',
      latest_lead_id: goesLatest,
      first_contact_by: arjun.id,
    });

    // The inbox lists the person once, found by either number, on the latest enquiry matching.
    for (const [q, shownOn] of [
      ['98765 43210', stays],
      ['91234 56780', goesLatest],
      ['Ravi', goesLatest],
    ] as const) {
      const page = (await manager.get('/desk/api/leads').query({ q })).body as LeadPage;
      expect(
        page.leads.map((row) => [row.id, row.buyerId]),
        q,
      ).toEqual([[shownOn, stayingBuyer]]);
    }
  });

  it('when the buyer who stays has no mobile, then they take the merged buyer’s, and a later enquiry from that number joins them', async () => {
    // A lead from an advert without a usable number: a buyer with no mobile, not erased.
    const stays = t.storeLead({ name: 'Asha', mobile: '9000000001' });
    const stayingBuyer = buyerOf(stays);
    t.store.db.prepare('UPDATE buyers SET mobile = NULL WHERE id = ?').run(stayingBuyer);
    const goes = t.storeLead({ name: 'Asha Rao', mobile: '9000000002' });

    const res = await merge(manager, buyerOf(goes), stayingBuyer);

    expect(res.status).toBe(200);
    expect(buyerRow(stayingBuyer)?.mobile).toBe('+919000000002');
    t.clock.advance(MINUTE);
    const again = t.storeLead({ name: 'Asha Rao', mobile: '9000000002' });
    expect(buyerOf(again)).toBe(stayingBuyer);
  });

  it('when the buyer who stays has no owner and the merged one has, then the merged one’s owner, the earlier first contact and the stage further along are kept', async () => {
    const goes = t.storeLead({ name: 'Kiran M', mobile: '9000000012' });
    const stays = t.storeLead({ name: 'Kiran', mobile: '9000000011' });
    // Bina took the one who goes and called them first; the other was called later, then lost.
    const binaDesk = await t.signIn('bina@iconia.test');
    await binaDesk
      .patch(`/desk/api/leads/${goes}`)
      .set(SAME_ORIGIN)
      .send({ ownerId: bina.id, stage: 'contacted' });
    t.clock.advance(MINUTE);
    await manager.post(`/desk/api/leads/${stays}/contacts`).set(SAME_ORIGIN).send({
      channel: 'call',
    });
    await manager
      .patch(`/desk/api/leads/${stays}`)
      .set(SAME_ORIGIN)
      .send({ stage: 'lost', lostReason: 'Not answering' });

    const res = await merge(manager, buyerOf(goes), buyerOf(stays));

    expect(res.status).toBe(200);
    expect((res.body as BuyerMergeAnswer).lead).toMatchObject({
      stage: 'contacted',
      owner: { id: bina.id, name: 'Bina' },
    });
    expect((await view(stays)).lead.lostReason).toBeNull();
    expect(buyerRow(buyerOf(stays))).toMatchObject({
      first_contact_by: bina.id,
      first_contact_at: Date.parse('2026-11-21T15:45:00+05:30'),
    });
  });

  it('when the stage or owner changes for some of the leads, then the CRM gets one lead.updated naming every lead of both buyers under the buyer who stays', async () => {
    const stays = t.storeLead({ name: 'Meera', mobile: '9000000021' });
    t.clock.advance(MINUTE);
    const goes = t.storeLead({ name: 'Meera S', mobile: '9000000022' });
    await agent
      .patch(`/desk/api/leads/${stays}`)
      .set(SAME_ORIGIN)
      .send({ ownerId: arjun.id, stage: 'contacted' });
    await drain();
    const publicIds = t.store
      .listLeads()
      .filter((lead) => lead.id === stays || lead.id === goes)
      .map((lead) => lead.publicId);
    const before = receiver.posts.length;
    t.clock.advance(MINUTE);

    const res = await merge(manager, buyerOf(goes), buyerOf(stays));
    await drain();

    expect(res.status).toBe(200);
    const posted = receiver.posts
      .slice(before)
      .map((post) => JSON.parse(post.body) as { type: string; data: unknown });
    expect(posted).toEqual([
      {
        type: 'lead.updated',
        timestamp: expect.any(String) as unknown,
        data: {
          leadIds: publicIds,
          buyerId: buyerOf(stays),
          stage: 'contacted',
          owner: { id: arjun.id, name: 'Arjun' },
          changed: ['stage', 'owner'],
          updatedAt: '2026-11-21T15:47:00+05:30',
        },
      },
    ]);
  });

  it('when the merged buyer was on another agent’s first-response clock, then that clock ends and the owner’s runs on', async () => {
    t.routing.setDuty(arjun.id, true, t.clock.now());
    const stays = t.storeLead({ name: 'Farah', mobile: '9000000031' });
    t.routing.setDuty(arjun.id, false, t.clock.now());
    t.routing.setDuty(bina.id, true, t.clock.now());
    const goes = t.storeLead({ name: 'Farah K', mobile: '9000000032' });
    const binaDesk = await t.signIn('bina@iconia.test');
    const unanswered = async (who: TestAgent) =>
      ((await who.get('/desk/api/routing/unanswered')).body as UnansweredAnswer).buyers.map(
        (buyer) => buyer.lead.buyerId,
      );
    expect(await unanswered(binaDesk)).toEqual([buyerOf(goes)]);

    const res = await merge(manager, buyerOf(goes), buyerOf(stays));

    expect(res.status).toBe(200);
    expect(await unanswered(binaDesk)).toEqual([]);
    expect(await unanswered(agent)).toEqual([buyerOf(stays)]);
    expect((await view(goes)).responseTarget).not.toBeNull();
  });

  it('when neither buyer has an owner and both wait for someone on duty, then one buyer waits, from the earlier time', async () => {
    const stays = t.storeLead({ name: 'Gita', mobile: '9000000041' });
    t.clock.advance(MINUTE);
    const goes = t.storeLead({ name: 'Gita P', mobile: '9000000042' });
    const waiting = () =>
      t.store.db.prepare('SELECT buyer_id, since FROM routing_waiting ORDER BY since').all();
    expect(waiting()).toHaveLength(2);

    expect((await merge(manager, buyerOf(stays), buyerOf(goes))).status).toBe(200);

    expect(waiting()).toEqual([{ buyer_id: buyerOf(goes), since: t.clock.now() - MINUTE }]);
  });

  it('when the merged buyer’s number is erased later, then the merge entry keeps only that a merge was made, and the buyer can no longer be worked', async () => {
    const stays = t.storeLead({ name: 'Nila', mobile: '9000000081' });
    const goes = t.storeLead({ name: 'Nila R', mobile: '9000000082' });
    await merge(manager, buyerOf(goes), buyerOf(stays));

    const erased = await manager
      .post('/desk/api/erasures')
      .set(SAME_ORIGIN)
      .send({ mobile: '9000000082' });

    expect(erased.body).toEqual({ erased: 1 });
    const merged = (await view(stays)).timeline.find((entry) => entry.type === 'merged');
    expect(merged).toMatchObject({ text: 'Merged with another buyer', leadId: goes });
    const note = await manager
      .post(`/desk/api/leads/${stays}/notes`)
      .set(SAME_ORIGIN)
      .send({ text: 'Called back' });
    expect(note.status).toBe(409);
  });

  it('when each buyer has a booked plot, then the merge is refused with 409 saying why, and nothing changes', async () => {
    const stays = t.storeLead({ name: 'Hari', mobile: '9000000051' });
    const goes = t.storeLead({ name: 'Hari V', mobile: '9000000052' });
    const plots = await importPlots(manager, PLOTS);
    for (const [number, leadId] of [
      ['A-12', stays],
      ['A-13', goes],
    ] as const) {
      const plot = plots.get(number);
      await manager.post(`/desk/api/plots/${plot}/hold`).set(SAME_ORIGIN).send({ leadId });
      await manager.post(`/desk/api/plots/${plot}/booking`).set(SAME_ORIGIN);
      const approved = await manager
        .post(`/desk/api/plots/${plot}/booking/approve`)
        .set(SAME_ORIGIN);
      expect(approved.status).toBe(200);
    }

    const res = await merge(manager, buyerOf(goes), buyerOf(stays));

    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error:
        "Both buyers have a booked plot (A-12 and A-13); one buyer holds one booking, so a manager cancels one of them on its plot's page before the buyers can be merged.",
    });
    expect(buyerOf(goes)).not.toBe(buyerOf(stays));
    expect(buyerRow(buyerOf(goes))).toMatchObject({ mobile: '+919000000052', stage: 'booked' });
  });

  it('when a buyer is merged with themselves, an unknown buyer or an erased one, or without "into", then each is refused with its sentence', async () => {
    const lead = t.storeLead({ name: 'Isha', mobile: '9000000061' });
    const erased = t.storeLead({ name: 'Jai', mobile: '9000000062' });
    await manager.post('/desk/api/erasures').set(SAME_ORIGIN).send({ mobile: '9000000062' });
    const buyer = buyerOf(lead);

    const refusals = await Promise.all([
      merge(manager, buyer, buyer),
      merge(manager, 999_999, buyer),
      merge(manager, buyer, 999_999),
      merge(manager, buyerOf(erased), buyer),
      merge(manager, buyer, buyerOf(erased)),
      merge(manager, buyer, '12'),
      manager.post(`/desk/api/buyers/${buyer}/merge`).set(SAME_ORIGIN).send({}),
      manager.post('/desk/api/buyers/abc/merge').set(SAME_ORIGIN).send({ into: buyer }),
    ]);

    expect(refusals.map((res) => [res.status, (res.body as { error: string }).error])).toEqual([
      [400, 'A buyer cannot be merged with themselves: choose another buyer.'],
      [404, 'There is no buyer with this id.'],
      [404, 'There is no buyer with the id given in "into".'],
      [
        409,
        "This buyer's personal data was erased; an erased buyer cannot be merged with another.",
      ],
      [
        409,
        'The buyer to merge into had their personal data erased; an erased buyer cannot be merged with another.',
      ],
      [400, '"into" must be the id of the buyer who stays.'],
      [400, '"into" must be the id of the buyer who stays.'],
      [404, 'There is no buyer with this id.'],
    ]);
    expect(buyerRow(buyer)).toMatchObject({ mobile: '+919000000061' });
    expect(buyerRow(buyerOf(erased))).toBeDefined();
  });

  it('when an agent or a stranger asks for a merge, then they get 403 and 401 and nothing changes', async () => {
    const stays = t.storeLead({ name: 'Lata', mobile: '9000000071' });
    const goes = t.storeLead({ name: 'Lata N', mobile: '9000000072' });
    const [from, into] = [buyerOf(goes), buyerOf(stays)];

    const byAgent = await merge(agent, from, into);
    const byStranger = await request(t.url)
      .post(`/desk/api/buyers/${from}/merge`)
      .set(SAME_ORIGIN)
      .send({ into });

    expect([byAgent.status, byAgent.body]).toEqual([403, { error: 'Only a manager can do this.' }]);
    expect([byStranger.status, byStranger.body]).toEqual([401, { error: 'Please sign in.' }]);
    expect(buyerOf(goes)).toBe(from);
    expect(buyerRow(from)).toMatchObject({ mobile: '+919000000072' });
  });
});
