import type TestAgent from 'supertest/lib/agent.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Plot, PlotImportRefusal, PlotsAnswer, PlotView } from '@iconia/shared';
import {
  startDeskTestServer,
  SAME_ORIGIN,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';
import type { DeskUser } from '../desk/desk-types.ts';

const HOUR = 3_600_000;

const INVENTORY = [
  'Plot No,Phase,Size (sq yds),Facing,Corner,Price,Rate per sq yd,Status',
  'A-1,Phase 1,200,East,yes,"₹40,00,000",,',
  'A-2,Phase 1,240,North-East,no,,18000,',
  'A-3,Phase 1,300,W,no,,17500,booked',
  'B-1,Phase 2,400,south,yes,,16000,available',
].join('\r\n');

function importCsv(agent: TestAgent, csv: string) {
  return agent
    .post('/desk/api/plots/import')
    .set(SAME_ORIGIN)
    .set('Content-Type', 'text/csv')
    .send(csv);
}

describe('the plot inventory', () => {
  let t: DeskTestServer;
  let manager: TestAgent;
  let arjun: TestAgent;
  let kiran: TestAgent;
  let arjunUser: DeskUser;
  let leadId: number;

  /** Sessions end after 12 idle hours: after the clock jumps, everyone signs in again. */
  const signInAgain = async () => {
    manager = await t.signIn('meena@iconia.test');
    arjun = await t.signIn('arjun@iconia.test');
    kiran = await t.signIn('kiran@iconia.test');
  };
  const plotsOf = async (agent: TestAgent, query = '') => {
    const res = await agent.get(`/desk/api/plots${query}`);
    expect(res.status).toBe(200);
    return res.body as PlotsAnswer;
  };
  const plotNamed = async (number: string): Promise<Plot> => {
    const found = (await plotsOf(manager)).plots.find((plot) => plot.number === number);
    if (!found) throw new Error(`no plot ${number}`);
    return found;
  };

  beforeEach(async () => {
    t = await startDeskTestServer();
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    arjunUser = await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
    await t.addUser('kiran@iconia.test', 'agent', 'Kiran');
    manager = await t.signIn('meena@iconia.test');
    arjun = await t.signIn('arjun@iconia.test');
    kiran = await t.signIn('kiran@iconia.test');
    leadId = t.storeLead({
      name: 'Asha',
      attribution: { source: 'brochure-modal', utm_source: 'google', utm_campaign: 'villas' },
    });
    const imported = await importCsv(manager, INVENTORY);
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({ created: 4, updated: 0 });
  });
  afterEach(async () => {
    await t.remove();
  });

  it('when a manager imports a CSV, then each plot is listed with its facts and the counts per status and phase', async () => {
    const { plots, counts } = await plotsOf(arjun);
    expect(
      plots.map((plot) => [plot.number, plot.facing, plot.corner, plot.totalPrice, plot.status]),
    ).toEqual([
      ['A-1', 'east', true, 4_000_000, 'available'],
      ['A-2', 'north_east', false, 4_320_000, 'available'],
      ['A-3', 'west', false, 5_250_000, 'booked'],
      ['B-1', 'south', true, 6_400_000, 'available'],
    ]);
    expect(counts.total).toBe(4);
    expect(counts.byStatus).toEqual([
      { status: 'available', count: 3 },
      { status: 'held', count: 0 },
      { status: 'booking_requested', count: 0 },
      { status: 'booked', count: 1 },
    ]);
    expect(counts.byPhase.map((phase) => [phase.phase, phase.total])).toEqual([
      ['Phase 1', 3],
      ['Phase 2', 1],
    ]);
  });

  it('when the filters are set, then only the matching plots are listed', async () => {
    const numbers = async (query: string) =>
      (await plotsOf(arjun, query)).plots.map((plot) => plot.number);
    expect(await numbers('?phase=Phase%201&status=available')).toEqual(['A-1', 'A-2']);
    expect(await numbers('?minSize=240&maxSize=300')).toEqual(['A-2', 'A-3']);
    expect(await numbers('?corner=1')).toEqual(['A-1', 'B-1']);
    expect(await numbers('?facing=north_east')).toEqual(['A-2']);
    const bad = await arjun.get('/desk/api/plots?minSize=500&maxSize=100');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: '"minSize" is above "maxSize".' });
  });

  it('when a CSV has bad rows, then each is reported with its line and reason, and nothing is imported', async () => {
    const csv = [
      'number,phase,size_sq_yd,facing,corner,price,rate_per_sq_yd',
      'C-1,Phase 3,200,East,no,,15000',
      'C-2,Phase 3,two hundred,East,no,,15000',
      'C-3,Phase 3,200,Upwards,no,,15000',
      '"C-4","Phase 3",200,East,no,,',
      'C-1,Phase 3,220,North,no,,15000',
    ].join('\n');
    const res = await importCsv(manager, csv);
    expect(res.status).toBe(400);
    const refusal = res.body as PlotImportRefusal;
    expect(refusal.error).toBe('4 rows of the CSV cannot be imported; nothing was imported.');
    expect(refusal.problems.map((problem) => problem.line)).toEqual([3, 4, 5, 6]);
    expect(refusal.problems[0]?.message).toContain('"two hundred"');
    expect(refusal.problems[1]?.message).toContain('"Upwards"');
    expect(refusal.problems[2]?.message).toBe('give a price or a rate per sq. yd.');
    expect(refusal.problems[3]?.message).toBe('plot C-1 is also on line 2.');
    expect((await plotsOf(manager)).counts.total).toBe(4);
  });

  it('when a cell the import reads holds a control character, then its row is refused naming the line and the field, and nothing is imported', async () => {
    const csv = [
      'number,phase,size_sq_yd,facing,corner,price,rate_per_sq_yd,notes',
      'Q-\u00003,Phase 3,200,East,no,,15000,',
      'Q-4,Phase\u00073,200,East,no,,15000,',
      '"Q-\n5",Phase 3,200,East,no,,15000,',
      'Q-6,Phase 3,200,East,no,"₹30,00,000\u2028",,',
      // A note over two lines, as a sheet writes one, is in a column the import does not read.
      'Q-7,Phase 3,200,East,no,,15000,"Call first,\nthen visit"',
    ].join('\n');

    const res = await importCsv(manager, csv);

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: '4 rows of the CSV cannot be imported; nothing was imported.',
      problems: [
        {
          line: 2,
          message: 'the plot number holds a control character (a NUL, a tab, a line break…).',
        },
        { line: 3, message: 'the phase holds a control character (a NUL, a tab, a line break…).' },
        {
          line: 4,
          message: 'the plot number holds a control character (a NUL, a tab, a line break…).',
        },
        { line: 6, message: 'the price holds a control character (a NUL, a tab, a line break…).' },
      ],
    });
    expect((await plotsOf(manager)).plots.map((plot) => plot.number)).toEqual([
      'A-1',
      'A-2',
      'A-3',
      'B-1',
    ]);
  });

  it('when the CSV is not CSV at all or is sent as JSON, then the refusal says so', async () => {
    const unclosed = await importCsv(
      manager,
      'number,phase,size_sq_yd,facing\n"A-9,Phase 1,200,East\n',
    );
    expect(unclosed.status).toBe(400);
    expect((unclosed.body as PlotImportRefusal).problems[0]?.message).toMatch(/not valid CSV/);
    const json = await manager.post('/desk/api/plots/import').set(SAME_ORIGIN).send({ csv: 'x' });
    expect(json.status).toBe(415);
    expect(json.body).toEqual({ error: 'Send the CSV file itself, with content-type: text/csv.' });
  });

  it('when the same inventory is imported again with new prices, then plots update by number and keep their holds', async () => {
    const a1 = await plotNamed('A-1');
    expect(
      (await arjun.post(`/desk/api/plots/${a1.id}/hold`).set(SAME_ORIGIN).send({ leadId })).status,
    ).toBe(201);
    const again = await importCsv(manager, INVENTORY.replace('"₹40,00,000"', '4100000'));
    expect(again.body).toEqual({ created: 0, updated: 4 });
    const held = await plotNamed('A-1');
    expect(held).toMatchObject({
      price: 4_100_000,
      status: 'held',
      hold: { agent: { name: 'Arjun' } },
    });
  });

  it('when two agents hold the same plot at the same moment, then one wins and the other is told who holds it', async () => {
    const otherLead = t.storeLead({ name: 'Bina' });
    const plot = await plotNamed('A-2');
    const [first, second] = await Promise.all([
      arjun.post(`/desk/api/plots/${plot.id}/hold`).set(SAME_ORIGIN).send({ leadId }),
      kiran.post(`/desk/api/plots/${plot.id}/hold`).set(SAME_ORIGIN).send({ leadId: otherLead }),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([201, 409]);
    const [won, lost] = first.status === 201 ? [first, second] : [second, first];
    const winner = (won.body as { plot: Plot }).plot.hold?.agent.name ?? '';
    expect(['Arjun', 'Kiran']).toContain(winner);
    expect((lost.body as { error: string }).error).toMatch(
      new RegExp(`^Plot A-2 is already held by ${winner} until .+ IST\\.$`),
    );
    const holds = t.store.db
      .prepare('SELECT count(*) FROM plot_holds WHERE plot_id = ? AND ended_at IS NULL')
      .pluck()
      .get(plot.id);
    expect(holds).toBe(1);
  });

  it('when a hold runs out on the clock, then the worker frees the plot once and its history says so', async () => {
    const plot = await plotNamed('A-1');
    await arjun.post(`/desk/api/plots/${plot.id}/hold`).set(SAME_ORIGIN).send({ leadId });
    t.clock.advance(47 * HOUR);
    await t.plots.drain();
    await signInAgain();
    expect((await plotNamed('A-1')).status).toBe('held');
    t.clock.advance(HOUR);
    expect(await t.plots.drain()).toBe(1);
    expect(await t.plots.drain()).toBe(0);
    await signInAgain();
    const view = (await arjun.get(`/desk/api/plots/${plot.id}`)).body as PlotView;
    expect(view.plot).toMatchObject({ status: 'available', hold: null });
    expect(view.history.map((event) => event.type)).toEqual(['imported', 'held', 'expired']);
    expect(view.history[1]).toMatchObject({
      actor: { name: 'Arjun' },
      buyer: { name: 'Asha', leadId },
    });
  });

  it('when a manager extends a hold, then it outlives its first expiry', async () => {
    const plot = await plotNamed('A-1');
    await arjun.post(`/desk/api/plots/${plot.id}/hold`).set(SAME_ORIGIN).send({ leadId });
    const extended = await manager
      .post(`/desk/api/plots/${plot.id}/hold/extend`)
      .set(SAME_ORIGIN)
      .send({ hours: 24 });
    expect(extended.status).toBe(200);
    t.clock.advance(49 * HOUR);
    await t.plots.drain();
    await signInAgain();
    expect((await plotNamed('A-1')).status).toBe('held');
    t.clock.advance(24 * HOUR);
    await t.plots.drain();
    await signInAgain();
    expect((await plotNamed('A-1')).status).toBe('available');
  });

  it('when a booking is requested and approved, then the plot is booked and the buyer becomes Booked', async () => {
    const plot = await plotNamed('B-1');
    await arjun.post(`/desk/api/plots/${plot.id}/hold`).set(SAME_ORIGIN).send({ leadId });
    const requested = await arjun.post(`/desk/api/plots/${plot.id}/booking`).set(SAME_ORIGIN);
    expect(requested.status).toBe(201);
    expect((requested.body as { plot: Plot }).plot).toMatchObject({
      status: 'booking_requested',
      hold: { agent: { id: arjunUser.id } },
      booking: { status: 'requested', requestedBy: { name: 'Arjun' } },
    });
    // The hold stays while a manager decides: its expiry passes without freeing the plot.
    t.clock.advance(49 * HOUR);
    await t.plots.drain();
    await signInAgain();
    expect((await plotNamed('B-1')).status).toBe('booking_requested');
    expect(
      (await arjun.post(`/desk/api/plots/${plot.id}/booking/approve`).set(SAME_ORIGIN)).status,
    ).toBe(403);
    const approved = await manager
      .post(`/desk/api/plots/${plot.id}/booking/approve`)
      .set(SAME_ORIGIN);
    expect(approved.status).toBe(200);
    expect((approved.body as { plot: Plot }).plot).toMatchObject({
      status: 'booked',
      hold: null,
      booking: { status: 'approved', buyer: { name: 'Asha' }, decidedBy: { name: 'Meena' } },
    });
    const lead = await arjun.get(`/desk/api/leads/${leadId}`);
    expect(lead.body).toMatchObject({ lead: { stage: 'booked' } });
    const timeline = (lead.body as { timeline: Array<{ type: string; text: string }> }).timeline;
    expect(
      timeline
        .filter((entry) => entry.type === 'plot' || entry.type === 'stage')
        .map((entry) => entry.text),
    ).toEqual([
      expect.stringMatching(/^Plot B-1 held until .+ IST$/),
      'Booking of plot B-1 requested',
      'Booking of plot B-1 approved',
      'Stage changed from New to Booked',
    ]);
    const buyerPlots = await arjun.get(`/desk/api/leads/${leadId}/plots`);
    expect((buyerPlots.body as { plots: Plot[] }).plots.map((p) => p.number)).toEqual(['B-1']);
  });

  it('when a manager refuses a booking, then the plot is held for the buyer again', async () => {
    const plot = await plotNamed('B-1');
    await arjun.post(`/desk/api/plots/${plot.id}/hold`).set(SAME_ORIGIN).send({ leadId });
    await arjun.post(`/desk/api/plots/${plot.id}/booking`).set(SAME_ORIGIN);
    const refused = await manager
      .post(`/desk/api/plots/${plot.id}/booking/refuse`)
      .set(SAME_ORIGIN)
      .send({ reason: 'Token amount not received' });
    expect(refused.status).toBe(200);
    expect((refused.body as { plot: Plot }).plot).toMatchObject({ status: 'held', booking: null });
    const view = (await arjun.get(`/desk/api/plots/${plot.id}`)).body as PlotView;
    expect(view.history.at(-1)).toMatchObject({
      type: 'refused',
      text: 'Booking refused: Token amount not received',
    });
    expect((await arjun.get(`/desk/api/leads/${leadId}`)).body).toMatchObject({
      lead: { stage: 'new' },
    });
  });

  it('when anyone sets Booked by hand, then it is refused with the reason', async () => {
    const res = await manager
      .patch(`/desk/api/leads/${leadId}`)
      .set(SAME_ORIGIN)
      .send({ stage: 'booked' });
    expect(res.status).toBe(409);
    expect((res.body as { error: string }).error).toMatch(
      /^A buyer becomes Booked when a manager approves/,
    );
  });

  it('when an agent releases a plot another agent holds, then it is refused; the holder may release it', async () => {
    const plot = await plotNamed('A-1');
    await arjun.post(`/desk/api/plots/${plot.id}/hold`).set(SAME_ORIGIN).send({ leadId });
    const other = await kiran.delete(`/desk/api/plots/${plot.id}/hold`).set(SAME_ORIGIN);
    expect(other.status).toBe(403);
    expect((other.body as { error: string }).error).toBe(
      'Plot A-1 is held by Arjun; only they or a manager can do this.',
    );
    const own = await arjun.delete(`/desk/api/plots/${plot.id}/hold`).set(SAME_ORIGIN);
    expect((own.body as { plot: Plot }).plot.status).toBe('available');
  });

  it('when a manager corrects a plot, then its facts change and its history records it', async () => {
    const plot = await plotNamed('A-2');
    const res = await manager
      .patch(`/desk/api/plots/${plot.id}`)
      .set(SAME_ORIGIN)
      .send({ sizeSqYd: 250, corner: true, ratePerSqYd: null });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'A plot needs a price or a rate per sq. yd.' });
    const fixed = await manager
      .patch(`/desk/api/plots/${plot.id}`)
      .set(SAME_ORIGIN)
      .send({ sizeSqYd: 250, corner: true });
    expect((fixed.body as { plot: Plot }).plot).toMatchObject({
      sizeSqYd: 250,
      corner: true,
      totalPrice: 4_500_000,
    });
    const view = (await manager.get(`/desk/api/plots/${plot.id}`)).body as PlotView;
    expect(view.history.at(-1)).toMatchObject({ type: 'edited', actor: { name: 'Meena' } });
  });

  it('when a plot is imported and corrected, then its history writes prices in Indian grouping, whole rupees', async () => {
    const priced = await plotNamed('A-1');
    const rated = await plotNamed('A-2');

    await manager.patch(`/desk/api/plots/${priced.id}`).set(SAME_ORIGIN).send({ price: 2_400_000 });

    const pricedView = (await manager.get(`/desk/api/plots/${priced.id}`)).body as PlotView;
    expect(pricedView.history.map((event) => event.text)).toEqual([
      'Imported: Phase 1, 200 sq. yds, east, corner, ₹40,00,000',
      'Corrected: Phase 1, 200 sq. yds, east, corner, ₹24,00,000',
    ]);
    const ratedView = (await manager.get(`/desk/api/plots/${rated.id}`)).body as PlotView;
    expect(ratedView.history[0]?.text).toBe(
      'Imported: Phase 1, 240 sq. yds, north-east, ₹18,000 per sq. yd',
    );
  });

  it('when a manager corrects a phase to text holding a control character, then it is refused naming the field', async () => {
    const plot = await plotNamed('A-2');

    const res = await manager
      .patch(`/desk/api/plots/${plot.id}`)
      .set(SAME_ORIGIN)
      .send({ phase: 'Phase\u00001' });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: '"phase" holds a control character (a NUL, a tab, a line break…).',
    });
    expect((await plotNamed('A-2')).phase).toBe('Phase 1');
  });
});
