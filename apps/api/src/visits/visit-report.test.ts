import type TestAgent from 'supertest/lib/agent.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskReport } from '@iconia/shared';
import {
  SAME_ORIGIN,
  startDeskTestServer,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';
import type { DeskUser } from '../desk/desk-types.ts';

// The test clock starts on Saturday 21 November 2026, 3:45 pm in India: today's 16:30 slot is
// still to come, and its visitors can be checked in today.
const TODAY = '2026-11-21';

type Counts = Pick<
  DeskReport['visitsByAgent'][number],
  'booked' | 'visited' | 'noShows' | 'cancelled'
>;

function totals(rows: readonly Counts[]): Counts {
  return rows.reduce<Counts>(
    (sum, row) => ({
      booked: sum.booked + row.booked,
      visited: sum.visited + row.visited,
      noShows: sum.noShows + row.noShows,
      cancelled: sum.cancelled + row.cancelled,
    }),
    { booked: 0, visited: 0, noShows: 0, cancelled: 0 },
  );
}

describe('the reports’ site visits by campaign, origin and agent', () => {
  let t: DeskTestServer;
  let arjun: DeskUser;
  let kiran: DeskUser;
  let report: DeskReport;

  async function bookToday(agent: TestAgent, leadId: number): Promise<number> {
    const res = await agent
      .post(`/desk/api/leads/${leadId}/visits`)
      .set(SAME_ORIGIN)
      .send({ date: TODAY, time: '16:30', people: 2, pickup: false });
    expect(res.status).toBe(201);
    return (res.body as { visit: { id: number } }).visit.id;
  }

  const act = async (agent: TestAgent, path: string, body: object) => {
    const res = await agent.post(`/desk/api/visits/${path}`).set(SAME_ORIGIN).send(body);
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    t = await startDeskTestServer();
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    arjun = await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
    kiran = await t.addUser('kiran@iconia.test', 'agent', 'Kiran');
    const arjunDesk = await t.signIn('arjun@iconia.test');
    const kiranDesk = await t.signIn('kiran@iconia.test');
    const plots = {
      source: 'brochure-modal' as const,
      utm_source: 'google',
      utm_campaign: 'plots',
    };

    const came = t.storeLead({ mobile: '9700000001', attribution: plots });
    // The same buyer writes again from Meta: first touch keeps their visit under "plots".
    t.storeLead({
      mobile: '9700000001',
      kind: 'enquiry',
      origin: 'meta',
      externalId: 'M-1',
      attribution: { utm_campaign: 'spring' },
    });
    const cancelled = t.storeLead({ attribution: plots });
    const missed = t.storeLead({
      kind: 'enquiry',
      origin: 'meta',
      externalId: 'M-2',
      attribution: { utm_campaign: 'spring' },
    });
    const waiting = t.storeLead({ attribution: { source: 'inline-brochure' } });

    const cameVisit = await bookToday(arjunDesk, came);
    await act(arjunDesk, `${cameVisit}/check-in`, { arrival: 'arrived' });
    await act(arjunDesk, `${cameVisit}/outcome`, { outcome: 'Liked the corner plots' });
    await act(arjunDesk, `${await bookToday(arjunDesk, cancelled)}/cancel`, {});
    await act(kiranDesk, `${await bookToday(kiranDesk, missed)}/check-in`, {
      arrival: 'no_show',
    });
    await bookToday(kiranDesk, waiting);

    const res = await (await t.signIn('meena@iconia.test')).get('/desk/api/reports?days=30');
    expect(res.status).toBe(200);
    report = res.body as DeskReport;
  });
  afterAll(async () => {
    await t.remove();
  });

  it('when visits were booked for buyers of several campaigns, then each campaign counts the visits of the buyers it first brought', () => {
    expect(report.visitsByCampaign).toEqual([
      {
        origin: 'site',
        utmSource: 'google',
        utmCampaign: 'plots',
        booked: 2,
        visited: 1,
        noShows: 0,
        cancelled: 1,
      },
      {
        origin: 'meta',
        utmSource: null,
        utmCampaign: 'spring',
        booked: 1,
        visited: 0,
        noShows: 1,
        cancelled: 0,
      },
      {
        origin: 'site',
        utmSource: null,
        utmCampaign: null,
        booked: 1,
        visited: 0,
        noShows: 0,
        cancelled: 0,
      },
    ]);
  });

  it('when visits were booked for buyers of several origins, then each origin counts its buyers’ visits', () => {
    expect(report.visitsByOrigin).toEqual([
      { origin: 'site', booked: 3, visited: 1, noShows: 0, cancelled: 1 },
      { origin: 'meta', booked: 1, visited: 0, noShows: 1, cancelled: 0 },
    ]);
  });

  it('when two agents booked visits, then each counts the visits they booked and what became of them', () => {
    expect(report.visitsByAgent).toEqual([
      { user: { id: arjun.id, name: 'Arjun' }, booked: 2, visited: 1, noShows: 0, cancelled: 1 },
      { user: { id: kiran.id, name: 'Kiran' }, booked: 2, visited: 0, noShows: 1, cancelled: 0 },
    ]);
  });

  it('when the three breakdowns are added up, then they give the same totals as the visit records', () => {
    const stored = t.store.db
      .prepare<[], Counts>(
        `SELECT count(*) AS booked, sum(status IN ('arrived', 'done')) AS visited,
           sum(status = 'no_show') AS noShows, sum(status = 'cancelled') AS cancelled
         FROM visits`,
      )
      .get();

    expect(totals(report.visitsByCampaign)).toEqual(stored);
    expect(totals(report.visitsByOrigin)).toEqual(stored);
    expect(totals(report.visitsByAgent)).toEqual(stored);
  });
});
