import type TestAgent from 'supertest/lib/agent.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskReport } from '@iconia/shared';
import { createTestClock } from '@iconia/testkit';
import { percentile } from './response-report.ts';
import {
  startDeskTestServer,
  SAME_ORIGIN,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';
import type { DeskUser } from '../desk/desk-types.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

interface Reports {
  days: number;
  perDay: Array<{ day: string; origin: string; form: string | null; count: number }>;
  byCampaign: Array<{
    utmSource: string | null;
    utmCampaign: string | null;
    leads: number;
    siteVisits: number;
    bookings: number;
  }>;
  funnel: Array<{ stage: string; count: number }>;
  firstContact: Array<{
    user: { id: number; name: string };
    leads: number;
    medianMinutes: number;
    p90Minutes: number;
  }>;
  bookingsByAgent: Array<{ user: { id: number; name: string }; bookings: number }>;
  visitsByAgent: Array<{
    user: { id: number; name: string };
    booked: number;
    visited: number;
    noShows: number;
    cancelled: number;
  }>;
}

describe('the sales desk reports', () => {
  let t: DeskTestServer;
  let arjun: DeskUser;
  let kiran: DeskUser;
  let manager: TestAgent;

  /** Stores a lead now and has `who` contact it `minutes` later, then moves the clock back. */
  async function contacted(
    who: string,
    minutes: number,
    campaign: string,
    stage?: string,
    mobile?: string,
  ) {
    const id = t.storeLead({
      ...(mobile !== undefined ? { mobile } : {}),
      attribution: { source: 'brochure-modal', utm_source: 'google', utm_campaign: campaign },
    });
    t.clock.advance(minutes * MINUTE);
    const agent = await t.signIn(who);
    const call = await agent
      .post(`/desk/api/leads/${id}/contacts`)
      .set(SAME_ORIGIN)
      .send({ channel: 'call' });
    expect(call.status).toBe(201);
    // The visit stages come from visits: booked into today's last slot, and for a visit done
    // (and a booking, which follows one) checked in and closed.
    if (stage === 'visit_scheduled' || stage === 'visit_done' || stage === 'booked') {
      const today = new Date(t.clock.now() + 19_800_000).toISOString().slice(0, 10);
      const booked = await agent
        .post(`/desk/api/leads/${id}/visits`)
        .set(SAME_ORIGIN)
        .send({ date: today, time: '16:30', people: 2, pickup: false });
      expect(booked.status).toBe(201);
      const visitId = (booked.body as { visit: { id: number } }).visit.id;
      if (stage !== 'visit_scheduled') {
        const arrived = await agent
          .post(`/desk/api/visits/${visitId}/check-in`)
          .set(SAME_ORIGIN)
          .send({ arrival: 'arrived' });
        expect(arrived.status).toBe(200);
        const done = await agent
          .post(`/desk/api/visits/${visitId}/outcome`)
          .set(SAME_ORIGIN)
          .send({ outcome: 'Walked the plots' });
        expect(done.status).toBe(200);
      }
    }
    if (stage === 'booked' || stage === 'lost') {
      const moved = await agent
        .patch(`/desk/api/leads/${id}`)
        .set(SAME_ORIGIN)
        .send({ stage, ...(stage === 'lost' ? { lostReason: 'Budget' } : {}) });
      expect(moved.status).toBe(200);
    }
    t.clock.advance(-minutes * MINUTE);
    return id;
  }

  /** Arjun holds a plot for the lead's buyer and asks for its booking; Meena approves it. */
  async function bookPlot(leadId: number) {
    const meena = await t.signIn('meena@iconia.test');
    const imported = await meena
      .post('/desk/api/plots/import')
      .set(SAME_ORIGIN)
      .set('Content-Type', 'text/csv')
      .send('number,phase,size_sq_yd,facing,corner,price\nA-1,Phase 1,200,East,no,4000000\n');
    expect(imported.status).toBe(200);
    const agent = await t.signIn('arjun@iconia.test');
    const held = await agent.post('/desk/api/plots/1/hold').set(SAME_ORIGIN).send({ leadId });
    expect(held.status).toBe(201);
    expect((await agent.post('/desk/api/plots/1/booking').set(SAME_ORIGIN)).status).toBe(201);
    const approved = await meena.post('/desk/api/plots/1/booking/approve').set(SAME_ORIGIN);
    expect(approved.status).toBe(200);
  }

  beforeAll(async () => {
    t = await startDeskTestServer();
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    arjun = await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
    kiran = await t.addUser('kiran@iconia.test', 'agent', 'Kiran');
    const slots = await (
      await t.signIn('meena@iconia.test')
    )
      .put('/desk/api/visit-slots')
      .set(SAME_ORIGIN)
      .send({
        slots: [5, 6].map((weekday) => ({ weekday, time: '16:30', capacity: 10 })),
      });
    expect(slots.status).toBe(200);
    // 40 days ago: outside the 30-day report, inside the 90-day one.
    t.clock.advance(-40 * DAY);
    t.storeLead({ attribution: { source: 'contact-form', utm_source: 'facebook' } });
    t.clock.advance(40 * DAY);
    // Yesterday: Arjun calls after 5, 10 and 30 minutes; the 30-minute lead books.
    t.clock.advance(-DAY);
    await contacted('arjun@iconia.test', 5, 'plots', 'visit_scheduled');
    await contacted('arjun@iconia.test', 10, 'plots', 'visit_done');
    const booked = await contacted('arjun@iconia.test', 30, 'plots', 'visit_done', '9700000001');
    await bookPlot(booked);
    t.clock.advance(DAY);
    // Today: Kiran calls after 2 minutes and the lead is lost after a site visit.
    const lost = await contacted('kiran@iconia.test', 2, 'villas', 'visit_done');
    const kiranAgent = await t.signIn('kiran@iconia.test');
    await kiranAgent
      .patch(`/desk/api/leads/${lost}`)
      .set(SAME_ORIGIN)
      .send({ stage: 'lost', lostReason: 'Chose a flat' });
    t.storeLead({ attribution: { source: 'inline-brochure' } });
    // The booked buyer writes again today from another campaign: first touch keeps them under
    // the first one.
    t.storeLead({
      mobile: '9700000001',
      attribution: { source: 'contact-form', utm_source: 'google', utm_campaign: 'villas' },
    });
    t.storeLead({ name: 'Bot', spam: true });
    manager = await t.signIn('meena@iconia.test');
  });
  afterAll(async () => {
    await t.remove();
  });

  it('when a manager opens the 30-day reports, then enquiries count per day and each buyer once, under their first enquiry', async () => {
    const res = await manager.get('/desk/api/reports?days=30');
    expect(res.status).toBe(200);
    const reports = res.body as Reports;
    expect(reports.days).toBe(30);
    // START_TIME is 21 Nov 2026 in India. The booked buyer's second enquiry and the spam are
    // left out: the days hold the funnel's buyers.
    expect(reports.perDay).toEqual([
      { day: '2026-11-20', origin: 'site', form: 'brochure-modal', count: 3 },
      { day: '2026-11-21', origin: 'site', form: 'brochure-modal', count: 1 },
      { day: '2026-11-21', origin: 'site', form: 'inline-brochure', count: 1 },
    ]);
    expect(reports.byCampaign).toEqual([
      {
        origin: 'site',
        utmSource: 'google',
        utmCampaign: 'plots',
        leads: 3,
        siteVisits: 2,
        bookings: 1,
      },
      {
        origin: 'site',
        utmSource: null,
        utmCampaign: null,
        leads: 1,
        siteVisits: 0,
        bookings: 0,
      },
      {
        origin: 'site',
        utmSource: 'google',
        utmCampaign: 'villas',
        leads: 1,
        siteVisits: 1,
        bookings: 0,
      },
    ]);
    expect(reports.funnel).toEqual([
      { stage: 'new', count: 5 },
      { stage: 'contacted', count: 4 },
      { stage: 'visit_scheduled', count: 4 },
      { stage: 'visit_done', count: 3 },
      { stage: 'booked', count: 1 },
      { stage: 'lost', count: 1 },
    ]);
    expect(reports.firstContact).toEqual([
      { user: { id: arjun.id, name: 'Arjun' }, leads: 3, medianMinutes: 10, p90Minutes: 30 },
      { user: { id: kiran.id, name: 'Kiran' }, leads: 1, medianMinutes: 2, p90Minutes: 2 },
    ]);
    expect(reports.bookingsByAgent).toEqual([
      { user: { id: arjun.id, name: 'Arjun' }, bookings: 1 },
    ]);
    // From the visit records: who booked each visit, and what became of it.
    expect(reports.visitsByAgent).toEqual([
      { user: { id: arjun.id, name: 'Arjun' }, booked: 3, visited: 2, noShows: 0, cancelled: 0 },
      { user: { id: kiran.id, name: 'Kiran' }, booked: 1, visited: 1, noShows: 0, cancelled: 0 },
    ]);
  });

  it('when the 90-day reports are asked for, then older leads count too', async () => {
    const reports = (await manager.get('/desk/api/reports?days=90')).body as Reports;
    expect(reports.perDay[0]).toEqual({
      day: '2026-10-12',
      origin: 'site',
      form: 'contact-form',
      count: 1,
    });
    expect(reports.funnel[0]).toEqual({ stage: 'new', count: 6 });
  });

  it('when an agent asks for reports, then they are shown too, and a bad period is refused', async () => {
    const agent = await t.signIn('arjun@iconia.test');
    expect((await agent.get('/desk/api/reports')).status).toBe(200);
    const bad = await agent.get('/desk/api/reports?days=7');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: '"days" must be 30 or 90.' });
  });

  it('when the times are spread, then the 90th percentile is the nearest rank', () => {
    const minutes = Array.from({ length: 20 }, (_, index) => index + 1);
    expect(percentile(minutes, 0.5)).toBe(10);
    expect(percentile(minutes, 0.9)).toBe(18);
    expect(percentile([7], 0.9)).toBe(7);
  });
});

