import { randomBytes } from 'node:crypto';
import type TestAgent from 'supertest/lib/agent.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answer, startWebhookReceiver, type WebhookReceiver } from '@iconia/testkit';
import type { DeskReport, LeadView, Plot, PlotView } from '@iconia/shared';
import {
  importPlots,
  startDeskTestServer,
  SAME_ORIGIN,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';
import { indiaTimestamp } from '../format/india-day.ts';

const SIGNING_KEY = `whsec_${randomBytes(32).toString('base64')}`;

const CSV = [
  'number,phase,size_sq_yd,facing,corner,price,rate_per_sq_yd,status',
  'A-12,Phase 1,240,East,no,,18000,',
  'A-13,Phase 1,240,East,no,,18000,',
  'B-1,Phase 2,400,South,yes,,16000,booked',
].join('\n');

describe('a booked buyer’s stage and the cancellation of their booking', () => {
  let t: DeskTestServer;
  let receiver: WebhookReceiver;
  let manager: TestAgent;
  let arjun: TestAgent;
  let leadId: number;
  let ids = new Map<string, number>();
  const plotId = (number: string) => ids.get(number) ?? 0;

  const expectStatus = async (call: Promise<{ status: number }>, status: number) => {
    expect((await call).status).toBe(status);
  };
  const book = async (number: string) => {
    const id = plotId(number);
    await expectStatus(
      arjun.post(`/desk/api/plots/${id}/hold`).set(SAME_ORIGIN).send({ leadId }),
      201,
    );
    await expectStatus(arjun.post(`/desk/api/plots/${id}/booking`).set(SAME_ORIGIN), 201);
    await expectStatus(manager.post(`/desk/api/plots/${id}/booking/approve`).set(SAME_ORIGIN), 200);
  };
  const cancel = (agent: TestAgent, number: string, body: object = { reason: 'Buyer withdrew' }) =>
    agent
      .post(`/desk/api/plots/${plotId(number)}/booking/cancel`)
      .set(SAME_ORIGIN)
      .send(body);
  const leadView = async () => (await arjun.get(`/desk/api/leads/${leadId}`)).body as LeadView;

  beforeEach(async () => {
    receiver = await startWebhookReceiver({ reply: answer(200) });
    t = await startDeskTestServer({
      env: {
        WEBHOOK_URL: receiver.url,
        WEBHOOK_SECRET: SIGNING_KEY,
      },
    });
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    await t.addUser('arjun@iconia.test', 'agent', 'Arjun');
    manager = await t.signIn('meena@iconia.test');
    arjun = await t.signIn('arjun@iconia.test');
    leadId = t.storeLead({
      name: 'Asha',
      attribution: { source: 'contact-form', utm_source: 'google', utm_campaign: 'villas' },
    });
    ids = await importPlots(manager, CSV);
  });
  afterEach(async () => {
    await t.remove();
    await receiver.close();
  });

  it('when anyone changes the stage of a buyer with a booked plot, then it is refused naming the plot', async () => {
    await book('A-12');
    for (const [agent, change] of [
      [arjun, { stage: 'contacted' }],
      [manager, { stage: 'lost', lostReason: 'Bought elsewhere' }],
    ] as const) {
      const res = await agent.patch(`/desk/api/leads/${leadId}`).set(SAME_ORIGIN).send(change);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        error:
          "Plot A-12 is booked for this buyer; a manager cancels the booking on the plot's page before their stage can change.",
      });
    }
    expect((await leadView()).lead.stage).toBe('booked');
  });

  it('when a manager cancels a booking, then the plot is available, the buyer leaves Booked, both records say who and why, and the CRM is told', async () => {
    await book('A-12');

    const res = await cancel(manager, 'A-12', { reason: '  Buyer withdrew  ' });

    expect(res.status).toBe(200);
    expect((res.body as { plot: Plot }).plot).toMatchObject({
      status: 'available',
      hold: null,
      booking: null,
    });
    const view = (await arjun.get(`/desk/api/plots/${plotId('A-12')}`)).body as PlotView;
    expect(view.history.at(-1)).toMatchObject({
      type: 'booking_cancelled',
      actor: { name: 'Meena' },
      buyer: { name: 'Asha', leadId },
      text: 'Booking cancelled: Buyer withdrew; the plot is available',
    });
    const { lead, timeline } = await leadView();
    expect(lead.stage).toBe('contacted');
    expect(timeline.slice(-2).map((entry) => [entry.type, entry.actor?.name, entry.text])).toEqual([
      ['plot', 'Meena', 'Booking of plot A-12 cancelled: Buyer withdrew'],
      ['stage', 'Meena', 'Stage changed from Booked to Contacted'],
    ]);
    const exported = (await manager.get('/desk/api/plot-bookings.csv')).text.split('\r\n');
    const columns = exported[0]?.split(',') ?? [];
    const record = exported[1]?.split(',') ?? [];
    const cell = (name: string) => record[columns.indexOf(name)];
    expect([cell('status'), cell('cancelled_by'), cell('cancel_reason')]).toEqual([
      'cancelled',
      'Meena',
      'Buyer withdrew',
    ]);
    expect(cell('cancelled_at')).toBe(indiaTimestamp(t.clock.now()));
    const updated = t.store.db
      .prepare(`SELECT payload FROM deliveries WHERE kind = 'lead.updated' ORDER BY id DESC`)
      .pluck()
      .get() as string;
    expect(JSON.parse(updated)).toMatchObject({ stage: 'contacted', changed: ['stage'] });
    // Out of Booked, the buyer's stage is worked by hand again.
    await expectStatus(
      arjun
        .patch(`/desk/api/leads/${leadId}`)
        .set(SAME_ORIGIN)
        .send({ stage: 'lost', lostReason: 'Bought elsewhere' }),
      200,
    );
  });

  it('when a booking is cancelled, then the reports count it no longer', async () => {
    await book('A-12');
    const bookingsOf = async () => {
      const report = (await manager.get('/desk/api/reports?days=30')).body as DeskReport;
      return {
        campaign: report.byCampaign.find((row) => row.utmCampaign === 'villas')?.bookings,
        agents: report.bookingsByAgent.map((row) => [row.user.name, row.bookings]),
      };
    };
    expect(await bookingsOf()).toEqual({
      campaign: 1,
      agents: [['Arjun', 1]],
    });

    await expectStatus(cancel(manager, 'A-12'), 200);

    expect(await bookingsOf()).toEqual({ campaign: 0, agents: [] });
  });

  it('when one of two booked plots is cancelled, then the buyer stays Booked for the other', async () => {
    await book('A-12');
    await book('A-13');

    await expectStatus(cancel(manager, 'A-12'), 200);

    expect((await leadView()).lead.stage).toBe('booked');
    const res = await arjun
      .patch(`/desk/api/leads/${leadId}`)
      .set(SAME_ORIGIN)
      .send({ stage: 'contacted' });
    expect(res.status).toBe(409);
    expect((res.body as { error: string }).error).toMatch(/^Plot A-13 is booked for this buyer/);
  });

  it('when an agent asks to cancel a booking, or a manager gives no reason, then it is refused and the plot stays booked', async () => {
    await book('A-12');

    const byAgent = await cancel(arjun, 'A-12');
    const noReason = await cancel(manager, 'A-12', { reason: '   ' });

    expect(byAgent.status).toBe(403);
    expect(noReason.status).toBe(400);
    expect(noReason.body).toEqual({ error: '"reason" must be text of 1 to 200 characters.' });
    expect((await leadView()).lead.stage).toBe('booked');
  });

  it('when the plot is not booked through the desk, then cancelling is refused with the reason', async () => {
    const available = await cancel(manager, 'A-12');
    const imported = await cancel(manager, 'B-1');

    expect([available.status, imported.status]).toEqual([409, 409]);
    expect(available.body).toEqual({
      error: 'Plot A-12 is not booked; only an approved booking can be cancelled.',
    });
    expect(imported.body).toEqual({
      error:
        'Plot B-1 was marked booked by an import, without a booking in the desk; import it as available to free it.',
    });
  });

  it('when a buyer whose booking was cancelled is erased, then the erasure works and the reason goes with their data', async () => {
    await book('A-12');
    await expectStatus(cancel(manager, 'A-12', { reason: 'Asha moved to Pune' }), 200);

    const erased = await manager
      .post('/desk/api/erasures')
      .set(SAME_ORIGIN)
      .send({ mobile: t.store.listLeads()[0]?.mobile });

    expect(erased.status).toBe(200);
    const history = await manager.get(`/desk/api/plots/${plotId('A-12')}`);
    expect(JSON.stringify(history.body)).not.toContain('Pune');
    expect((history.body as PlotView).history.at(-1)?.text).toBe(
      'Booking cancelled; the plot is available',
    );
    expect(t.store.db.prepare('SELECT cancel_reason FROM plot_bookings').pluck().get()).toBeNull();
  });
});
