import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskReport } from '@iconia/shared';
import { startDeskTestServer, type DeskTestServer } from '../desk/desk-test-support.ts';

const MINUTE = 60_000;

describe('the reports count every lead, whichever way it came in', () => {
  let t: DeskTestServer;
  let manager: TestAgent;

  /** A post to the site's endpoint as curl or a script sends it: `source` only when given. */
  async function post(mobile: string, source?: string) {
    const res = await request(t.url)
      .post('/send-email')
      .type('form')
      .send({
        name: 'Asha Rao',
        mobile,
        plotRange: '200 - 300 Sq. Yds',
        ...(source && { source }),
      });
    expect(res.status).toBe(200);
    t.clock.advance(MINUTE);
  }

  beforeAll(async () => {
    t = await startDeskTestServer();
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    // Four from the site's forms, three posted with no form name, one buyer writing twice.
    for (let index = 0; index < 4; index += 1)
      await post(`98480000${10 + index}`, 'inline-brochure');
    for (let index = 0; index < 3; index += 1) await post(`98480000${20 + index}`);
    await post('9848000010', 'contact-form');
    t.storeLead({
      kind: 'enquiry',
      origin: 'partner:acme-realty',
      externalId: 'A-1',
      attribution: {},
    });
    t.storeLead({ kind: 'enquiry', origin: 'google_ads', externalId: 'G-1', attribution: {} });
    t.storeLead({ name: 'Bot', spam: true, attribution: {} });
    manager = await t.signIn('meena@iconia.test');
  });
  afterAll(async () => {
    await t.remove();
  });

  it('when leads came without a form name, then the days count them under their origin, and the total is the funnel’s', async () => {
    const report = (await manager.get('/desk/api/reports?days=30')).body as DeskReport;
    expect(report.perDay).toEqual([
      { day: '2026-11-21', origin: 'google_ads', form: null, count: 1 },
      { day: '2026-11-21', origin: 'partner:acme-realty', form: null, count: 1 },
      { day: '2026-11-21', origin: 'site', form: null, count: 3 },
      { day: '2026-11-21', origin: 'site', form: 'inline-brochure', count: 4 },
    ]);
    const total = report.perDay.reduce((sum, row) => sum + row.count, 0);
    expect(report.funnel[0]).toEqual({ stage: 'new', count: total });
    expect(report.byCampaign.reduce((sum, row) => sum + row.leads, 0)).toBe(total);
  });
});
