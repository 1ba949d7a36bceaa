import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent.js';
import { indiaTimestamp } from '../format/india-day.ts';
import {
  startDeskTestServer,
  SAME_ORIGIN,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';
import type { DeskUser } from '../desk/desk-types.ts';
import type { DeskLeadRow } from '@iconia/shared';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface LeadsPage {
  leads: DeskLeadRow[];
  nextCursor: string | null;
}

async function page(agent: TestAgent, query: string): Promise<LeadsPage> {
  const res = await agent.get(`/desk/api/leads?${query}`);
  expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as LeadsPage;
}

describe('the sales desk inbox and a lead', () => {
  let t: DeskTestServer;
  let manager: TestAgent;
  let agent: TestAgent;
  let arjun: DeskUser;
  let meena: DeskUser;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startDeskTestServer();
    meena = await t.addUser('meena@iconia.test', 'manager', 'Meena');
    arjun = await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
    await t.addUser('kiran@iconia.test', 'agent', 'Kiran');
    // Day one (21 Nov, India time): a Google lead, a Facebook lead, a spam bot.
    ids.ravi = t.storeLead({
      name: 'Ravi Kumar',
      mobile: '9876543210',
      attribution: { source: 'brochure-modal', utm_source: 'google', utm_campaign: 'plots' },
    });
    t.clock.advance(HOUR);
    ids.asha = t.storeLead({
      kind: 'contact',
      name: 'Asha Reddy',
      mobile: '9123456780',
      plotRange: undefined,
      location: 'Kukatpally',
      attribution: { source: 'contact-form', utm_source: 'facebook', utm_campaign: 'diwali' },
    });
    ids.bot = t.storeLead({ name: 'Bot', mobile: '9000000001', spam: true });
    // Day two: Ravi again, and 60 more leads for paging.
    t.clock.advance(24 * HOUR);
    ids.raviAgain = t.storeLead({
      name: 'Ravi K',
      mobile: '9876543210',
      attribution: { source: 'inline-brochure' },
    });
    for (let index = 0; index < 60; index += 1) {
      t.clock.advance(MINUTE);
      t.storeLead({ name: `Visitor ${index}`, attribution: { source: 'location-modal' } });
    }
    manager = await t.signIn('meena@iconia.test');
    agent = await t.signIn('arjun@iconia.test');
  });
  afterAll(async () => {
    await t.remove();
  });

  it('when the inbox opens, then it shows 50 buyers newest first with a cursor to the rest, spam left out', async () => {
    const first = await page(agent, '');
    expect(first.leads).toHaveLength(50);
    expect(first.leads[0]?.name).toBe('Visitor 59');
    expect(first.nextCursor).not.toBeNull();
    const second = await page(agent, `cursor=${first.nextCursor ?? ''}`);
    expect(second.leads.map((lead) => lead.name)).toEqual([
      ...Array.from({ length: 10 }, (_, index) => `Visitor ${9 - index}`),
      // Ravi's two leads are one buyer, listed once on the latest.
      'Ravi K',
      'Asha Reddy',
    ]);
    expect(second.leads.find((lead) => lead.name === 'Ravi K')).toMatchObject({
      id: ids.raviAgain,
      enquiries: 2,
    });
    expect(second.nextCursor).toBeNull();
    const all = [...first.leads, ...second.leads].map((lead) => lead.id);
    expect(new Set(all).size).toBe(62);
    expect(all).not.toContain(ids.bot);
    expect((await page(agent, 'spam=1')).leads.map((lead) => lead.id)).toEqual([ids.bot]);
  });

  it('when a lead is listed, then its row carries what the inbox shows', async () => {
    const { leads } = await page(agent, 'q=Asha');
    expect(leads).toEqual([
      {
        id: ids.asha,
        buyerId: expect.any(Number) as unknown,
        enquiries: 1,
        origin: 'site',
        receivedAt: '2026-11-21T16:45:00+05:30',
        kind: 'contact',
        form: 'contact-form',
        name: 'Asha Reddy',
        mobile: '+919123456780',
        problems: [],
        plotRange: null,
        location: 'Kukatpally',
        utmSource: 'facebook',
        utmCampaign: 'diwali',
        buyerSaid: {
          plotRange: null,
          location: 'Kukatpally',
          message: null,
          campaigns: [{ utmSource: 'facebook', utmCampaign: 'diwali' }],
        },
        stage: 'new',
        owner: null,
        followUpAt: null,
        erased: false,
        held: false,
        whatsappWaiting: 0,
        whatsappWaitingSince: null,
        brokerClaim: null,
      },
    ]);
  });

  it('when someone searches by any part of the mobile, typed any way, then the matching buyers come back', async () => {
    const names = async (q: string) =>
      (await page(agent, `q=${encodeURIComponent(q)}`)).leads.map((lead) => lead.name);
    expect(await names('43210')).toEqual(['Ravi K']);
    expect(await names('+91 98765 43210')).toEqual(['Ravi K']);
    expect(await names('98765-4')).toEqual(['Ravi K']);
    expect(await names('ravi k')).toEqual(['Ravi K']);
    // A name only their first enquiry gave still finds the buyer, shown on that enquiry.
    expect(await names('kumar')).toEqual(['Ravi Kumar']);
    expect(await names('reddy')).toEqual(['Asha Reddy']);
    expect(await names('100%_')).toEqual([]);
  });

  it('when filters are set, then the buyers with a matching enquiry are listed', async () => {
    const names = async (query: string) =>
      (await page(agent, query)).leads.map((lead) => lead.name);
    expect(await names('form=contact-form')).toEqual(['Asha Reddy']);
    // A buyer is listed on their latest enquiry that matches.
    expect(await names('utmSource=google&utmCampaign=plots')).toEqual(['Ravi Kumar']);
    expect(await names('utmCampaign=diwali')).toEqual(['Asha Reddy']);
    expect(await names('from=2026-11-21&to=2026-11-21')).toEqual(['Asha Reddy', 'Ravi Kumar']);
    expect((await page(agent, 'from=2026-11-22&limit=100')).leads).toHaveLength(61);
    expect(await names('to=2026-11-20')).toEqual([]);
    expect((await page(agent, 'stage=new&limit=100')).leads).toHaveLength(62);
    expect(await names('owner=none&form=contact-form')).toEqual(['Asha Reddy']);
  });

  it('when a filter is not understood, then the answer says which and why', async () => {
    const bad = async (query: string) =>
      (await agent.get(`/desk/api/leads?${query}`)).body as unknown;
    expect(await bad('stage=hot')).toEqual({ error: '"hot" is not a stage.' });
    expect(await bad('form=popup')).toEqual({ error: '"popup" is not a form of the site.' });
    expect(await bad('from=2026-02-30')).toEqual({
      error: '"from" must be a day written YYYY-MM-DD.',
    });
    expect(await bad('from=2026-11-22&to=2026-11-21')).toEqual({
      error: '"from" (2026-11-22) is after "to" (2026-11-21).',
    });
    expect(await bad('limit=500')).toEqual({
      error: '"limit" must be a whole number from 1 to 100.',
    });
    expect(await bad('cursor=nonsense')).toEqual({
      error: 'The page cursor is not valid; start from the first page.',
    });
    expect(await bad('owner=boss')).toEqual({
      error: '"owner" must be me, none or an account id.',
    });
    expect(await bad('stage=new&stage=lost')).toEqual({ error: 'Give "stage" once.' });
  });

  it('when an agent takes a lead and works it, then the lead, the timeline and the filters follow', async () => {
    const followUp = '2026-11-23T11:00:00+05:30';
    const taken = await agent
      .patch(`/desk/api/leads/${ids.ravi}`)
      .set(SAME_ORIGIN)
      .send({ ownerId: arjun.id });
    expect(taken.status).toBe(200);
    const call = await agent
      .post(`/desk/api/leads/${ids.ravi}/contacts`)
      .set(SAME_ORIGIN)
      .send({ channel: 'call' });
    expect(call.status).toBe(201);
    expect(call.body).toMatchObject({
      entry: { type: 'contact', text: 'Called', actor: { id: arjun.id, name: 'Arjun' } },
    });
    const moved = await agent
      .patch(`/desk/api/leads/${ids.ravi}`)
      .set(SAME_ORIGIN)
      .send({ stage: 'contacted', followUpAt: followUp });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      lead: {
        stage: 'contacted',
        owner: { id: arjun.id, name: 'Arjun' },
        followUpAt: followUp,
        firstContactAt: indiaTimestamp(t.clock.now()),
      },
    });
    const note = await agent
      .post(`/desk/api/leads/${ids.ravi}/notes`)
      .set(SAME_ORIGIN)
      .send({ text: 'Wants east-facing, visiting Sunday' });
    expect(note.status).toBe(201);

    const detail = await agent.get(`/desk/api/leads/${ids.ravi}`);
    expect(detail.status).toBe(200);
    const body = detail.body as {
      lead: Record<string, unknown>;
      timeline: Array<{ type: string; text: string; actor: { name: string } | null }>;
      enquiries: DeskLeadRow[];
    };
    expect(body.lead).toMatchObject({
      publicId: expect.any(String) as unknown,
      consentNotice: null,
      status: 'pending',
      email: { state: 'pending', attempts: 0, lastError: null, sentAt: null },
    });
    // Both of Ravi's enquiries are on the buyer's timeline, before the work on them; with
    // nobody on duty, the first waited for someone to take it.
    expect(body.timeline.map((entry) => [entry.type, entry.text, entry.actor?.name])).toEqual([
      ['stored', 'Received from the website', undefined],
      [
        'routing',
        'Waiting: nobody is on duty; the first person to come on duty gets this buyer',
        undefined,
      ],
      ['stored', 'Received from the website', undefined],
      ['owner', 'Took the lead', 'Arjun'],
      ['contact', 'Called', 'Arjun'],
      ['stage', 'Stage changed from New to Contacted', 'Arjun'],
      ['follow_up', 'Follow-up set for 23 Nov 2026, 11:00 am IST', 'Arjun'],
      ['note', 'Wants east-facing, visiting Sunday', 'Arjun'],
    ]);
    expect(body.enquiries.map((lead) => [lead.id, lead.form])).toEqual([
      [ids.ravi, 'brochure-modal'],
      [ids.raviAgain, 'inline-brochure'],
    ]);
    // Opened from the other enquiry's link, it is the same buyer.
    const other = (await agent.get(`/desk/api/leads/${ids.raviAgain}`)).body as typeof body;
    expect(other.lead).toMatchObject({ stage: 'contacted', owner: { name: 'Arjun' } });
    expect(other.timeline).toEqual(body.timeline);

    // The buyer is listed once, on their latest enquiry.
    const mine = await page(agent, 'owner=me');
    expect(mine.leads.map((lead) => lead.id)).toEqual([ids.raviAgain]);
    expect((await page(agent, 'stage=contacted')).leads.map((lead) => lead.id)).toEqual([
      ids.raviAgain,
    ]);
    expect((await page(agent, 'due=1')).leads).toEqual([]);
    t.clock.advance(3 * 24 * HOUR);
    // Three days on, both have to sign in again (12 hours idle).
    agent = await t.signIn('arjun@iconia.test');
    manager = await t.signIn('meena@iconia.test');
    expect((await page(agent, 'due=1')).leads.map((lead) => lead.id)).toEqual([ids.raviAgain]);
    const today = await agent.get('/desk/api/today');
    expect(today.status).toBe(200);
    expect((today.body as { overdue: DeskLeadRow[] }).overdue.map((lead) => lead.id)).toEqual([
      ids.raviAgain,
    ]);
  });

  it("when an agent touches someone else's lead, then it is refused and nothing changes", async () => {
    const given = await manager
      .patch(`/desk/api/leads/${ids.asha}`)
      .set(SAME_ORIGIN)
      .send({ ownerId: meena.id, stage: 'contacted' });
    expect(given.status).toBe(200);
    for (const [method, path, send] of [
      ['patch', `/desk/api/leads/${ids.asha}`, { stage: 'booked' }],
      ['patch', `/desk/api/leads/${ids.asha}`, { ownerId: arjun.id }],
      ['post', `/desk/api/leads/${ids.asha}/notes`, { text: 'mine now' }],
      ['post', `/desk/api/leads/${ids.asha}/contacts`, { channel: 'whatsapp' }],
    ] as const) {
      const res = await agent[method](path).set(SAME_ORIGIN).send(send);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    const unassigned = (await page(agent, 'owner=none&q=Visitor 3')).leads[0];
    const other = await agent
      .patch(`/desk/api/leads/${unassigned?.id ?? 0}`)
      .set(SAME_ORIGIN)
      .send({ ownerId: meena.id });
    expect(other.status).toBe(403);
    expect(other.body).toEqual({
      error: 'An agent can only take an unassigned lead for themselves.',
    });
    const lead = await agent.get(`/desk/api/leads/${ids.asha}`);
    expect(lead.body).toMatchObject({
      lead: { stage: 'contacted', owner: { id: meena.id } },
    });
  });

  it('when a lead is marked lost without a reason or with bad input, then a clear 400 comes back', async () => {
    const patch = (send: object) =>
      manager.patch(`/desk/api/leads/${ids.asha}`).set(SAME_ORIGIN).send(send);
    expect((await patch({ stage: 'lost' })).body).toEqual({ error: 'A lost lead needs a reason.' });
    expect((await patch({ stage: 'lost', lostReason: '  ' })).status).toBe(400);
    expect((await patch({ followUpAt: 'tomorrow' })).status).toBe(400);
    expect((await patch({ followUpAt: '2026-11-23T11:00:00' })).status).toBe(400);
    expect((await patch({ colour: 'red' })).body).toEqual({
      error: 'Unknown field "colour"; expected stage, lostReason, followUpAt, ownerId.',
    });
    expect((await patch(['stage', 'lost'])).body).toEqual({
      error: 'Send a JSON object with content-type: application/json.',
    });
    expect((await patch({ ownerId: '12' })).body).toEqual({
      error: '"ownerId" must be an account id or null.',
    });
    expect((await patch({ ownerId: 9999 })).body).toEqual({
      error: 'The new owner must be an active account.',
    });
    const lost = await patch({ stage: 'lost', lostReason: 'Bought elsewhere' });
    expect(lost.body).toMatchObject({ lead: { stage: 'lost', lostReason: 'Bought elsewhere' } });
    const back = await patch({ stage: 'contacted' });
    expect(back.body).toMatchObject({ lead: { stage: 'contacted', lostReason: null } });
    expect((await manager.get('/desk/api/leads/99999')).status).toBe(404);
    expect((await manager.get('/desk/api/leads/abc')).status).toBe(404);
    const notJson = await manager
      .post(`/desk/api/leads/${ids.asha}/notes`)
      .set(SAME_ORIGIN)
      .set('Content-Type', 'application/json')
      .send('{"text":');
    expect(notJson.status).toBe(400);
    expect(notJson.body).toEqual({ error: 'The request could not be read as JSON.' });
    const noText = await manager
      .post(`/desk/api/leads/${ids.asha}/notes`)
      .set(SAME_ORIGIN)
      .send({});
    expect(noText.body).toEqual({ error: '"text" is required.' });
  });

  it('when the team list is asked for, then agents get names only and managers the accounts', async () => {
    const short = await agent.get('/desk/api/users?short=1');
    expect(short.body).toEqual({
      users: [
        { id: arjun.id, name: 'Arjun' },
        { id: expect.any(Number) as unknown, name: 'Kiran' },
        { id: meena.id, name: 'Meena' },
      ],
    });
    const full = await manager.get('/desk/api/users');
    expect(full.body).toMatchObject({
      users: expect.arrayContaining<unknown>([
        {
          id: arjun.id,
          email: 'arjun@iconia.test',
          name: 'Arjun',
          role: 'agent',
          disabled: false,
          mustChangePassword: false,
        },
      ]) as unknown,
    });
    const added = await manager.post('/desk/api/users').set(SAME_ORIGIN).send({
      email: 'new@iconia.test',
      name: 'New Agent',
      role: 'agent',
      password: 'long enough pass',
    });
    expect(added.status).toBe(201);
    const again = await manager.post('/desk/api/users').set(SAME_ORIGIN).send({
      email: 'NEW@iconia.test',
      name: 'Again',
      role: 'agent',
      password: 'long enough pass',
    });
    expect(again.status).toBe(409);
    const short2 = await manager
      .post('/desk/api/users')
      .set(SAME_ORIGIN)
      .send({ email: 'b@iconia.test', name: 'B', role: 'agent', password: 'short' });
    expect(short2.body).toEqual({ error: 'The password must be at least 10 characters long.' });
    expect((await t.signIn('new@iconia.test', 'long enough pass')) !== undefined).toBe(true);
  });

  it('when a manager disables accounts in the desk, then agents can be disabled but not managers or oneself', async () => {
    const kiranId = t.deskStore.userByEmail('kiran@iconia.test')?.id ?? 0;
    const disabled = await manager.post(`/desk/api/users/${kiranId}/disable`).set(SAME_ORIGIN);
    expect(disabled.body).toEqual({
      user: {
        id: kiranId,
        email: 'kiran@iconia.test',
        name: 'Kiran',
        role: 'agent',
        disabled: true,
        mustChangePassword: false,
      },
    });
    const self = await manager.post(`/desk/api/users/${meena.id}/disable`).set(SAME_ORIGIN);
    expect(self.body).toEqual({ error: 'You cannot disable your own account.' });
    const other = await t.addUser('ravi@iconia.test', 'manager', 'Ravi');
    const boss = await manager.post(`/desk/api/users/${other.id}/disable`).set(SAME_ORIGIN);
    expect(boss.status).toBe(403);
    expect((await manager.post('/desk/api/users/999/disable').set(SAME_ORIGIN)).status).toBe(404);
    expect((await manager.post('/desk/api/users/x/disable').set(SAME_ORIGIN)).body).toEqual({
      error: 'There is no account with this id.',
    });
    const short = await agent.get('/desk/api/users?short=1');
    expect(JSON.stringify(short.body)).not.toContain('Kiran');
  });
});
