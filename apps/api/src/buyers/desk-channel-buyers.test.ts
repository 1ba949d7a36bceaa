import type TestAgent from 'supertest/lib/agent.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskLeadDetail, DeskLeadRow, DeskReport, TimelineEntry } from '@iconia/shared';
import {
  SAME_ORIGIN,
  startDeskTestServer,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';

const MINUTE = 60_000;

describe('buyers whose enquiries come from other channels, and the test leads of those channels', () => {
  let t: DeskTestServer;
  let manager: TestAgent;
  let agent: TestAgent;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startDeskTestServer();
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
    ids.site = t.storeLead({
      name: 'Asha Rao',
      mobile: '9876500001',
      attribution: { source: 'contact-form', utm_source: 'google', utm_campaign: 'plots' },
    });
    manager = await t.signIn('meena@iconia.test');
    agent = await t.signIn('arjun@iconia.test');
    const worked = await manager
      .post(`/desk/api/leads/${ids.site}/visits`)
      .set(SAME_ORIGIN)
      .send({ date: '2026-11-22', time: '10:00', people: 2, pickup: false });
    expect(worked.status).toBe(201);
    t.clock.advance(MINUTE);
    ids.ads = t.storeLead({
      kind: 'enquiry',
      origin: 'google_ads',
      externalId: 'lead-1',
      name: 'Asha R',
      mobile: '9876500001',
      attribution: { utm_campaign: 'villas' },
    });
    t.clock.advance(MINUTE);
    // Google's "send test data": kept apart, nobody's work.
    ids.test = t.storeLead({
      kind: 'enquiry',
      origin: 'google_ads',
      externalId: 'test-1',
      name: 'Test Lead',
      mobile: '9876500002',
      test: true,
    });
    ids.testOfKnown = t.storeLead({
      kind: 'enquiry',
      origin: 'google_ads',
      externalId: 'test-2',
      name: 'Test Lead',
      mobile: '9876500001',
      test: true,
    });
  });
  afterAll(async () => {
    await t.remove();
  });

  it('when a known buyer writes through Google Ads, then the inbox shows them once, still at their stage, with both enquiries and their origins', async () => {
    const page = (await agent.get('/desk/api/leads')).body as { leads: DeskLeadRow[] };
    expect(page.leads.map((lead) => [lead.id, lead.origin, lead.stage, lead.enquiries])).toEqual([
      [ids.ads, 'google_ads', 'visit_scheduled', 2],
    ]);

    const view = (await agent.get(`/desk/api/leads/${ids.site}`)).body as {
      enquiries: DeskLeadDetail[];
      timeline: TimelineEntry[];
    };
    expect(view.enquiries.map((lead) => [lead.id, lead.origin, lead.utmCampaign])).toEqual([
      [ids.site, 'site', 'plots'],
      [ids.ads, 'google_ads', 'villas'],
    ]);
    expect(
      view.timeline
        .filter((entry) => entry.type === 'stored')
        .map((entry) => [entry.leadId, entry.text]),
    ).toEqual([
      [ids.site, 'Received from the website'],
      [ids.ads, 'Received from Google Ads'],
    ]);
  });

  it('when a manager ticks Test leads, then only test leads are listed, and an agent may not ask', async () => {
    const tests = (await manager.get('/desk/api/leads?test=1')).body as { leads: DeskLeadRow[] };
    expect(tests.leads.map((lead) => lead.id)).toEqual([ids.testOfKnown, ids.test]);
    const refused = await agent.get('/desk/api/leads?test=1');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Only a manager can do this.' });
    const today = (await agent.get('/desk/api/today')).body as { uncontacted: DeskLeadRow[] };
    expect(today.uncontacted.map((lead) => lead.name)).not.toContain('Test Lead');
  });

  it('when reports are read, then the buyer counts once under the site campaign they first came from, and test leads not at all', async () => {
    const report = (await manager.get('/desk/api/reports')).body as DeskReport;
    expect(report.byCampaign).toEqual([
      {
        origin: 'site',
        utmSource: 'google',
        utmCampaign: 'plots',
        leads: 1,
        siteVisits: 0,
        bookings: 0,
      },
    ]);
    // One buyer with two enquiries: once per day, under the first, like the funnel.
    expect(report.perDay).toEqual([
      { day: '2026-11-21', origin: 'site', form: 'contact-form', count: 1 },
    ]);
    expect(report.funnel[0]).toEqual({ stage: 'new', count: 1 });
  });
});
