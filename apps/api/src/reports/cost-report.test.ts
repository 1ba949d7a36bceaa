import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type TestAgent from 'supertest/lib/agent.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CostReport, DeskReport, SpendImportAnswer, SpendRow } from '@iconia/shared';
import {
  SAME_ORIGIN,
  startDeskTestServer,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';

/** The platforms' exports as docs/ad-spend.md shows them, read unchanged. */
const sample = (name: string) =>
  readFileSync(new URL(`../../../../docs/samples/${name}`, import.meta.url), 'utf8');
const GOOGLE = sample('google-ads-campaign-report.csv');
const META = sample('meta-ads-manager-export.csv');

const GOOGLE_SEARCH = 'Plots Search - Hyderabad';
const META_LEAD_FORM = '120210000000000001';

describe('ad spend in, cost per buyer, visit and booking out', () => {
  let t: DeskTestServer;
  let meena: TestAgent;
  let arjun: TestAgent;

  const importCsv = (csv: string) =>
    meena.post('/desk/api/spend/import').set(SAME_ORIGIN).set('Content-Type', 'text/csv').send(csv);

  /** Arjun calls the buyer and marks them Contacted; for a visit done, instead books today's slot, checks them in and closes it. */
  async function work(leadId: number, stage: 'contacted' | 'visit_done') {
    const call = await arjun
      .post(`/desk/api/leads/${leadId}/contacts`)
      .set(SAME_ORIGIN)
      .send({ channel: 'call' });
    expect(call.status).toBe(201);
    if (stage === 'contacted') {
      const moved = await arjun
        .patch(`/desk/api/leads/${leadId}`)
        .set(SAME_ORIGIN)
        .send({ stage: 'contacted' });
      expect(moved.status).toBe(200);
      return;
    }
    const today = new Date(t.clock.now() + 19_800_000).toISOString().slice(0, 10);
    const booked = await arjun
      .post(`/desk/api/leads/${leadId}/visits`)
      .set(SAME_ORIGIN)
      .send({ date: today, time: '16:30', people: 2, pickup: false });
    expect(booked.status).toBe(201);
    const visitId = (booked.body as { visit: { id: number } }).visit.id;
    const steps = [
      ['check-in', { arrival: 'arrived' }],
      ['outcome', { outcome: 'Walked the plots' }],
    ] as const;
    for (const [step, body] of steps) {
      const done = await arjun
        .post(`/desk/api/visits/${visitId}/${step}`)
        .set(SAME_ORIGIN)
        .send(body);
      expect(done.status).toBe(200);
    }
  }

  beforeAll(async () => {
    t = await startDeskTestServer();
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
    meena = await t.signIn('meena@iconia.test');
    arjun = await t.signIn('arjun@iconia.test');
    const slots = await meena
      .put('/desk/api/visit-slots')
      .set(SAME_ORIGIN)
      .send({ slots: [5, 6].map((weekday) => ({ weekday, time: '16:30', capacity: 10 })) });
    expect(slots.status).toBe(200);

    // Google search: three site visitors tagged with the campaign (in other letter case).
    const google = (utm_campaign: string) =>
      t.storeLead({
        attribution: { source: 'brochure-modal', utm_source: 'google', utm_campaign },
      });
    google('plots search - hyderabad');
    await work(google('Plots Search - Hyderabad'), 'contacted');
    const buyer = google('PLOTS SEARCH - HYDERABAD');
    await work(buyer, 'visit_done');
    // A Google Ads lead form's enquiry names the Display campaign by its id.
    const display = t.storeLead({
      kind: 'enquiry',
      origin: 'google_ads',
      externalId: 'G-1',
      attribution: { utm_campaign: '21034567891' },
    });
    await work(display, 'visit_done');
    // Meta's lead ads name their campaign by id.
    const meta = (externalId: string) =>
      t.storeLead({
        kind: 'enquiry',
        origin: 'meta',
        externalId,
        attribution: { utm_source: 'meta', utm_campaign: META_LEAD_FORM },
      });
    await work(meta('M-1'), 'visit_done');
    meta('M-2');
    // A visitor who came through no campaign, and a test lead that never counts.
    t.storeLead({ attribution: { source: 'contact-form' } });
    t.storeLead({ name: 'Test', test: true, attribution: { utm_source: 'google' } });

    // The booking: a plot held for the searcher, asked for by Arjun, approved by Meena.
    const plots = await meena
      .post('/desk/api/plots/import')
      .set(SAME_ORIGIN)
      .set('Content-Type', 'text/csv')
      .send('number,phase,size_sq_yd,facing,corner,price\nA-1,Phase 1,200,East,no,4000000\n');
    expect(plots.status).toBe(200);
    const held = await arjun
      .post('/desk/api/plots/1/hold')
      .set(SAME_ORIGIN)
      .send({ leadId: buyer });
    expect(held.status).toBe(201);
    expect((await arjun.post('/desk/api/plots/1/booking').set(SAME_ORIGIN)).status).toBe(201);
    expect((await meena.post('/desk/api/plots/1/booking/approve').set(SAME_ORIGIN)).status).toBe(
      200,
    );
  });
  afterAll(async () => {
    await t.remove();
  });

  it('when both platforms’ own exports are imported, then each says what it held, and importing one again replaces its days', async () => {
    const google = await importCsv(GOOGLE);
    expect(google.status).toBe(200);
    expect(google.body).toEqual({
      platform: 'google',
      rows: 5,
      campaigns: 2,
      firstDay: '2026-11-16',
      lastDay: '2026-11-18',
      replaced: 0,
      amountPaise: 1_441_350,
    } satisfies SpendImportAnswer);
    const meta = await importCsv(META);
    expect(meta.body).toMatchObject({ platform: 'meta', rows: 3, amountPaise: 610_039 });
    const again = await importCsv(GOOGLE);
    expect(again.body).toMatchObject({ rows: 5, replaced: 5 });
    const listed = (await meena.get('/desk/api/spend?days=30')).body as { spend: SpendRow[] };
    expect(listed.spend).toHaveLength(8);
    expect(listed.spend[0]).toMatchObject({ day: '2026-11-18', enteredBy: 'Meena' });
  });

  it('when a file has a bad row, then it is refused whole with the row’s line and why, and nothing of it is kept', async () => {
    const bad = GOOGLE.replace('"3,810.50"', 'three thousand').replace(
      /Display - Villa plots/g,
      'Display - New name',
    );
    const refused = await importCsv(bad);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: 'One row of the file cannot be imported; nothing was imported.',
      problems: [
        {
          line: 5,
          message:
            '"three thousand" is not an amount in rupees (up to ₹1 crore a day, two decimals).',
        },
      ],
    });
    const unquoted = await importCsv(META.replace('1890.00', '1,890.00'));
    expect((unquoted.body as { problems: unknown[] }).problems).toEqual([
      {
        line: 3,
        message:
          'the row has 9 cells and the header 8: a value with a comma, such as "1,890", must be in double quotes.',
      },
    ]);
    const notSpend = await importCsv('name,mobile\nAsha,9848000010\n');
    expect(notSpend.status).toBe(400);
    expect(
      (notSpend.body as { problems: Array<{ message: string }> }).problems[0]?.message,
    ).toMatch(/not a spend export the desk knows/);
    const report = (await meena.get('/desk/api/reports/cost?days=30')).body as CostReport;
    expect(report.byCampaign.map((row) => row.campaign)).not.toContain('Display - New name');
  });

  it('when a manager types a hoarding’s spend, then it counts with no buyers, and 0 takes it back', async () => {
    const typed = await meena.put('/desk/api/spend').set(SAME_ORIGIN).send({
      platform: 'Hoarding',
      campaign: 'NH-65 hoarding',
      day: '2026-11-20',
      amount: '25,000',
    });
    expect(typed.status).toBe(200);
    expect((typed.body as { spend: SpendRow }).spend).toMatchObject({
      platform: 'hoarding',
      amountPaise: 2_500_000,
      how: 'hand',
    });
    const wrong = await meena
      .put('/desk/api/spend')
      .set(SAME_ORIGIN)
      .send({ platform: 'hoarding', campaign: 'x', day: '2026-11-20', amount: '25k' });
    expect(wrong.status).toBe(400);
    expect((wrong.body as { error: string }).error).toMatch(/amount in rupees/);
    const extra = { platform: 'hoarding', campaign: 'Old board', day: '2026-11-20' };
    await meena
      .put('/desk/api/spend')
      .set(SAME_ORIGIN)
      .send({ ...extra, amount: 900 });
    const removed = await meena
      .put('/desk/api/spend')
      .set(SAME_ORIGIN)
      .send({ ...extra, amount: 0 });
    expect(removed.body).toEqual({ spend: null });
  });

  it('when the cost report is read, then each campaign’s spend, funnel and cost per buyer, visit and booking are exact to the paisa, and the buyers agree with the Reports screen', async () => {
    const report = (await meena.get('/desk/api/reports/cost?days=30')).body as CostReport;
    const row = (platform: string, campaign: string) =>
      report.byCampaign.find((line) => line.platform === platform && line.campaign === campaign);
    expect(row('google', GOOGLE_SEARCH)).toEqual({
      platform: 'google',
      campaign: GOOGLE_SEARCH,
      spendPaise: 1_343_325,
      buyers: 3,
      contacted: 2,
      siteVisits: 1,
      bookings: 1,
      costPerBuyer: 447_775,
      costPerVisit: 1_343_325,
      costPerBooking: 1_343_325,
    });
    expect(row('google', 'Display - Villa plots')).toMatchObject({
      spendPaise: 98_025,
      buyers: 1,
      siteVisits: 1,
      costPerVisit: 98_025,
      costPerBooking: null,
    });
    expect(row('meta', 'Villa plots - Lead form')).toMatchObject({
      spendPaise: 610_039,
      buyers: 2,
      contacted: 1,
      siteVisits: 1,
      costPerBuyer: 305_020,
      costPerVisit: 610_039,
    });
    expect(row('hoarding', 'NH-65 hoarding')).toMatchObject({
      spendPaise: 2_500_000,
      buyers: 0,
      costPerBuyer: null,
    });
    expect(row('site', '(none)')).toMatchObject({ spendPaise: 0, buyers: 1, costPerBuyer: 0 });
    expect(report.total).toEqual({
      spendPaise: 4_551_389,
      buyers: 7,
      contacted: 4,
      siteVisits: 3,
      bookings: 1,
      costPerBuyer: 650_198,
      costPerVisit: 1_517_130,
      costPerBooking: 4_551_389,
    });
    expect(report.byPlatform.map((line) => [line.platform, line.spendPaise])).toEqual([
      ['hoarding', 2_500_000],
      ['google', 1_441_350],
      ['meta', 610_039],
      ['site', 0],
    ]);
    expect(report.weeks.at(-1)).toEqual({
      week: '2026-11-16',
      spendPaise: 4_551_389,
      siteVisits: 3,
      costPerVisit: 1_517_130,
    });
    const screen = (await meena.get('/desk/api/reports?days=30')).body as DeskReport;
    expect(screen.byCampaign.reduce((sum, line) => sum + line.leads, 0)).toBe(report.total.buyers);
    expect(screen.funnel.find((step) => step.stage === 'booked')?.count).toBe(
      report.total.bookings,
    );
  });

  it('when the cost table is exported, then the CSV holds each campaign and the total in rupees', async () => {
    const csv = await meena.get('/desk/api/reports/cost.csv?days=30');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parse<Record<string, string>>(csv.text, { columns: true });
    expect(rows.find((line) => line.campaign === GOOGLE_SEARCH)).toMatchObject({
      spend_inr: '13433.25',
      cost_per_buyer_inr: '4477.75',
      cost_per_booking_inr: '13433.25',
    });
    expect(rows.at(-1)).toMatchObject({
      platform: 'all',
      campaign: 'Total',
      spend_inr: '45513.89',
    });
  });

  it('when an agent asks, then every spend and cost route refuses them', async () => {
    for (const path of [
      '/desk/api/spend?days=30',
      '/desk/api/reports/cost',
      '/desk/api/reports/cost.csv',
    ]) {
      expect((await arjun.get(path)).status).toBe(403);
    }
    const imported = await arjun
      .post('/desk/api/spend/import')
      .set(SAME_ORIGIN)
      .set('Content-Type', 'text/csv')
      .send(GOOGLE);
    expect(imported.status).toBe(403);
  });
});