describe('time to first contact beside speed to lead', () => {
  let t: DeskTestServer;
  let arjun: DeskUser;
  let report: DeskReport;

  beforeAll(async () => {
    // Sunday 22 Nov 2026, 8:58 am IST: two minutes before the default 09:00–20:00 hours open.
    t = await startDeskTestServer({ clock: createTestClock(Date.parse('2026-11-22T03:28:00Z')) });
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    arjun = await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
    const agent = await t.signIn('arjun@iconia.test');
    const duty = await agent.put('/desk/api/duty').set(SAME_ORIGIN).send({ onDuty: true });
    expect(duty.status).toBe(200);
    const call = async (leadId: number) => {
      const res = await agent
        .post(`/desk/api/leads/${leadId}/contacts`)
        .set(SAME_ORIGIN)
        .send({ channel: 'call' });
      expect(res.status).toBe(201);
    };

    // Written at 8:58, called at 9:00 as the day starts; written at 9:10, called at 9:13.
    const early = t.storeLead({ attribution: { source: 'contact-form' } });
    t.clock.advance(2 * MINUTE);
    await call(early);
    t.clock.advance(10 * MINUTE);
    const later = t.storeLead({ attribution: { source: 'contact-form' } });
    t.clock.advance(3 * MINUTE);
    await call(later);

    const manager = await t.signIn('meena@iconia.test');
    report = (await manager.get('/desk/api/reports?days=30')).body as DeskReport;
  });
  afterAll(async () => {
    await t.remove();
  });

  it('when a buyer who wrote before opening time is called as the day starts, then time to first contact counts the same working minutes as speed to lead', () => {
    expect(report.firstContact).toEqual([
      { user: { id: arjun.id, name: 'Arjun' }, leads: 2, medianMinutes: 0, p90Minutes: 3 },
    ]);
    expect(report.response.byAgent).toEqual([
      expect.objectContaining({
        user: { id: arjun.id, name: 'Arjun' },
        answered: 2,
        medianMinutes: 0,
        p90Minutes: 3,
        withinTargetPercent: 100,
      }),
    ]);
    expect(report.response.byOrigin).toEqual([
      expect.objectContaining({ origin: 'site', medianMinutes: 0, p90Minutes: 3 }),
    ]);
  });
});
