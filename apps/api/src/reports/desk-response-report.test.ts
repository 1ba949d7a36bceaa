import type TestAgent from 'supertest/lib/agent.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResponseReport } from '@iconia/shared';
import {
  SAME_ORIGIN,
  startDeskTestServer,
  type DeskTestServer,
} from '../desk/desk-test-support.ts';

const MINUTE = 60_000;

/**
 * A known afternoon (START_TIME is Saturday 21 Nov 2026, 3:45 pm IST, inside the default
 * 09:00–20:00 hours; target 5 minutes), played through the real server: routing assigns, the
 * routing worker reassigns when the target runs out, agents answer through the desk.
 */
describe('the speed-to-lead reports', () => {
  let t: DeskTestServer;
  let arjunId: number;
  let binaId: number;
  let response: ResponseReport;

  const ownerOf = (leadId: number) => t.deskStore.leadById(leadId)?.owner_name ?? null;

  async function duty(agent: TestAgent, onDuty: boolean) {
    expect((await agent.put('/desk/api/duty').set(SAME_ORIGIN).send({ onDuty })).status).toBe(200);
  }
  async function call(agent: TestAgent, leadId: number) {
    const res = await agent
      .post(`/desk/api/leads/${leadId}/contacts`)
      .set(SAME_ORIGIN)
      .send({ channel: 'call' });
    expect(res.status).toBe(201);
  }

  beforeAll(async () => {
    t = await startDeskTestServer();
    await t.addUser('meena@iconia.test', 'manager', 'Meena');
    arjunId = (await t.addUser('arjun@iconia.test', 'agent', 'Arjun')).id;
    binaId = (await t.addUser('bina@iconia.test', 'agent', 'Bina')).id;
    const arjun = await t.signIn('arjun@iconia.test');
    const bina = await t.signIn('bina@iconia.test');

    // A: the contact form, with Arjun alone on duty; he calls after 2 minutes.
    await duty(arjun, true);
    const a = t.storeLead({ kind: 'contact', attribution: { source: 'contact-form' } });
    expect(ownerOf(a)).toBe('Arjun');
    t.clock.advance(2 * MINUTE);
    await call(arjun, a);

    // B: the home page's brochure form goes to Bina in turn; she does not call, the target runs
    // out and it moves to Arjun, who calls a minute later: 6 minutes for the buyer.
    await duty(bina, true);
    const b = t.storeLead({ attribution: { source: 'inline-brochure' } });
    expect(ownerOf(b)).toBe('Bina');
    t.clock.advance(5 * MINUTE);
    await t.routingSteps.drain();
    expect(ownerOf(b)).toBe('Arjun');
    t.clock.advance(MINUTE);
    await call(arjun, b);

    // C: a Google Ads lead, Arjun alone on duty again; a stage change after 3 minutes answers it.
    await duty(bina, false);
    const c = t.storeLead({ kind: 'enquiry', origin: 'google_ads', attribution: {} });
    expect(ownerOf(c)).toBe('Arjun');
    t.clock.advance(3 * MINUTE);
    const moved = await arjun
      .patch(`/desk/api/leads/${c}`)
      .set(SAME_ORIGIN)
      .send({ stage: 'contacted' });
    expect(moved.status).toBe(200);

    const manager = await t.signIn('meena@iconia.test');
    const res = await manager.get('/desk/api/reports?days=30');
    expect(res.status).toBe(200);
    response = (res.body as { response: ResponseReport }).response;
  });
  afterAll(async () => {
    await t.remove();
  });

  it('when agents answered their buyers, then each agent’s working minutes, share within target and buyers moved away are reported', () => {
    expect(response.targetMinutes).toBe(5);
    expect(response.byAgent).toEqual([
      {
        user: { id: arjunId, name: 'Arjun' },
        buyers: 3,
        answered: 3,
        medianMinutes: 2,
        p90Minutes: 3,
        withinTargetPercent: 100,
        reassigned: 0,
      },
      {
        user: { id: binaId, name: 'Bina' },
        buyers: 1,
        answered: 0,
        medianMinutes: null,
        p90Minutes: null,
        withinTargetPercent: 0,
        reassigned: 1,
      },
    ]);
  });

  it('when buyers came from the site and Google Ads, then each origin reports the buyers’ wait to the first response', () => {
    expect(response.byOrigin).toEqual([
      {
        origin: 'google_ads',
        buyers: 1,
        answered: 1,
        medianMinutes: 3,
        p90Minutes: 3,
        withinTargetPercent: 100,
        reassigned: 0,
      },
      {
        origin: 'site',
        buyers: 2,
        answered: 2,
        medianMinutes: 2,
        p90Minutes: 6,
        withinTargetPercent: 50,
        reassigned: 1,
      },
    ]);
  });

  it('when buyers came through different forms, then each form has its row and the other channels one together', () => {
    expect(
      response.bySource.map(({ source, medianMinutes, reassigned }) => ({
        source,
        medianMinutes,
        reassigned,
      })),
    ).toEqual([
      { source: 'contact-form', medianMinutes: 2, reassigned: 0 },
      { source: 'inline-brochure', medianMinutes: 6, reassigned: 1 },
      { source: null, medianMinutes: 3, reassigned: 0 },
    ]);
  });
});
