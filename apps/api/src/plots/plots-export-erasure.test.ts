import type TestAgent from 'supertest/lib/agent.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Plot } from '@iconia/shared';
import {
  importPlots,
  startDeskTestServer,
  SAME_ORIGIN,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';

const CSV = [
  'number,phase,size_sq_yd,facing,corner,price,rate_per_sq_yd',
  'A-1,Phase 1,200,East,no,4000000,',
  'A-2,Phase 1,240,North,no,,18000',
  'B-1,"=HYPERLINK(""http://x.test"")",400,South,yes,,16000',
].join('\n');

describe('plot exports and erasure', () => {
  let t: DeskTestServer;
  let manager: TestAgent;
  let agent: TestAgent;
  let leadId: number;
  let ids = new Map<string, number>();

  const act = async (call: Promise<{ status: number }>, status: number) => {
    expect((await call).status).toBe(status);
  };
  const hold = (number: string) =>
    act(
      agent
        .post(`/desk/api/plots/${ids.get(number) ?? 0}/hold`)
        .set(SAME_ORIGIN)
        .send({ leadId }),
      201,
    );
  const request = (number: string) =>
    act(agent.post(`/desk/api/plots/${ids.get(number) ?? 0}/booking`).set(SAME_ORIGIN), 201);
  const plot = async (number: string) =>
    ((await agent.get(`/desk/api/plots/${ids.get(number) ?? 0}`)).body as { plot: Plot }).plot;

  beforeEach(async () => {
    t = await startDeskTestServer();
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
    manager = await t.signIn('meena@iconia.test');
    agent = await t.signIn('arjun@iconia.test');
    leadId = t.storeLead({
      name: '=cmd|calc',
      mobile: '9876543210',
      attribution: { source: 'contact-form', utm_source: 'google', utm_campaign: 'villas' },
    });
    ids = await importPlots(manager, CSV);
    // B-1 booked for the buyer, A-2 waiting for approval, A-1 held.
    await hold('B-1');
    await request('B-1');
    await act(
      manager.post(`/desk/api/plots/${ids.get('B-1') ?? 0}/booking/approve`).set(SAME_ORIGIN),
      200,
    );
    await hold('A-2');
    await request('A-2');
    await hold('A-1');
  });
  afterEach(async () => {
    await t.remove();
  });

  it('when a manager exports the inventory, then it is a CSV whose formula-like cells are defused and that imports back', async () => {
    const res = await manager.get('/desk/api/plots.csv');
    expect(res.status).toBe(200);
    expect(res.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.get('Content-Disposition')).toMatch(
      /^attachment; filename="elegant-iconia-plots-2026-11-21\.csv"$/,
    );
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'number,phase,size_sq_yd,facing,corner,price,rate_per_sq_yd,status,total_price,buyer,agent,held_until,updated_at',
    );
    expect(lines).toHaveLength(4);
    expect(res.text).toContain(`"'=HYPERLINK(""http://x.test"")"`);
    expect(res.text).toContain(`'=cmd|calc`);
    expect(res.text).not.toMatch(/(^|,)=/m);
    const again = await manager
      .post('/desk/api/plots/import')
      .set(SAME_ORIGIN)
      .set('Content-Type', 'text/csv')
      .send(res.text);
    expect(again.body).toEqual({ created: 0, updated: 3 });
    expect((await plot('A-1')).status).toBe('held');
    expect((await plot('B-1')).status).toBe('booked');
  });

  it('when a manager exports the bookings, then each record is listed with its campaign, formula-safe', async () => {
    const res = await manager.get('/desk/api/plot-bookings.csv');
    expect(res.status).toBe(200);
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'booking,plot,phase,size_sq_yd,total_price,status,buyer,lead_id,origin,utm_source,utm_campaign,requested_by,requested_at,decided_by,decided_at,cancelled_by,cancelled_at,cancel_reason',
    );
    expect(lines.slice(1).map((line) => line.split(',').slice(5, 7))).toEqual([
      ['requested', `'=cmd|calc`],
      ['approved', `'=cmd|calc`],
    ]);
    expect(lines[2]).toContain(',site,google,villas,Arjun,');
  });

  it('when an agent asks for an export, then it is refused', async () => {
    expect((await agent.get('/desk/api/plots.csv')).status).toBe(403);
    expect((await agent.get('/desk/api/plot-bookings.csv')).status).toBe(403);
  });

  it('when a buyer is erased, then their holds end, a waiting booking is cancelled, and a booked plot stays booked without their data', async () => {
    const erased = await manager
      .post('/desk/api/erasures')
      .set(SAME_ORIGIN)
      .send({ mobile: '9876543210' });
    expect(erased.status).toBe(200);
    expect(await plot('A-1')).toMatchObject({ status: 'available', hold: null });
    expect(await plot('A-2')).toMatchObject({ status: 'available', hold: null, booking: null });
    expect(await plot('B-1')).toMatchObject({
      status: 'booked',
      booking: { status: 'approved', buyer: { name: '' } },
    });
    const bookings = await manager.get('/desk/api/plot-bookings.csv');
    expect(bookings.text).not.toContain('cmd');
    const history = await manager.get(`/desk/api/plots/${ids.get('A-1') ?? 0}`);
    expect(JSON.stringify(history.body)).not.toContain('cmd');
    expect(bookings.text).not.toContain('9876543210');
    expect(bookings.text).toContain(',cancelled,');
    const reports = await manager.get('/desk/api/reports?days=30');
    expect(reports.body).toMatchObject({
      bookingsByAgent: [{ user: { name: 'Arjun' }, bookings: 1 }],
    });
  });
});
